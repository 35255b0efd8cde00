import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureReport } from '../../shared/debug-files/test-fixtures/report';
import {
  formatContextFile,
  formatFragmentsFile,
  formatManifestReport,
  formatVarsFile,
} from '../../shared/debug-files/format';
import { decodeRows } from '../../shared/history/listing-wire';
import { writeDebugFiles } from './write-debug-files';
import { HistoryIndex, historyDirFor, openHistory } from './history-index';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'eck-history-'));
});
afterEach(() => {
  chmodSync(dir, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

const at = (h: number, m: number, s: number): Date => new Date(Date.UTC(2026, 11, 1, h, m, s));

function put(name: string, text: string): void {
  writeFileSync(join(dir, name), text);
}

describe('HistoryIndex listing', () => {
  it('groups the files of the writer into snapshots, oldest first, sizes on request', () => {
    writeDebugFiles(dir, fixtureReport(), at(10, 0, 1));
    writeDebugFiles(dir, fixtureReport(), at(9, 0, 0));
    writeDebugFiles(dir, fixtureReport(), at(9, 0, 0));
    const listing = openHistory(dir, { sizes: 'context' }).listing();
    expect(listing.error).toBeNull();
    expect(listing.snapshots.map((s) => s.key)).toEqual([
      '2026-12-01-09-00-00',
      '2026-12-01-09-00-00-2',
      '2026-12-01-10-00-01',
    ]);
    const first = listing.snapshots[0];
    expect(first?.files.context?.bytes).toBe(Buffer.byteLength(fixtureReport().context));
    expect(first?.files.vars?.bytes).toBeNull(); // not stated by the first list
    expect(first?.parseState).toBe('pending');
    expect(openHistory(dir).listing().snapshots[0]?.files.context?.bytes).toBeNull(); // default: no stat
  });

  it('keeps snapshots with missing parts, and foreign names apart', () => {
    put('vars-2026-12-01-09-00-00.json', '{}');
    put('manifest-2026-12-01-09-00-01.md', '| id | status |\n|---|---|\n| a | ok |');
    put('README.txt', 'hello');
    mkdirSync(join(dir, 'old'));
    const listing = openHistory(dir, { sizes: 'all' }).listing();
    expect(listing.snapshots.map((s) => [s.key, s.missing])).toEqual([
      ['2026-12-01-09-00-00', ['context', 'fragments', 'manifest']],
      ['2026-12-01-09-00-01', ['vars', 'context', 'fragments']],
    ]);
    expect(listing.foreign.map((f) => [f.name, f.kind, f.bytes]).sort()).toEqual([
      ['README.txt', 'file', 5],
      ['old', 'directory', null],
    ]);
  });

  it('reports a missing folder as a value', () => {
    const listing = new HistoryIndex(join(dir, 'nope')).refresh();
    expect(listing).toMatchObject({
      snapshots: [],
      foreign: [],
      error: expect.stringMatching(/^folder not found/),
    });
  });

  it('opens a home by its data/eck-debug folder, and any other folder as it is', () => {
    const home = join(dir, 'home');
    mkdirSync(join(home, 'data', 'eck-debug'), { recursive: true });
    expect(historyDirFor(home)).toBe(join(home, 'data', 'eck-debug'));
    expect(historyDirFor(dir)).toBe(dir);
  });
});

describe('HistoryIndex background pass', () => {
  it('fills the columns, marks malformed files, and never breaks the list', async () => {
    writeDebugFiles(dir, fixtureReport(), at(9, 0, 0));
    put('vars-2026-12-01-09-00-05.json', '{ "chatType": ');
    put('context-2026-12-01-09-00-05.md', 'ctx');
    put('manifest-2026-12-01-09-00-06.md', 'nothing to see');
    const index = openHistory(dir);
    const progress: number[] = [];
    const filled = await index.parseInBackground({ chunkSize: 1, onProgress: (p) => progress.push(p.done) });
    expect(filled).toBe(3);
    expect(progress).toEqual([1, 2, 3]);
    const [good, badVars, badReport] = index.listing().snapshots;
    expect(good).toMatchObject({
      parseState: 'done',
      error: null,
      columns: {
        sessionType: null, // evolcore's report does not record it
        chatType: 'private',
        channel: 'aun',
        peer: 'Alice',
        sectionsLoaded: 2,
        sectionsTotal: 7,
        truncated: true,
      },
    });
    // Sizes the first list skipped come with the pass.
    expect(good?.files.vars?.bytes).toBeGreaterThan(0);
    expect(good?.files.fragments?.bytes).toBeGreaterThan(0);
    expect(good?.columns.contextBytes).toBe(Buffer.byteLength(fixtureReport().context));
    expect(badVars?.error).toMatch(/^vars-2026-12-01-09-00-05\.json: 1:\d+: malformed JSON/);
    expect(badVars?.columns.contextBytes).toBe(3);
    expect(badReport?.error).toMatch(/no section found/);
    expect(index.listing().snapshots).toHaveLength(3);
  });

  it("reads the inspector's earlier format beside evolcore's, with the same columns", async () => {
    const report = fixtureReport();
    writeDebugFiles(dir, report, at(9, 0, 0));
    // The earlier writer's four files (before docs/engine.md §14), as older homes hold them.
    put(
      'vars-2026-12-01-08-00-00.json',
      formatVarsFile(report, report.vars, () => '说明'),
    );
    put('context-2026-12-01-08-00-00.md', formatContextFile(report));
    put('fragments-2026-12-01-08-00-00.md', formatFragmentsFile(report));
    put('manifest-2026-12-01-08-00-00.md', formatManifestReport(report));
    const index = openHistory(dir);
    await index.parseInBackground();
    const [earlier, evolcore] = index.listing().snapshots;
    const shared = {
      chatType: 'private',
      channel: 'aun',
      peer: 'Alice',
      sectionsLoaded: 2,
      sectionsTotal: 7,
      truncated: true,
      contextBytes: Buffer.byteLength(report.context),
    };
    expect(earlier).toMatchObject({ error: null, columns: { ...shared, sessionType: 'main' } });
    expect(evolcore).toMatchObject({ error: null, columns: { ...shared, sessionType: null } });
  });

  it('marks an unreadable file', async () => {
    // A link to a folder reads as EISDIR; a chmod 000 file would not stop root (tests may run as root).
    mkdirSync(join(dir, 'sub'));
    symlinkSync(join(dir, 'sub'), join(dir, 'vars-2026-12-01-09-00-00.json'));
    put('manifest-2026-12-01-09-00-00.md', '| id | status |\n|---|---|\n| a | ok |');
    if (process.getuid?.() !== 0) {
      put('vars-2026-12-01-09-00-01.json', '{}');
      chmodSync(join(dir, 'vars-2026-12-01-09-00-01.json'), 0o000);
    }
    const index = openHistory(dir);
    await index.parseInBackground();
    const [linked, locked] = index.listing().snapshots;
    expect(linked?.error).toMatch(/EISDIR/);
    expect(linked?.columns.sectionsTotal).toBe(1);
    if (locked) expect(locked.error).toMatch(/EACCES/);
  });

  it('starts a fresh pass after a refresh, even while the old one is stopping', async () => {
    for (let i = 0; i < 6; i++) writeDebugFiles(dir, fixtureReport(), at(9, 0, i));
    const index = openHistory(dir);
    const first = index.parseInBackground({ chunkSize: 2 });
    expect(index.parseInBackground()).toBe(first); // joins the running pass
    index.refresh();
    const second = index.parseInBackground({ chunkSize: 2 });
    expect(second).not.toBe(first);
    await Promise.all([first, second]);
    expect(index.listing().snapshots.every((s) => s.parseState === 'done')).toBe(true);
  });

  it('stops when the folder is listed again', async () => {
    for (let i = 0; i < 10; i++) writeDebugFiles(dir, fixtureReport(), at(9, 0, i));
    const index = openHistory(dir);
    const pass = index.parseInBackground({ chunkSize: 2, onProgress: () => index.refresh() });
    expect(await pass).toBe(2);
    expect(index.listing().snapshots.every((s) => s.parseState === 'pending')).toBe(true);
  });
});

describe('HistoryIndex rows by key on the wire', () => {
  it('sends the rows asked for as they are now, in the order asked; a key gone is left out', async () => {
    writeDebugFiles(dir, fixtureReport(), at(9, 0, 0));
    writeDebugFiles(dir, fixtureReport(), at(9, 0, 1));
    put('vars-2026-12-01-09-00-05.json', '{ "chatType": ');
    const index = openHistory(dir);
    const asked = ['2026-12-01-09-00-05', '2026-12-01-09-00-00', 'nope', '2026-12-01-09-00-01'];
    const plain = (keys: readonly string[]): unknown =>
      JSON.parse(JSON.stringify(keys.map((k) => index.snapshot(k))));
    // Pending rows first, then the same keys once filled: what the pass pushes each time.
    for (const fill of [false, true]) {
      if (fill) await index.parseInBackground();
      const decoded = decodeRows(index.wireRowsOf(asked));
      if (!decoded.ok) throw new Error(decoded.error);
      expect(decoded.value.map((s) => s.parseState)).toEqual(Array(3).fill(fill ? 'done' : 'pending'));
      expect(JSON.parse(JSON.stringify(decoded.value))).toEqual(plain(asked.filter((k) => k !== 'nope')));
    }
    // Deleted since it was filled (evolcore's cleanup): not sent again as if it were there.
    for (const kind of ['vars', 'context', 'fragments', 'manifest'] as const) {
      const name = `${kind}-2026-12-01-09-00-00.${kind === 'vars' ? 'json' : 'md'}`;
      unlinkSync(join(dir, name));
      index.applyChange(name, 'unlink');
    }
    const after = decodeRows(index.wireRowsOf(asked));
    expect(after.ok && after.value.map((s) => s.key)).toEqual(['2026-12-01-09-00-05', '2026-12-01-09-00-01']);
  });
});

describe('HistoryIndex incremental updates', () => {
  it('adds and removes files as the watcher reports them', async () => {
    const index = openHistory(dir);
    const written = writeDebugFiles(dir, fixtureReport(), at(9, 0, 0));
    for (const file of written.files) index.applyChange(file.slice(dir.length + 1), 'add');
    expect(index.listing().snapshots.map((s) => [s.key, s.missing.length])).toEqual([[written.key, 0]]);
    expect(index.applyChange('.eck-tmp-1-1-vars', 'add')).toEqual({
      key: null,
      snapshot: null,
      foreign: false,
    });
    put('notes.md', 'x');
    expect(index.applyChange('notes.md', 'add').foreign).toBe(true);
    expect(index.listing().foreign.map((f) => f.name)).toEqual(['notes.md']);

    const older = writeDebugFiles(dir, fixtureReport(), at(8, 0, 0));
    index.applyChange(`vars-${older.key}.json`, 'add');
    expect(index.listing().snapshots.map((s) => s.key)).toEqual([older.key, written.key]);

    await index.parseInBackground();
    unlinkSync(join(dir, `context-${written.key}.md`));
    const change = index.applyChange(`context-${written.key}.md`, 'unlink');
    expect(change.snapshot?.missing).toEqual(['context']);
    for (const kind of ['vars', 'fragments', 'manifest'])
      index.applyChange(`${kind}-${written.key}.${kind === 'vars' ? 'json' : 'md'}`, 'unlink');
    expect(index.listing().snapshots.map((s) => s.key)).toEqual([older.key]);
    index.applyChange('notes.md', 'unlink');
    expect(index.listing().foreign).toEqual([]);
  });

  it('treats an add of a vanished file as an unlink', () => {
    const index = openHistory(dir);
    expect(index.applyChange('vars-2026-12-01-09-00-00.json', 'add')).toEqual({
      key: '2026-12-01-09-00-00',
      snapshot: null,
      foreign: false,
    });
  });
});

describe('HistoryIndex file reads and cleaning', () => {
  it('judges age by modification time by default, as cleanEckDebug does', async () => {
    const a = writeDebugFiles(dir, fixtureReport(), at(20, 0, 0));
    const b = writeDebugFiles(dir, fixtureReport(), at(20, 0, 1));
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    for (const f of a.files) utimesSync(f, twoDaysAgo, twoDaysAgo);
    // One file of b is old, but its newest file is not: the snapshot stays whole.
    utimesSync(b.files[0] as string, twoDaysAgo, twoDaysAgo);
    const index = openHistory(dir);
    expect(await index.cleanOlderThan(24)).toMatchObject({ count: 1, snapshots: [a.key], deleted: false });
  });

  it('previews the size and the oldest and newest by file time; a confirm keeps to the preview’s cutoff', async () => {
    const a = writeDebugFiles(dir, fixtureReport(), at(20, 0, 0));
    const b = writeDebugFiles(dir, fixtureReport(), at(20, 0, 1));
    const now = Date.now();
    const stamp = (files: readonly string[], hoursAgo: number): void => {
      const t = new Date(now - hoursAgo * 3_600_000);
      for (const f of files) utimesSync(f, t, t);
    };
    stamp(a.files, 30);
    stamp(b.files, 50);
    const index = openHistory(dir);
    const preview = await index.cleanOlderThan(40, { now });
    const size = b.files.reduce((sum, f) => sum + statSync(f).size, 0);
    expect(preview).toMatchObject({ count: 1, snapshots: [b.key], bytes: size });
    expect(preview.oldest?.key).toBe(b.key);
    // a becomes "older than 24 h" too, but the confirm of the 40 h preview leaves it.
    const done = await index.cleanOlderThan(24, { now, confirm: true, cutoff: preview.cutoff });
    expect(done).toMatchObject({ count: 1, snapshots: [b.key], deleted: true });
    expect(a.files.every((f) => existsSync(f))).toBe(true);
    // A cutoff later than `hours` allows is not taken: the limit stays `hours` before now.
    const later = await index.cleanOlderThan(40, { now, cutoff: now + 1 });
    expect(later.count).toBe(0);
  });

  it('reads contents lazily, and errors as values', async () => {
    const written = writeDebugFiles(dir, fixtureReport(), at(9, 0, 0)) as { files: string[]; key: string };
    put('notes.md', 'raw');
    const index = openHistory(dir);
    expect(await index.readSnapshotFile(written.key, 'context')).toMatchObject({
      ok: true,
      text: fixtureReport().context,
    });
    expect(await index.readSnapshotFile('2020-01-01-00-00-00', 'vars')).toMatchObject({ ok: false });
    expect(await index.readListedFile('notes.md')).toMatchObject({ ok: true, text: 'raw', bytes: 3 });
    expect(await index.readListedFile('../etc/passwd')).toMatchObject({ ok: false });
    unlinkSync(written.files[1] as string);
    expect(await index.readSnapshotFile(written.key, 'context')).toMatchObject({
      ok: false,
      error: /was removed/,
    });
    // The synchronous read of one snapshot (opening it) says the same.
    expect(index.readSnapshotFileNow(written.key, 'context')).toMatchObject({
      ok: false,
      error: /was removed/,
    });
    expect(index.readSnapshotFileNow(written.key, 'vars')).toMatchObject({
      ok: true,
      name: written.files[0]?.split('/').pop(),
    });
    expect(index.readSnapshotFileNow('2020-01-01-00-00-00', 'vars')).toMatchObject({ ok: false, name: null });
  });

  it('says what it would delete, and deletes only when confirmed', async () => {
    const old = writeDebugFiles(dir, fixtureReport(), at(1, 0, 0));
    const fresh = writeDebugFiles(dir, fixtureReport(), at(20, 0, 0));
    put('notes.md', 'keep me');
    const index = openHistory(dir);
    const now = at(21, 0, 0).getTime();
    const dry = await index.cleanOlderThan(10, { now, basis: 'name' });
    expect(dry).toMatchObject({ count: 1, snapshots: [old.key], deleted: false });
    expect(dry.files).toHaveLength(4);
    expect(old.files.every((f) => existsSync(f))).toBe(true);
    const done = await index.cleanOlderThan(10, { now, confirm: true, basis: 'name' });
    expect(done).toMatchObject({ count: 1, deleted: true, failed: [] });
    expect(old.files.some((f) => existsSync(f))).toBe(false);
    expect(fresh.files.every((f) => existsSync(f))).toBe(true);
    expect(existsSync(join(dir, 'notes.md'))).toBe(true);
    expect(index.listing().snapshots.map((s) => s.key)).toEqual([fresh.key]);
  });
});

describe('HistoryIndex keys with a file', () => {
  it('gives the snapshots holding a file of the kind, oldest first, or among the keys asked', () => {
    put('vars-2026-12-01-09-00-00.json', '{}');
    put('context-2026-12-01-09-00-00.md', 'a');
    put('vars-2026-12-01-08-00-00.json', '{}');
    put('context-2026-12-01-10-00-00-2.md', 'b');
    put('context-2026-12-01-10-00-00.md', 'c');
    const index = new HistoryIndex(dir);
    index.refresh();
    expect(index.keysWithFile('context')).toEqual([
      '2026-12-01-09-00-00',
      '2026-12-01-10-00-00',
      '2026-12-01-10-00-00-2',
    ]);
    expect(index.keysWithFile('vars')).toEqual(['2026-12-01-08-00-00', '2026-12-01-09-00-00']);
    expect(index.keysWithFile('context', ['2026-12-01-10-00-00-2', '2026-12-01-08-00-00', 'nope'])).toEqual([
      '2026-12-01-10-00-00-2',
    ]);
    unlinkSync(join(dir, 'context-2026-12-01-09-00-00.md'));
    index.applyChange('context-2026-12-01-09-00-00.md', 'unlink');
    expect(index.keysWithFile('context')).toEqual(['2026-12-01-10-00-00', '2026-12-01-10-00-00-2']);
  });
});
