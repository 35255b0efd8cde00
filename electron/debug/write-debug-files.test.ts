import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureReport } from '../../shared/debug-files/test-fixtures/report';
import { parseManifestReport } from '../../shared/debug-files/parse';
import { writeDebugFiles } from './write-debug-files';
import { debugDirOf } from './debug-dir';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'eck-debug-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const now = new Date(Date.UTC(2026, 11, 1, 19, 40, 5));
const describeZh = (): string => '说明';

describe('writeDebugFiles', () => {
  it('creates the folder and writes the four files with the documented names', () => {
    const dir = debugDirOf(join(root, 'home'));
    const report = fixtureReport();
    const written = writeDebugFiles(dir, report, {}, describeZh, now);
    expect(written.key).toBe('2026-12-01-19-40-05');
    expect(written.files.map((f) => f.slice(dir.length + 1))).toEqual([
      'vars-2026-12-01-19-40-05.json',
      'context-2026-12-01-19-40-05.md',
      'fragments-2026-12-01-19-40-05.md',
      'manifest-2026-12-01-19-40-05.md',
    ]);
    expect(readFileSync(written.files[1] as string, 'utf8')).toBe(report.context);
    expect(parseManifestReport(readFileSync(written.files[3] as string, 'utf8')).ok).toBe(true);
    expect(readdirSync(dir).sort()).toHaveLength(4); // no temp file left behind
  });

  it('gives two renders in the same second two snapshots, overwriting nothing', () => {
    const first = writeDebugFiles(root, fixtureReport(), { n: 1 }, describeZh, now);
    const second = writeDebugFiles(
      root,
      { ...fixtureReport(), context: 'second' },
      { n: 2 },
      describeZh,
      now,
    );
    const third = writeDebugFiles(root, { ...fixtureReport(), context: 'third' }, { n: 3 }, describeZh, now);
    expect([first.key, second.key, third.key]).toEqual([
      '2026-12-01-19-40-05',
      '2026-12-01-19-40-05-2',
      '2026-12-01-19-40-05-3',
    ]);
    expect(readdirSync(root)).toHaveLength(12);
    expect(readFileSync(first.files[1] as string, 'utf8')).toBe(fixtureReport().context);
    expect(readFileSync(second.files[1] as string, 'utf8')).toBe('second');
  });

  it('gives back what it placed when another writer takes the key mid-way', () => {
    // A dangling link passes the existence check (existsSync follows it) but makes `link`
    // fail with EEXIST: the same as a second process winning the race for this name.
    symlinkSync(join(root, 'nowhere'), join(root, 'context-2026-12-01-19-40-05.md'));
    const written = writeDebugFiles(root, fixtureReport(), {}, describeZh, now);
    expect(written.key).toBe('2026-12-01-19-40-05-2');
    expect(readdirSync(root).sort()).toEqual([
      'context-2026-12-01-19-40-05-2.md',
      'context-2026-12-01-19-40-05.md',
      'fragments-2026-12-01-19-40-05-2.md',
      'manifest-2026-12-01-19-40-05-2.md',
      'vars-2026-12-01-19-40-05-2.json',
    ]);
    expect(readFileSync(written.files[0] as string, 'utf8')).toContain('"value"');
  });

  it('skips a key of which any one file exists', () => {
    writeFileSync(join(root, 'fragments-2026-12-01-19-40-05.md'), 'left over');
    const written = writeDebugFiles(root, fixtureReport(), {}, describeZh, now);
    expect(written.key).toBe('2026-12-01-19-40-05-2');
    expect(readFileSync(join(root, 'fragments-2026-12-01-19-40-05.md'), 'utf8')).toBe('left over');
  });
});
