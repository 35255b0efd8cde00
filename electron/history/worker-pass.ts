/**
 * The background pass with its reading off the main thread: batches of pending snapshots go to
 * the pass worker (pass-worker-client.ts), and the main thread only writes the rows it gets
 * back, so it needs no rests between slices and the pass runs at the reader's full speed.
 *
 * Read "as it is now", as the in-thread pass is: a row is written only if it is still pending
 * and the watcher did not touch it since its batch was sent; a touched one stays pending and
 * goes out in the next round.
 */
import type { SnapshotSummary } from '../../shared/history/history-types';
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import type { SnapshotColumns } from '../../shared/history/history-columns';
import { filesWithBytes, guessedColumns, resultsOf } from './pass-batch';
import type { PassBatchAnswer, PassBatchItem, PassBatchResult } from './pass-batch';
import type { PassReader } from './pass-worker-client';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

/** What the pass needs of the index (history-index.ts builds it over its folder rows). */
export interface WorkerPassTarget {
  readonly dir: string;
  /** `false` once the pass must end: stopped, or the folder was listed again. */
  live(): boolean;
  /** The folder's pending snapshot keys, newest first. */
  pendingNewestFirst(): string[];
  /** The folder's row of `key` (not an archive-only one). */
  row(key: string): SnapshotSummary | undefined;
  /** A mark of the watcher's changes so far. */
  mark(): number;
  /** The watcher changed `key`'s row after `mark` was taken. */
  changedSince(key: string, mark: number): boolean;
  /**
   * What to send the worker for `key`: its listed files, and the stamp the saved index holds for
   * them if it does; `null` when the row is gone or no longer pending.
   */
  item(key: string): PassBatchItem | null;
  /** Writes a row the pass read, with its files' stamp and the ids its session guess was asked about. */
  write(row: SnapshotSummary, stamp: number, sections: readonly string[] | null): void;
  /**
   * Writes a read into its pending row in place (row-store.ts `setRead`), with the columns as
   * guessed: `gone` when the row is gone or no longer pending; `whole` when it must be written
   * through `write` instead (a row kept whole), nothing written.
   */
  writeRead(read: PassBatchResult, columns: SnapshotColumns): 'written' | 'gone' | 'whole';
  /**
   * The row filled from the saved index, its files found unchanged; `null` when the saved row
   * is gone (it is then forgotten, and the next round reads the files).
   */
  restore(row: SnapshotSummary): SnapshotSummary | null;
  /**
   * Reads a row on the main thread, when the worker found a file gone that the archive may
   * still hold (only the main thread has the archive); `null`: no archive, take the worker's.
   */
  readHere(row: SnapshotSummary): SnapshotSummary | null;
}

export interface WorkerPassOptions {
  /** Snapshots per batch sent (default 256). */
  readonly batchSize?: number;
  readonly guess?: SessionGuess;
  readonly onProgress?: (progress: {
    /** The keys of the rows written. */
    readonly updated: readonly string[];
    readonly done: number;
    readonly total: number;
  }) => void;
}

/** How the pass ended: `failed` when the worker could not read (the caller reads the rest). */
export interface WorkerPassEnd {
  readonly filled: number;
  readonly failed: boolean;
}

interface Batch {
  readonly mark: number;
  /** Where in the round's keys the batch ends: the progress once it is written. */
  readonly end: number;
  readonly results: Promise<PassBatchAnswer>;
}

/** Batches out per thread: a worker reads the next one while the main thread writes the last. */
const IN_FLIGHT_PER_THREAD = 2;

/** Fills the folder's pending rows through `reader`, round after round until none is left. */
export async function runWorkerPass(
  target: WorkerPassTarget,
  reader: PassReader,
  options: WorkerPassOptions = {},
): Promise<WorkerPassEnd> {
  const batchSize = Math.max(1, options.batchSize ?? 256);
  const inFlight = IN_FLIGHT_PER_THREAD * Math.max(1, reader.threads ?? 1);
  let filled = 0;
  while (target.live()) {
    const pending = target.pendingNewestFirst();
    if (pending.length === 0) return { filled, failed: false };
    const total = pending.length;
    const roundMark = target.mark();
    let next = 0;
    let round = 0;
    const send = (): Batch | null => {
      const rows: PassBatchItem[] = [];
      for (; next < total && rows.length < batchSize; next++) {
        const item = target.item(pending[next] as string);
        if (item !== null) rows.push(item);
      }
      if (rows.length === 0) return null;
      const mark = target.mark();
      const results = reader.read(target.dir, rows);
      // A batch left behind (stopped, or an earlier one failed) must not be an unhandled rejection.
      results.catch(() => undefined);
      return { mark, end: next, results };
    };
    const out: Batch[] = [];
    const fill = (): void => {
      while (out.length < inFlight && next < total) {
        const batch = send();
        if (batch !== null) out.push(batch);
      }
    };
    fill();
    for (let batch = out.shift(); batch !== undefined; batch = out.shift()) {
      let results: readonly PassBatchResult[];
      try {
        // Decoded only now, as it is written (pass-batch.ts PackedPassBatch).
        results = resultsOf(await batch.results);
      } catch {
        return { filled, failed: true };
      }
      if (!target.live()) return { filled, failed: false };
      fill();
      const updated = apply(target, results, batch.mark, options.guess);
      filled += updated.length;
      round += updated.length;
      options.onProgress?.({ updated, done: batch.end, total });
      // A turn of the event loop per batch: answers that come back at once (a reopened home's
      // rows, only stated) were otherwise applied in one long run of microtasks, holding every
      // request for seconds (the loop's delay reached 2 s at 250,000 rows).
      await yieldToLoop();
    }
    // Answers that filled nothing though nothing changed: a reader that cannot read these rows;
    // the caller reads them on the main thread rather than ask again forever.
    if (round === 0 && target.mark() === roundMark) return { filled, failed: true };
  }
  return { filled, failed: false };
}

/** Writes the results whose rows are as they were sent; returns the rows written. */
function apply(
  target: WorkerPassTarget,
  results: readonly PassBatchResult[],
  mark: number,
  guess: SessionGuess | undefined,
): string[] {
  const updated: string[] = [];
  for (const read of results) {
    // Changed meanwhile (a file rewritten, added, removed): pending still, read in the next round.
    if (target.changedSince(read.key, mark)) continue;
    if (!read.same && !read.vanished) {
      // The common case, written in place: no row is built.
      const written = target.writeRead(read, guessedColumns(read.columns, read.guessIds, guess));
      if (written === 'gone') continue;
      if (written === 'written') {
        updated.push(read.key);
        continue;
      }
    }
    const now = target.row(read.key);
    if (now === undefined || now.parseState !== 'pending') continue;
    if (read.same) {
      const restored = target.restore(now);
      if (restored !== null) updated.push(restored.key);
      continue;
    }
    const here = read.vanished ? target.readHere(now) : null;
    const row: SnapshotSummary = here ?? {
      ...now,
      files: filesWithBytes(now.files, read.bytes),
      columns: guessedColumns(read.columns, read.guessIds, guess),
      parseState: 'done',
      error: read.error,
    };
    // Read on the main thread from the archive: not stamped (the saved index skips it).
    target.write(row, here === null ? read.stamp : 0, here === null ? read.guessIds : null);
    updated.push(row.key);
  }
  return updated;
}
