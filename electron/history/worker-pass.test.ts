/**
 * The background pass with a real pass worker thread (pass-worker.ts through tsx): the rows it
 * fills are the in-thread pass's, a snapshot the watcher changed while its batch was out is
 * read again, Stop stops, and a worker that cannot start leaves the in-thread pass to do it all.
 */
import {
  mkdirSync,
  readdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureReport } from '../../shared/debug-files/test-fixtures/report';
import {
  formatContextFile,
  formatFragmentsFile,
  formatManifestReport,
  formatVarsFile,
} from '../../shared/debug-files/format';
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import type { SnapshotSummary } from '../../shared/history/history-types';
import { DEBUG_FILE_KINDS } from '../../shared/debug-files/names';
import type { DebugFileKind } from '../../shared/debug-files/names';
import type { ArchiveReader } from './archive-rows';
import { writeDebugFiles } from './write-debug-files';
import { openHistory } from './history-index';
import { HistoryService, SAVE_AFTER_MS } from './history-service';
import { decodeRows } from '../../shared/history/listing-wire';
import { PASS_THREAD_IDLE_MS, PassWorker, PassWorkers } from './pass-worker-client';
import { packPassBatch, readPassBatch, resultsOf } from './pass-batch';
import type { PassReader } from './pass-worker-client';
import { BACKGROUND_NICE, lowerThreadPriority } from './thread-nice';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'eck-pass-worker-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const worker = new PassWorker();
afterAll(() => worker.close());

const at = (s: number): Date => new Date(Date.UTC(2026, 11, 1, 9, 0, s));

function put(name: string, text: string): void {
  writeFileSync(join(dir, name), text);
}

/** The worker, counting the snapshots it was asked to read (by key). */
function counted(inner: PassReader): { reader: PassReader; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    reader: {
      read: (d, snapshots) => {
        asked.push(...snapshots.map((s) => s.key));
        return inner.read(d, snapshots);
      },
    },
  };
}

/** A guess for evolcore-format snapshots: the fixture's sections are the `main` session's. */
const guess: SessionGuess = (ids) =>
  ids.length > 0 ? { sessionType: 'main', manifestFile: 'm.json' } : null;

/** A folder with every kind of snapshot the pass meets. */
function varied(): void {
  const report = fixtureReport();
  for (let s = 0; s < 5; s++) writeDebugFiles(dir, report, at(s));
  // The earlier format, which records its session type.
  put(
    'vars-2026-12-01-08-00-00.json',
    formatVarsFile(report, report.vars, () => '说明'),
  );
  put('context-2026-12-01-08-00-00.md', formatContextFile(report));
  put('fragments-2026-12-01-08-00-00.md', formatFragmentsFile(report));
  put('manifest-2026-12-01-08-00-00.md', formatManifestReport(report));
  put('vars-2026-12-01-09-01-00.json', '{ "chatType": ');
  put('context-2026-12-01-09-01-00.md', 'ctx');
  put('manifest-2026-12-01-09-01-01.md', 'nothing to see');
  mkdirSync(join(dir, 'sub'));
  symlinkSync(join(dir, 'sub'), join(dir, 'vars-2026-12-01-09-01-02.json'));
}

describe('the index pass through the pass worker', () => {
  it('fills the same rows as the in-thread pass, read by the worker', async () => {
    varied();
    const inThread = openHistory(dir);
    await inThread.parseInBackground({ sessionGuess: () => guess });
    const { reader, asked } = counted(worker);
    const offThread = openHistory(dir);
    const filled = await offThread.parseInBackground({ reader, sessionGuess: () => guess, chunkSize: 3 });
    const rows = offThread.listing().snapshots;
    expect(filled).toBe(rows.length);
    expect(asked.sort()).toEqual(rows.map((s) => s.key).sort()); // every one read by the worker
    expect(rows).toEqual(inThread.listing().snapshots);
    expect(offThread.pendingCount()).toBe(0);
    // The guess was applied on the main thread, and only where the files record no session.
    const byKey = new Map(rows.map((s) => [s.key, s]));
    expect(byKey.get('2026-12-01-09-00-00')?.columns).toMatchObject({
      sessionType: 'main',
      sessionInferredFrom: 'm.json',
    });
    expect(byKey.get('2026-12-01-08-00-00')?.columns.sessionInferredFrom).toBeNull();
    expect(byKey.get('2026-12-01-09-01-00')?.error).toMatch(/malformed JSON/);
    expect(byKey.get('2026-12-01-09-01-02')?.error).toMatch(/EISDIR/);
  });

  it('reads files up to the answer cap within its thread limits (a small young generation), not failing', async () => {
    const report = fixtureReport();
    // A vars file just under the 2 MB every read is capped at, with a value as long as it.
    const vars = { ...report.vars, notes: 'x'.repeat(2 * 1024 * 1024 - 64 * 1024) };
    for (let s = 0; s < 3; s++) writeDebugFiles(dir, { ...report, vars }, at(s));
    const fresh = new PassWorker();
    try {
      const inThread = openHistory(dir);
      await inThread.parseInBackground({});
      const offThread = openHistory(dir);
      await offThread.parseInBackground({ reader: fresh });
      expect(fresh.failed).toBe(false);
      const rows = offThread.listing().snapshots;
      expect(rows.map((r) => r.error)).toEqual([null, null, null]);
      expect(rows).toEqual(inThread.listing().snapshots);
    } finally {
      await fresh.close();
    }
  });

  it.runIf(process.platform === 'linux')(
    'reads at a lower priority than the rest of the app: its thread niced, the main thread not',
    async () => {
      writeDebugFiles(dir, fixtureReport(), at(0));
      // The threads niced now, by id: another test's idle thread may end meanwhile, so a count
      // of them could stay the same while a new one was niced.
      const niced = (): Set<string> =>
        new Set(
          readdirSync('/proc/self/task').filter((t) => {
            try {
              // Field 19 of stat is the nice value; the name before it may hold spaces, so count from ')'.
              const stat = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
              return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === BACKGROUND_NICE;
            } catch {
              return false; // ended while listed
            }
          }),
        );
      const before = niced();
      const fresh = new PassWorker();
      try {
        await openHistory(dir).parseInBackground({ reader: fresh });
        expect(fresh.failed).toBe(false);
        expect([...niced()].filter((t) => !before.has(t))).toHaveLength(1);
        expect(os.getPriority(process.pid)).toBe(0);
        // On the main thread it does nothing: its id is the process's, and would lower them all.
        expect(lowerThreadPriority()).toBe(false);
        expect(os.getPriority(process.pid)).toBe(0);
      } finally {
        await fresh.close();
      }
    },
  );

  it('spreads the batches over several threads with the same rows', async () => {
    varied();
    const inThread = openHistory(dir);
    await inThread.parseInBackground({ sessionGuess: () => guess });
    const pool = new PassWorkers(2);
    const { reader, asked } = counted(pool);
    const index = openHistory(dir);
    try {
      await index.parseInBackground({
        reader: { read: reader.read, threads: pool.threads },
        chunkSize: 2,
        sessionGuess: () => guess,
      });
    } finally {
      await pool.close();
    }
    expect(asked).toHaveLength(index.listing().snapshots.length);
    expect(index.listing().snapshots).toEqual(inThread.listing().snapshots);
  });

  it('reads a snapshot again when the watcher changed it between its batch and the answer', async () => {
    const { key } = writeDebugFiles(dir, fixtureReport(), at(0));
    if (key === null) throw new Error('the fixture was not written');
    writeDebugFiles(dir, fixtureReport(), at(1));
    const index = openHistory(dir);
    const varsName = `vars-${key}.json`;
    const asked: string[] = [];
    let changed = false;
    const reader: PassReader = {
      read: async (d, snapshots) => {
        asked.push(...snapshots.map((s) => s.key));
        const results = await worker.read(d, snapshots); // read before the change
        if (!changed) {
          changed = true;
          // Same size, other peer: only the watcher's word tells the row changed.
          const text = readFileSync(join(dir, varsName), 'utf8');
          expect(text).toContain('"Alice"');
          put(varsName, text.replace('"Alice"', '"Bobby"'));
          index.applyChange(varsName, 'add');
        }
        return results;
      },
    };
    await index.parseInBackground({ reader });
    const rows = new Map(index.listing().snapshots.map((s) => [s.key, s]));
    expect(rows.get(key)?.columns.peer).toBe('Bobby');
    expect(rows.get(key)?.parseState).toBe('done');
    expect(asked.filter((k) => k === key)).toHaveLength(2);
    expect(index.pendingCount()).toBe(0);
  });

  it('stops when asked, leaving the rest pending for the next pass', async () => {
    for (let s = 0; s < 10; s++) writeDebugFiles(dir, fixtureReport(), at(s));
    const index = openHistory(dir);
    const stop = new AbortController();
    const updated: string[] = [];
    const filled = await index.parseInBackground({
      reader: worker,
      chunkSize: 2,
      signal: stop.signal,
      onProgress: (p) => {
        updated.push(...p.updated);
        stop.abort();
      },
    });
    expect(filled).toBe(2);
    expect(index.pendingCount()).toBe(8);
    // Newest first, as the in-thread pass.
    expect(updated).toEqual(['2026-12-01-09-00-09', '2026-12-01-09-00-08']);
    expect(await index.parseInBackground({ reader: worker })).toBe(8);
    expect(index.pendingCount()).toBe(0);
  });

  it('stops when the folder is listed again, writing nothing read from the old listing', async () => {
    for (let s = 0; s < 10; s++) writeDebugFiles(dir, fixtureReport(), at(s));
    const index = openHistory(dir);
    const pass = index.parseInBackground({ reader: worker, chunkSize: 2, onProgress: () => index.refresh() });
    expect(await pass).toBe(2);
    expect(index.pendingCount()).toBe(10);
  });

  it("reads the archive's copy of a file gone from the folder, and archive-only rows, as the in-thread pass", async () => {
    const keys = [0, 1, 2].map((s) => writeDebugFiles(dir, fixtureReport(), at(s)).key as string);
    // The archive holds all three, and one the folder lost long ago.
    const files = new Map<string, Partial<Record<DebugFileKind, string>>>();
    for (const k of keys) files.set(k, { vars: readFileSync(join(dir, `vars-${k}.json`), 'utf8') });
    files.set('2026-12-01-08-00-00', { vars: JSON.stringify({ chatType: 'group' }) });
    const archive: ArchiveReader = {
      list: () =>
        [...files].map(([key, f]) => ({ key, kinds: DEBUG_FILE_KINDS.filter((k) => f[k] !== undefined) })),
      fileSize: (key, kind) => {
        const text = files.get(key)?.[kind];
        return text === undefined ? null : Buffer.byteLength(text);
      },
      readFile: (key, kind) => {
        const text = files.get(key)?.[kind];
        return text === undefined ? null : Buffer.from(text);
      },
    };
    const open = () => {
      const index = openHistory(dir);
      index.attachArchive(archive);
      return index;
    };
    const inThread = open();
    const index = open();
    // Gone after the listing, before the pass, without a word from the watcher.
    unlinkSync(join(dir, `vars-${keys[1] as string}.json`));
    await inThread.parseInBackground();
    const { reader, asked } = counted(worker);
    await index.parseInBackground({ reader });
    expect(asked.sort()).toEqual([...keys].sort()); // the archive-only row is read here
    expect(index.listing().snapshots).toEqual(inThread.listing().snapshots);
    const gone = index.snapshot(keys[1] as string);
    expect(gone?.error).toBeNull(); // the archive's copy, not "file vanished"
    expect(gone?.columns.peer).toBe('Alice');
    expect(index.snapshot('2026-12-01-08-00-00')?.columns.chatType).toBe('group');
  });

  it('is how the History service fills its rows, pushed to the window as they come', async () => {
    const home = join(dir, 'home');
    const debug = join(home, 'data', 'eck-debug');
    mkdirSync(debug, { recursive: true });
    for (let s = 0; s < 4; s++) writeDebugFiles(debug, fixtureReport(), at(s));
    const { reader, asked } = counted(worker);
    const pushed: SnapshotSummary[] = [];
    const service = new HistoryService({
      home: () => home,
      emit: (event, payload) => {
        if (event !== 'onDidChangeHistory' || !('upserts' in payload)) return;
        const rows = decodeRows(payload.upserts);
        if (rows.ok) pushed.push(...rows.value);
      },
      watchFolders: false,
      passReader: reader,
    });
    expect(service.listing().snapshots).toHaveLength(4);
    for (let i = 0; i < 200 && (service.indexing().pending > 0 || pushed.length < 4); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(asked).toHaveLength(4);
    expect(pushed.map((s) => [s.parseState, s.columns.peer])).toEqual(Array(4).fill(['done', 'Alice']));
    await service.close();
  });

  it('reads on the main thread what a reader answers without reading, instead of asking forever', async () => {
    for (let s = 0; s < 3; s++) writeDebugFiles(dir, fixtureReport(), at(s));
    let asked = 0;
    const index = openHistory(dir);
    const filled = await index.parseInBackground({
      reader: {
        read: () => {
          asked++;
          return Promise.resolve([]);
        },
      },
    });
    expect(filled).toBe(3);
    expect(asked).toBe(1);
    expect(
      index.listing().snapshots.every((s) => s.parseState === 'done' && s.columns.peer === 'Alice'),
    ).toBe(true);
  });

  it('reads on the main thread, saying so once, when the worker cannot start', async () => {
    varied();
    const said: string[] = [];
    // Two threads, as a machine with more cores has: the same failure is said once.
    const broken = new PassWorkers(2, { file: join(dir, 'no-such-worker.mjs'), typescript: false }, (m) =>
      said.push(m),
    );
    const inThread = openHistory(dir);
    await inThread.parseInBackground({ sessionGuess: () => guess });
    const index = openHistory(dir);
    const filled = await index.parseInBackground({ reader: broken, sessionGuess: () => guess });
    expect(filled).toBe(index.listing().snapshots.length);
    expect(index.listing().snapshots).toEqual(inThread.listing().snapshots);
    index.refresh();
    await index.parseInBackground({ reader: broken });
    expect(index.pendingCount()).toBe(0);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/main thread/);
    await broken.close();
  });

  it('ends an idle thread before the index is saved, and starts one again for the next batch', async () => {
    // The save waits for the threads' heaps to be gone (pass-worker-client.ts PASS_THREAD_IDLE_MS).
    expect(PASS_THREAD_IDLE_MS).toBeLessThan(SAVE_AFTER_MS);
    writeDebugFiles(dir, fixtureReport(), at(0));
    const quick = new PassWorker(undefined, undefined, 100);
    try {
      expect(quick.running).toBe(false);
      await openHistory(dir).parseInBackground({ reader: quick });
      expect(quick.running).toBe(true);
      await new Promise((r) => setTimeout(r, 600));
      expect(quick.running).toBe(false);
      writeDebugFiles(dir, fixtureReport(), at(1));
      const again = openHistory(dir);
      await again.parseInBackground({ reader: quick });
      expect(quick.failed).toBe(false);
      expect(again.listing().snapshots.map((s) => s.parseState)).toEqual(['done', 'done']);
    } finally {
      await quick.close();
    }
  });

  it('answers a batch packed, its rows made only when the pass takes them, the buffer given back', async () => {
    for (let s = 0; s < 3; s++) writeDebugFiles(dir, fixtureReport(), at(s));
    const index = openHistory(dir);
    const items = index.listing().snapshots.map((s) => ({ key: s.key, files: s.files }));
    const answer = await worker.read(dir, items);
    // No rows yet: one buffer moved from the thread (pass-batch.ts PackedPassBatch).
    if (!('packed' in answer)) throw new Error('the worker answered rows, not a packed batch');
    expect(answer.packed).toBeInstanceOf(ArrayBuffer);
    const given: ArrayBuffer[] = [];
    const results = resultsOf({ ...answer, giveBack: (b) => given.push(b) });
    expect(results).toEqual(readPassBatch({ id: 0, dir, snapshots: items }));
    expect(given).toEqual([answer.packed]);
  });

  it('packs into the buffer given back when the batch fits, and into a new one when not', () => {
    writeDebugFiles(dir, fixtureReport(), at(0));
    const items = openHistory(dir)
      .listing()
      .snapshots.map((s) => ({ key: s.key, files: s.files }));
    const results = readPassBatch({ id: 0, dir, snapshots: items });
    const roomy = new ArrayBuffer(1 << 20);
    const packed = packPassBatch(results, roomy);
    expect(packed.packed).toBe(roomy);
    const small = new ArrayBuffer(8);
    const other = packPassBatch(results, small);
    expect(other.packed).not.toBe(small);
    for (const p of [packed, other]) expect(resultsOf({ ...p, giveBack: () => undefined })).toEqual(results);
  });
});
