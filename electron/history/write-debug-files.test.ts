import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubReport } from '../../shared/engine/__fixtures__/stub-report';
import { fixtureReport } from '../../shared/debug-files/test-fixtures/report';
import { evolcoreDebugFiles } from '../../shared/debug-files/evolcore-format';
import { writeDebugFiles } from './write-debug-files';
import { debugDirOf } from './debug-dir';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'eck-debug-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const now = new Date(Date.UTC(2026, 11, 1, 19, 40, 5, 250));

describe('writeDebugFiles', () => {
  it('creates the folder and writes the four files with their names and exact contents', () => {
    const dir = debugDirOf(join(root, 'home'));
    const report = fixtureReport();
    const written = writeDebugFiles(dir, report, now);
    expect(written.key).toBe('2026-12-01-19-40-05');
    expect(written.files.map((f) => f.slice(dir.length + 1))).toEqual([
      'vars-2026-12-01-19-40-05.json',
      'context-2026-12-01-19-40-05.md',
      'fragments-2026-12-01-19-40-05.md',
      'manifest-2026-12-01-19-40-05.md',
    ]);
    const expected = evolcoreDebugFiles(report, now);
    const [vars, context, fragments, manifest] = written.files.map((f) => readFileSync(f, 'utf8'));
    expect([vars, context, fragments, manifest]).toEqual([
      expected?.vars,
      expected?.context,
      expected?.fragments,
      expected?.manifest,
    ]);
    expect(readdirSync(dir).sort()).toHaveLength(4); // no temp file left behind
  });

  it('leaves out the context and fragments files of an empty render, as evolcore does', () => {
    const written = writeDebugFiles(root, stubReport(''), now);
    expect(readdirSync(root).sort()).toEqual([
      'manifest-2026-12-01-19-40-05.md',
      'vars-2026-12-01-19-40-05.json',
    ]);
    expect(written.files).toHaveLength(2);
  });

  it('writes nothing when evolcore would throw (report.failure)', () => {
    const report = stubReport('', { failure: { code: 'when-missing', message: 'no when' } });
    expect(writeDebugFiles(join(root, 'eck-debug'), report, now)).toEqual({ files: [], key: null });
    expect(readdirSync(root)).toEqual([]);
  });

  it('gives two renders in the same second two snapshots, overwriting nothing', () => {
    const first = writeDebugFiles(root, fixtureReport(), now);
    const second = writeDebugFiles(root, { ...fixtureReport(), context: 'second' }, now);
    const third = writeDebugFiles(root, { ...fixtureReport(), context: 'third' }, now);
    expect([first.key, second.key, third.key]).toEqual([
      '2026-12-01-19-40-05',
      '2026-12-01-19-40-05-2',
      '2026-12-01-19-40-05-3',
    ]);
    expect(readdirSync(root)).toHaveLength(12);
    expect(readFileSync(first.files[1] as string, 'utf8')).toBe(fixtureReport().context);
    expect(readFileSync(second.files[1] as string, 'utf8')).toBe('second');
  });

  it('does not complete an empty render of the same second with a later context', () => {
    writeDebugFiles(root, stubReport(''), now);
    const next = writeDebugFiles(root, fixtureReport(), now);
    expect(next.key).toBe('2026-12-01-19-40-05-2');
    expect(readdirSync(root).filter((n) => n.startsWith('context-'))).toEqual([
      'context-2026-12-01-19-40-05-2.md',
    ]);
  });

  it('gives back what it placed when another writer takes the key mid-way', () => {
    // A dangling link passes the existence check (existsSync follows it) but makes `link`
    // fail with EEXIST: the same as a second process winning the race for this name.
    symlinkSync(join(root, 'nowhere'), join(root, 'context-2026-12-01-19-40-05.md'));
    const written = writeDebugFiles(root, fixtureReport(), now);
    expect(written.key).toBe('2026-12-01-19-40-05-2');
    expect(readdirSync(root).sort()).toEqual([
      'context-2026-12-01-19-40-05-2.md',
      'context-2026-12-01-19-40-05.md',
      'fragments-2026-12-01-19-40-05-2.md',
      'manifest-2026-12-01-19-40-05-2.md',
      'vars-2026-12-01-19-40-05-2.json',
    ]);
    expect(readFileSync(written.files[0] as string, 'utf8')).toContain('"params"');
  });

  it('skips a key of which any one file exists', () => {
    writeFileSync(join(root, 'fragments-2026-12-01-19-40-05.md'), 'left over');
    const written = writeDebugFiles(root, fixtureReport(), now);
    expect(written.key).toBe('2026-12-01-19-40-05-2');
    expect(readFileSync(join(root, 'fragments-2026-12-01-19-40-05.md'), 'utf8')).toBe('left over');
  });

  it('never writes through a link planted at a temp name (the names are guessable: pid, counter)', async () => {
    // A fresh module: its temp counter starts at 0, so the names it will try are known.
    vi.resetModules();
    const fresh = await import('./write-debug-files');
    const victim = join(root, 'victim.txt');
    writeFileSync(victim, 'precious');
    const dir = join(root, 'eck-debug');
    mkdirSync(dir);
    for (let n = 1; n <= 20; n++)
      for (const kind of ['vars', 'context', 'fragments', 'manifest'])
        symlinkSync(victim, join(dir, `.eck-tmp-${process.pid}-${n}-${kind}`));
    const written = fresh.writeDebugFiles(dir, fixtureReport(), now);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(written.files).toHaveLength(4);
    expect(readFileSync(written.files[0] as string, 'utf8')).toContain('"params"');
    // Only the planted links and the four files: no temp file of ours left.
    expect(readdirSync(dir).filter((n) => !n.startsWith('.eck-tmp-'))).toHaveLength(4);
    expect(readdirSync(dir).filter((n) => n.startsWith('.eck-tmp-'))).toHaveLength(80);
  });
});
