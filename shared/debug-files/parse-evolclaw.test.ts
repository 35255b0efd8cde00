/**
 * Files in evolcore's own format (`writeDebugFiles`, `formatManifestDiagnostics` of evolclaw's
 * `src/eck/kit-renderer.ts`): written here by hand (a report cut short, as a hand edit or a
 * crash leaves it) and by our writer, which writes that format byte for byte.
 */
import { describe, expect, it } from 'vitest';
import type { SectionDebugRecord } from '../engine';
import { stubDebugRecord } from '../engine/__fixtures__/stub-report';
import { formatEvolcoreManifestReport } from './evolcore-format';
import { parseManifestReport, parseVarsFile } from './parse';
import { fixtureReport } from './test-fixtures/report';
import { parseDebugFileName } from './names';
import { snapshotColumns } from '../history/snapshot-columns';

const VARS = JSON.stringify({
  timestamp: '2026-12-01T11:40:05.123Z',
  sessionId: 'sess-9',
  params: [
    {
      name: 'chatType',
      value: 'group',
      description: '聊天类型（private=私聊 / group=群聊 / null=本地开发）',
    },
    { name: 'channel', value: 'feishu', description: '渠道类型' },
    { name: 'peerName', value: 'Bob', description: '对端显示名' },
  ],
});

const REPORT = [
  '# ECK Manifest Diagnostics',
  '',
  '- timestamp: 2026-12-01T11:40:05.130Z',
  '- sessionId: sess-9',
  '- sections total: 4',
  '- sections used: 2',
  '',
  '## Errors',
  '',
  '### peer-profile — 对端档案',
  '- status: UNRESOLVED-VARS',
  '- unresolved tokens: `{{peerKey}}`',
  '',
  '## All sections',
  '',
  '| order | id | status | type | raw path | resolved | files | used | injected |',
  '|---|---|---|---|---|---|---|---|---|',
  '| 1 | rules | OK | directory | `$KITS_RULES` | `/pkg/kits/rules` | 20 | Y | · |',
  '| 2 | identity-layer | OK | file | `$KITS_FRAGMENTS/identity.md` | `/pkg/x/identity.md` | 1 | Y | Y |',
  '| 3 | peer-profile | UNRESOLVED-VARS | file | `$RELATIONS_DIR/{{peerKey}}/profile.md` | — | 0 | · | · |',
  '| 4 | venue-client | SKIPPED(when) | file | `$KITS_DOCS/venues/client-{{clientType}}.md` | — | 0 | · | · |',
  '| 5 | extra | NO-PATH | file | `$KITS_DOCS/extra.md` | — | 0 | · | · |',
  '',
  '## Section details',
  '',
  '### rules — 核心规则',
  '- status: OK',
  '- when: `"always"` → true',
  '- needsInjection: false',
  '- file count: 20',
  '- dir overflow: 3 文件未加载（达文件数上限 20）',
  '- used in output: yes',
  '- injected as fragment: no',
  '',
  '### venue-client',
  '- status: SKIPPED(when)',
  '- when: `{"var":"clientType","neq":null}` → false',
  '',
  '### extra',
  '- status: NO-PATH',
  '- skipped: 总闸超限未加载',
  '',
].join('\n');

describe("evolclaw's debug files", () => {
  it('reads the params shape of the vars file, with its timestamp and session', () => {
    expect(parseVarsFile(VARS)).toMatchObject({
      ok: true,
      value: {
        shape: 'params',
        vars: { chatType: 'group', channel: 'feishu', peerName: 'Bob' },
        descriptions: { channel: '渠道类型' },
        recordedAt: '2026-12-01T11:40:05.123Z',
        sessionId: 'sess-9',
      },
    });
  });

  it('reads the table and completes it from the details', () => {
    const result = parseManifestReport(REPORT);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ source: 'table', sessionId: 'sess-9', manifestFile: null });
    expect(result.value.sections).toEqual([
      {
        id: 'rules',
        status: 'ok',
        pathStatus: 'ok',
        order: 1,
        whenResult: true,
        used: true,
        injected: false,
        files: 20,
        bytes: null,
        unresolved: [],
        truncated: true,
      },
      expect.objectContaining({ id: 'identity-layer', status: 'ok', injected: true, truncated: null }),
      expect.objectContaining({
        id: 'peer-profile',
        status: 'unresolved-vars',
        used: false,
        unresolved: ['{{peerKey}}'],
      }),
      expect.objectContaining({
        id: 'venue-client',
        status: 'when-false',
        pathStatus: 'skipped',
        whenResult: false,
      }),
      expect.objectContaining({ id: 'extra', status: 'over-total', pathStatus: 'skipped' }),
    ]);
  });

  it('fills the history columns from them', () => {
    const vars = parseVarsFile(VARS);
    const report = parseManifestReport(REPORT);
    if (!vars.ok || !report.ok) throw new Error('did not parse');
    expect(snapshotColumns(vars.value, report.value, 100)).toMatchObject({
      chatType: 'group',
      channel: 'feishu',
      peer: 'Bob',
      sectionsLoaded: 2,
      sectionsTotal: 5,
      truncated: true,
      recordedAt: Date.parse('2026-12-01T11:40:05.123Z'),
      // Recorded by evolclaw beside the params: the Δ follows it.
      sessionId: 'sess-9',
    });
  });

  it('reads its UTC names when told so', () => {
    expect(parseDebugFileName('vars-2026-12-01-11-40-05.json', 'utc')?.time).toBe(
      Date.UTC(2026, 11, 1, 11, 40, 5),
    );
  });
});

describe("evolcore's report as the writer prints it", () => {
  const NOW = new Date(Date.UTC(2026, 11, 1, 11, 40, 5));
  const parse = (records: readonly SectionDebugRecord[]) => {
    const result = parseManifestReport(formatEvolcoreManifestReport(records, 'sess-1', NOW));
    if (!result.ok) throw new Error(result.error);
    return result.value;
  };

  it("gives every section of the fixture the engine's status", () => {
    const report = fixtureReport();
    const parsed = parse(report.sections.map((s) => s.debug));
    expect(parsed).toMatchObject({ source: 'evolcore', sessionId: 'sess-1', manifestFile: null });
    expect(parsed.sections.map((s) => s.status)).toEqual(report.sections.map((s) => s.status));
    expect(parsed.sections.map((s) => s.id)).toEqual(report.sections.map((s) => s.id));
    expect(parsed.sections[0]).toEqual({
      id: 'rules',
      status: 'ok',
      pathStatus: 'ok',
      order: null,
      whenResult: true,
      used: true,
      injected: false,
      files: 1,
      bytes: null,
      unresolved: [],
      truncated: true,
      label: 'rules — 核心规则',
    });
    expect(parsed.sections[2]?.unresolved).toEqual(['$PERSONAL_DIR', '{{peerKey}}']);
    expect(parsed.sections[5]?.whenResult).toBeNull(); // disabled: its when was never evaluated
  });

  it('tells the sections after the total gate apart: disabled, when false, over total', () => {
    const rec = (partial: Partial<SectionDebugRecord>): SectionDebugRecord => ({
      ...stubDebugRecord('x'),
      fileCount: 0,
      used: false,
      resolveStatus: 'no-path',
      skippedByTotalCap: true,
      ...partial,
    });
    const parsed = parse([
      rec({ id: 'later-on' }),
      rec({ id: 'later-off', enabled: false, whenPassed: false }),
      rec({ id: 'later-when', whenPassed: false, when: { var: 'chatType', eq: 'group' } }),
      rec({ id: 'no-path', skippedByTotalCap: false }),
      rec({ id: 'blank', skippedByTotalCap: false, resolveStatus: 'ok', fileCount: 1, emptyContent: true }),
      rec({
        id: 'id with | bar — and dash',
        description: 'd — e',
        skippedByTotalCap: false,
        resolveStatus: 'ok',
      }),
    ]);
    expect(parsed.sections.map((s) => [s.id, s.status])).toEqual([
      ['later-on', 'over-total'],
      ['later-off', 'disabled'],
      ['later-when', 'when-false'],
      ['no-path', 'invalid'],
      ['blank', 'ok'],
      ['id with | bar', 'ok'],
    ]);
  });

  it('reads sections that share an id one by one, in render order', () => {
    const parsed = parse([
      { ...stubDebugRecord('undefined'), id: undefined },
      { ...stubDebugRecord('undefined'), id: undefined, resolveStatus: 'skipped-when', used: false },
    ]);
    expect(parsed.sections.map((s) => [s.id, s.status])).toEqual([
      ['undefined', 'ok'],
      ['undefined', 'when-false'],
    ]);
  });
});
