import { describe, expect, it } from 'vitest';
import { groupDebugEntries, withFile, withoutFile } from './snapshot-group';
import { snapshotColumns } from './snapshot-columns';
import { parseManifestReport, parseVarsFile } from '../debug-files/parse';
import { formatManifestReport, formatVarsFile } from '../debug-files/format';
import { fixtureReport } from '../debug-files/test-fixtures/report';

const file = (name: string, bytes: number | null = null) => ({ name, kind: 'file' as const, bytes });

describe('groupDebugEntries', () => {
  it('groups by key, sorts by time, and tolerates missing parts', () => {
    const { snapshots, foreign } = groupDebugEntries([
      file('manifest-2026-01-02-03-04-06.md'),
      file('vars-2026-01-02-03-04-05-2.json', 10),
      file('vars-2026-01-02-03-04-05.json'),
      file('context-2026-01-02-03-04-05.md', 99),
      file('fragments-2026-01-02-03-04-05.md'),
      file('manifest-2026-01-02-03-04-05.md'),
    ]);
    expect(foreign).toEqual([]);
    expect(snapshots.map((s) => s.key)).toEqual([
      '2026-01-02-03-04-05',
      '2026-01-02-03-04-05-2',
      '2026-01-02-03-04-06',
    ]);
    expect(snapshots[0]?.missing).toEqual([]);
    expect(snapshots[0]?.files.context).toEqual({ name: 'context-2026-01-02-03-04-05.md', bytes: 99 });
    expect(snapshots[1]?.missing).toEqual(['context', 'fragments', 'manifest']);
    expect(snapshots[2]?.missing).toEqual(['vars', 'context', 'fragments']);
    expect(snapshots.every((s) => s.parseState === 'pending' && s.error === null)).toBe(true);
  });

  it('lists foreign names apart and skips the writer temp files', () => {
    const { snapshots, foreign } = groupDebugEntries([
      file('notes.txt', 5),
      file('vars-2026-01-02-03-04-05.md'),
      { name: 'context-2026-01-02-03-04-05.md', kind: 'directory' },
      file('.eck-tmp-1-2-vars'),
      { name: 'vars-2026-01-02-03-04-07.json', kind: 'symlink' },
    ]);
    expect(foreign.map((f) => [f.name, f.kind])).toEqual([
      ['notes.txt', 'file'],
      ['vars-2026-01-02-03-04-05.md', 'file'],
      ['context-2026-01-02-03-04-05.md', 'directory'],
    ]);
    expect(snapshots.map((s) => s.key)).toEqual(['2026-01-02-03-04-07']);
  });

  it('adds and removes files immutably', () => {
    const [first] = groupDebugEntries([file('vars-2026-01-02-03-04-05.json')]).snapshots;
    if (!first) throw new Error('no snapshot');
    const done = { ...first, parseState: 'done' as const };
    const more = withFile(done, 'context', { name: 'context-2026-01-02-03-04-05.md', bytes: 3 });
    expect(more.missing).toEqual(['fragments', 'manifest']);
    expect(more.parseState).toBe('pending');
    expect(done.files.context).toBeUndefined();
    expect(withoutFile(more, 'vars')?.missing).toEqual(['vars', 'fragments', 'manifest']);
    expect(withoutFile(first, 'vars')).toBeNull();
  });
});

describe('snapshotColumns', () => {
  it('fills the table columns from the vars and the report', () => {
    const report = fixtureReport();
    const vars = parseVarsFile(formatVarsFile(report, {}, () => ''));
    const manifest = parseManifestReport(formatManifestReport(report));
    if (!vars.ok || !manifest.ok) throw new Error('fixture did not parse');
    expect(snapshotColumns(vars.value, manifest.value, 1234)).toEqual({
      sessionType: 'main',
      sessionInferredFrom: null,
      chatType: 'private',
      channel: 'aun',
      peer: 'Alice',
      peerKey: 'aun#alice',
      // Our own vars file records no session id beside the vars.
      sessionId: null,
      manifestFile: 'eck_manifest.json',
      sectionsLoaded: 2,
      sectionsTotal: 7,
      contextBytes: 1234,
      truncated: true,
      budgetBytes: report.totals.maxBytes,
      recordedAt: null,
    });
  });

  it('leaves unknown columns null', () => {
    expect(snapshotColumns(null, null, null)).toMatchObject({
      sessionType: null,
      sectionsLoaded: null,
      truncated: null,
      budgetBytes: null,
    });
    expect(
      snapshotColumns(
        { vars: { session: { sessionType: 'auxiliary' } }, descriptions: {}, shape: 'plain' },
        null,
        null,
      ),
    ).toMatchObject({
      sessionType: 'auxiliary',
    });
  });
});
