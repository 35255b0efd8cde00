import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEBUG_FILE_KINDS, debugFileName } from '../../shared/debug-files/names';
import { APP_ROOT } from '../services/app-paths';
import { debugDirOf } from '../history/debug-dir';
import { ArchiveStore } from './archive-store';
import { importEckDebug } from './import-eck-debug';
import { generatedSnapshot, keyAt, writeSnapshot, type SnapshotFiles } from './test-support/archive-fixtures';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-archive-import-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;

/** A home with `n` generated snapshots; snapshot i's files are `i` minutes old at `now`. */
function homeWith(
  n: number,
  now = Date.now(),
): { home: string; debug: string; files: Map<string, SnapshotFiles> } {
  const home = tempDir();
  const debug = debugDirOf(home);
  const files = new Map<string, SnapshotFiles>();
  for (let i = 0; i < n; i++) {
    const { key } = keyAt(i);
    const f = generatedSnapshot(i);
    writeSnapshot(debug, key, f, now - (n - i) * 60_000);
    files.set(key, f);
  }
  return { home, debug, files };
}

/** The bytes of every file of the snapshots. */
function totalBytes(files: ReadonlyMap<string, SnapshotFiles>): number {
  let n = 0;
  for (const f of files.values()) for (const b of Object.values(f)) n += (b as Buffer).length;
  return n;
}

/** Every archived file equals the file it was copied from. */
function expectFaithful(store: ArchiveStore, files: ReadonlyMap<string, SnapshotFiles>): void {
  for (const s of store.list()) {
    const source = files.get(s.key);
    expect(source, s.key).toBeDefined();
    for (const kind of s.kinds)
      expect(store.readFile(s.key, kind)?.equals(source?.[kind] as Buffer)).toBe(true);
  }
}

/** evolcore's `cleanEckDebug`: every file older than 24 hours goes (stat, then unlink). */
async function cleanEckDebug(dir: string, now: number): Promise<number> {
  let removed = 0;
  for (const name of await fs.promises.readdir(dir)) {
    const file = path.join(dir, name);
    try {
      if ((await fs.promises.stat(file)).mtimeMs < now - DAY) {
        await fs.promises.unlink(file);
        removed++;
      }
    } catch {
      // Gone already.
    }
  }
  return removed;
}

describe('importing eck-debug into the archive', () => {
  it('lists every key once with all its files, suffixed keys apart, old ones counted only', async () => {
    const home = tempDir();
    const debug = debugDirOf(home);
    const base = keyAt(100).key;
    const old = keyAt(0).key;
    // "-07" has no key code (a leading zero) and "-7" has one: two keys, each with its own files.
    const keys = [base, `${base}-7`, `${base}-07`, `${base}-999999`];
    const files = new Map<string, SnapshotFiles>();
    keys.forEach((key, i) => {
      const f = generatedSnapshot(i);
      // The last two hold only some kinds: each key's kinds are its own.
      const some = i < 2 ? f : { vars: f.vars as Buffer, manifest: f.manifest as Buffer };
      writeSnapshot(debug, key, some, Date.UTC(2026, 0, 2));
      files.set(key, some);
    });
    writeSnapshot(debug, old, generatedSnapshot(9), Date.UTC(2026, 0, 2));
    fs.writeFileSync(path.join(debug, `context-${base}.md.tmp-1`), 'half');
    const store = ArchiveStore.openWriter(path.join(tempDir(), 'archive'));
    const counts = await importEckDebug({
      debugDir: debug,
      store,
      settleMs: 0,
      keepFrom: keyAt(50).time,
      now: () => Date.UTC(2026, 0, 3),
    });
    expect(counts).toMatchObject({ listed: 5, tooOld: 1, archived: 4, bytesRead: totalBytes(files) });
    expect(
      store
        .list()
        .map((s) => [s.key, [...s.kinds].sort()])
        .sort(),
    ).toEqual(keys.map((k) => [k, Object.keys(files.get(k) ?? {}).sort()]).sort());
    expectFaithful(store, files);
    store.close();
  });

  it('copies each snapshot once: a second run copies nothing and adds no byte', async () => {
    const { home, debug, files } = homeWith(30);
    const store = ArchiveStore.openWriter(path.join(tempDir(), 'archive'));
    const first = await importEckDebug({ debugDir: debug, store, settleMs: 0 });
    expect(first).toMatchObject({ listed: 30, archived: 30, already: 0, vanishedFiles: 0 });
    const size = store.stats();
    const second = await importEckDebug({ debugDir: debug, store, settleMs: 0 });
    expect(second).toMatchObject({ listed: 30, archived: 0, completed: 0, already: 30 });
    expect(store.stats()).toEqual(size);
    expectFaithful(store, files);
    store.close();
    // Only read: the home holds what it held.
    expect(fs.readdirSync(home).sort()).toEqual(['data']);
    expect(fs.readdirSync(debug).length).toBe(
      [...files.values()].reduce((n, f) => n + Object.keys(f).length, 0),
    );
  });

  it('lists a folder of more entries than one read of it holds: every snapshot with its own kinds, oldest first', async () => {
    const debug = path.join(tempDir(), 'eck-debug');
    fs.mkdirSync(debug, { recursive: true });
    const n = 1500; // 4,875 entries: more than one batch of the streamed listing (4,096).
    const kindsOf = (i: number): typeof DEBUG_FILE_KINDS =>
      DEBUG_FILE_KINDS.filter((_k, b) => b === 0 || (i + b) % 3 !== 0);
    // Written in a shuffled order, so the folder's own order is not the order of time.
    const order = Array.from({ length: n }, (_, i) => (i * 7919) % n);
    const old = Date.now() - DAY;
    for (const i of order) {
      const { key } = keyAt(i);
      const files = Object.fromEntries(kindsOf(i).map((k) => [k, Buffer.from(`${k} of ${i}\n`)]));
      writeSnapshot(debug, key, files, old);
    }
    // Neither a temp file of the writer nor a foreign name is a snapshot.
    fs.writeFileSync(path.join(debug, '.eck-tmp-vars-x.json'), 'half');
    fs.writeFileSync(path.join(debug, 'notes.txt'), 'mine');
    const store = ArchiveStore.openWriter(path.join(tempDir(), 'archive'));
    // Stopped after the first batch: what it archived must be the oldest snapshots.
    const first = await importEckDebug({
      debugDir: debug,
      store,
      settleMs: 0,
      batchSnapshots: 100,
      stopped: () => store.size >= 100,
    });
    expect(first.listed).toBe(n);
    const oldest = Array.from({ length: store.size }, (_, i) => keyAt(i).key);
    expect(store.size).toBeGreaterThanOrEqual(100);
    expect(store.list().map((s) => s.key)).toEqual(oldest);
    const rest = await importEckDebug({ debugDir: debug, store, settleMs: 0 });
    expect(rest).toMatchObject({
      listed: n,
      archived: n - oldest.length,
      already: oldest.length,
      refusedCount: 0,
    });
    for (let i = 0; i < n; i++) {
      const { key } = keyAt(i);
      expect(store.kindsOf(key), key).toEqual(kindsOf(i));
      for (const k of kindsOf(i)) expect(store.readFile(key, k)?.toString()).toBe(`${k} of ${i}\n`);
    }
    store.close();
  });

  it('leaves a snapshot still being written for the next run, and adds files that came late', async () => {
    const now = Date.now();
    const debug = path.join(tempDir(), 'eck-debug');
    const f = generatedSnapshot(1);
    const { key } = keyAt(1);
    // evolcore has written the vars file only, just now.
    writeSnapshot(debug, key, { vars: f.vars as Buffer }, now);
    const store = ArchiveStore.openWriter(path.join(tempDir(), 'archive'));
    const early = await importEckDebug({ debugDir: debug, store, settleMs: 2000, now: () => now });
    expect(early).toMatchObject({ listed: 1, archived: 0, unsettled: 1 });
    expect(store.size).toBe(0);
    // Imported by a run that did not wait (settle 0): the vars alone are archived.
    await importEckDebug({ debugDir: debug, store, settleMs: 0, now: () => now });
    expect(store.kindsOf(key)).toEqual(['vars']);
    // The other files arrive; the next run completes the snapshot, the vars are not copied again.
    writeSnapshot(debug, key, f, now - 10_000);
    const late = await importEckDebug({ debugDir: debug, store, settleMs: 2000, now: () => now });
    expect(late).toMatchObject({ archived: 0, completed: 1 });
    expect(store.kindsOf(key)).toEqual(DEBUG_FILE_KINDS.filter((k) => f[k] !== undefined));
    expectFaithful(store, new Map([[key, f]]));
    store.close();
  });

  it("runs while evolcore's cleanup deletes the old files: no error, nothing wrong, nothing twice", async () => {
    const now = Date.now();
    const n = 120;
    // The older half is past 24 hours: the cleanup takes those while the import runs.
    const { debug, files } = homeWith(n, now);
    for (let i = 0; i < n / 2; i++)
      for (const kind of DEBUG_FILE_KINDS) {
        const file = path.join(debug, debugFileName(kind, keyAt(i).key));
        if (fs.existsSync(file)) fs.utimesSync(file, (now - 2 * DAY) / 1000, (now - 2 * DAY) / 1000);
      }
    const totalFiles = fs.readdirSync(debug).length;
    const store = ArchiveStore.openWriter(path.join(tempDir(), 'archive'));
    const [counts, removed] = await Promise.all([
      importEckDebug({ debugDir: debug, store, settleMs: 0, batchSnapshots: 7 }),
      cleanEckDebug(debug, now),
    ]);
    expect(removed).toBeGreaterThan(0);
    expect(counts.listed).toBe(n);
    // Every file was either copied or seen gone; none was copied that was not there.
    const archivedFiles = store.list().reduce((sum, s) => sum + s.kinds.length, 0);
    expect(archivedFiles + counts.vanishedFiles).toBe(totalFiles);
    expectFaithful(store, files);
    // The newer half was never deleted: all of it is archived whole.
    for (let i = n / 2; i < n; i++)
      expect(store.kindsOf(keyAt(i).key).length).toBe(
        Object.keys(files.get(keyAt(i).key) as SnapshotFiles).length,
      );
    // Again, with the cleanup done: nothing more, nothing twice.
    const size = store.stats();
    const again = await importEckDebug({ debugDir: debug, store, settleMs: 0 });
    expect(again.archived + again.completed).toBe(0);
    expect(store.stats()).toEqual(size);
    store.close();
  });

  it('skips a file deleted between the listing and its read, and keeps the rest of its snapshot', async () => {
    const { debug, files } = homeWith(10);
    const store = ArchiveStore.openWriter(path.join(tempDir(), 'archive'));
    const gone = keyAt(3).key;
    const counts = await importEckDebug({
      debugDir: debug,
      store,
      settleMs: 0,
      onListed: async () => {
        await fs.promises.unlink(path.join(debug, debugFileName('context', gone)));
        for (const kind of DEBUG_FILE_KINDS)
          await fs.promises.rm(path.join(debug, debugFileName(kind, keyAt(4).key)), { force: true });
      },
    });
    const expectedGone = 1 + Object.keys(files.get(keyAt(4).key) as SnapshotFiles).length;
    expect(counts).toMatchObject({ listed: 10, archived: 9, vanishedFiles: expectedGone });
    expect(store.kindsOf(gone)).not.toContain('context');
    expect(store.kindsOf(gone)).toContain('vars');
    expect(store.get(keyAt(4).key)).toBeNull();
    expectFaithful(store, files);
    store.close();
  });

  it('is killed (SIGKILL) mid-import, then run again: nothing lost, nothing twice', async () => {
    const n = 150;
    const { home, debug, files } = homeWith(n);
    const dir = path.join(tempDir(), 'archive');
    // `node --import tsx`, not the tsx binary: that one runs the script in a child of its own,
    // which a SIGKILL of the wrapper would leave running.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'test-support', 'import-child.ts'), home, dir],
      { cwd: APP_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    // Killed once the first batches are in: mid-way through the import, at no chosen byte.
    const index = path.join(dir, 'index-1.log');
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (fs.existsSync(index) && fs.statSync(index).size > 20_000) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // The lock of the dead writer is taken over; what it committed is whole.
    const store = ArchiveStore.openWriter(dir);
    const before = store.size;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(n);
    expectFaithful(store, files);
    const rest = await importEckDebug({ debugDir: debug, store, settleMs: 0 });
    // A record holds every file read of its snapshot: none was left half-archived.
    expect(rest).toMatchObject({ archived: n - before, completed: 0, already: before });
    expect(store.size).toBe(n);
    const raw = [...files.values()].reduce(
      (sum, f) => sum + Object.values(f).reduce((m, b) => m + b.length, 0),
      0,
    );
    expect(store.stats().rawBytes).toBe(raw);
    expectFaithful(store, files);
    store.close();
  }, 30_000);
});
