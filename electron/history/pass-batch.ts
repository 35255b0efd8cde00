/**
 * One batch of the background pass as the pass worker reads it (pass-worker.ts): the messages
 * between the main thread and the worker, and the reading itself, which is `parseSnapshot` over
 * the folder's files. Kept apart from the worker's entry so the same code runs in a test without
 * a thread, and so the worker bundle holds only what it reads with.
 */
import v8 from 'node:v8';
import type { SnapshotFile, SnapshotSummary } from '../../shared/history/history-types';
import { EMPTY_COLUMNS } from '../../shared/history/history-types';
import type { SnapshotColumns } from '../../shared/history/history-columns';
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import { folderParts, parseSnapshot } from './parse-snapshot';
import { DEBUG_FILE_KINDS } from '../../shared/debug-files/names';
import type { DebugFileKind } from '../../shared/debug-files/names';
import { stampAfterRead, stampNow } from './file-stamp';
import type { StampStat } from './file-stamp';
import type { SnapshotParts } from './parse-snapshot';

/**
 * One snapshot to read: its files as the main thread had them listed when it sent the batch,
 * and, for a row the saved index holds, the stamp it was saved with (file-stamp.ts): when the
 * files still have it, the worker answers `same` without reading them.
 */
export type PassBatchItem = Pick<SnapshotSummary, 'key' | 'files'> & { readonly expect?: number };

/** What the main thread asks: read these snapshots of `dir` as they are now. */
export interface PassBatchRequest {
  readonly id: number;
  readonly dir: string;
  readonly snapshots: readonly PassBatchItem[];
}

/**
 * One snapshot read by the worker: what `parseSnapshot` fills (without a session guess), and no
 * more, since every field crosses the thread twice (copied out, then built again).
 */
export interface PassBatchResult {
  readonly key: string;
  /**
   * The listed files' sizes, by kind in `DEBUG_FILE_KINDS` order (`null`: not listed, or not
   * told). Sizes only: the names are the main thread's own listing's, and sent back they were
   * half of what a batch packed and unpacked.
   */
  readonly bytes: readonly (number | null)[];
  readonly columns: SnapshotColumns;
  readonly error: string | null;
  /**
   * The section ids a session guess would be asked about (the files record no session type),
   * else `null`: the guess is built from the workspace on the main thread and cannot cross.
   */
  readonly guessIds: readonly string[] | null;
  /** A file was gone when read: the main thread may read the archive's copy instead. */
  readonly vanished: boolean;
  /** The files' stamp as read (0: not known, a file gone). */
  readonly stamp: number;
  /** The files still have the stamp expected: nothing was read, the saved row holds. */
  readonly same: boolean;
}

/**
 * A batch's results as its worker posts them: `v8.serialize`d (the encoding `postMessage` itself
 * uses) into a buffer moved, not copied, to the main thread, and decoded only when the pass writes
 * them (`resultsOf`), so its rows are built then and die young. Posted as objects, a batch's 256
 * rows were built the moment they arrived and waited behind the batch being written; at 250,000
 * snapshots enough of them outlived two scavenges that the main heap grew by 70–110 MB of
 * promoted garbage per pass. The buffer goes back to its worker once decoded (`giveBack`), so
 * a few buffers serve the whole pass: one buffer per batch instead was freed only by a full
 * collection, and held 46 MB more outside the heap.
 */
export interface PackedPassBatch {
  readonly packed: ArrayBuffer;
  /** Bytes of `packed` in use. */
  readonly length: number;
  /** Returns the buffer to the worker that filled it (or lets it go, the worker gone). */
  readonly giveBack: (buffer: ArrayBuffer) => void;
}

/** What a reader answers: the results, or the same packed by its worker. */
export type PassBatchAnswer = readonly PassBatchResult[] | PackedPassBatch;

/** The results of an answer; a packed one is decoded now, and its buffer given back. */
export function resultsOf(answer: PassBatchAnswer): readonly PassBatchResult[] {
  if (!('packed' in answer)) return answer;
  const results: unknown = v8.deserialize(new Uint8Array(answer.packed, 0, answer.length));
  answer.giveBack(answer.packed);
  if (!Array.isArray(results)) throw new Error('a pass worker answered with no list of results');
  return results as PassBatchResult[];
}

/** The results packed into `buffer` when they fit, else into a new buffer (in the worker). */
export function packPassBatch(
  results: readonly PassBatchResult[],
  buffer: ArrayBuffer | undefined,
): { readonly packed: ArrayBuffer; readonly length: number } {
  const bytes = v8.serialize(results);
  const packed =
    buffer !== undefined && buffer.byteLength >= bytes.length
      ? buffer
      : new ArrayBuffer(Math.max(bytes.length, PACKED_BUFFER_BYTES));
  new Uint8Array(packed).set(bytes);
  return { packed, length: bytes.length };
}

/** A packed buffer's least size: a batch of 256 rows takes about 160 KB. */
const PACKED_BUFFER_BYTES = 256 * 1024;

/** What the main thread posts to a worker: a batch to read, or a buffer given back. */
export type PassWorkerMessage = { readonly read: PassBatchRequest } | { readonly giveBack: ArrayBuffer };

/** The worker's answer to one request: its results packed, or a failure. */
export type PassBatchReply =
  | { readonly id: number; readonly packed: ArrayBuffer; readonly length: number }
  | { readonly id: number; readonly error: string };

/** The folder's files, noting whether any was gone when read or sized, and each file's stat. */
function watchedFolderParts(dir: string): {
  parts: SnapshotParts;
  vanished: () => boolean;
  /** The stats taken since the last call, and a fresh record for the next snapshot's. */
  takeStats: () => Partial<Record<DebugFileKind, StampStat>>;
} {
  // A fresh record per snapshot: deleting its keys instead left it a slow dictionary object.
  let stats: Partial<Record<DebugFileKind, StampStat>> = {};
  const folder = folderParts(dir, (kind, st) => {
    stats[kind] = st;
  });
  let gone = false;
  return {
    parts: {
      read: (kind, file) => {
        const read = folder.read(kind, file);
        if (!read.ok && read.tooLarge === undefined && read.code === 'ENOENT') gone = true;
        return read;
      },
      size: (kind, file) => {
        const bytes = folder.size(kind, file);
        if (bytes === null) gone = true;
        return bytes;
      },
    },
    vanished: () => {
      const was = gone;
      gone = false;
      return was;
    },
    takeStats: () => {
      const taken = stats;
      stats = {};
      return taken;
    },
  };
}

/** The files' sizes as a result carries them (`PassBatchResult.bytes`). */
function bytesOf(files: SnapshotSummary['files']): (number | null)[] {
  return DEBUG_FILE_KINDS.map((kind) => files[kind]?.bytes ?? null);
}

/**
 * The listed files with the sizes a result told: the result's own files, names and all, since
 * the row it is written to is the one listed when its batch was sent (else it is read again).
 */
export function filesWithBytes(
  listed: SnapshotSummary['files'],
  bytes: readonly (number | null)[],
): SnapshotSummary['files'] {
  const files: Partial<Record<DebugFileKind, SnapshotFile>> = {};
  DEBUG_FILE_KINDS.forEach((kind, k) => {
    const file = listed[kind];
    if (file !== undefined) files[kind] = { name: file.name, bytes: bytes[k] ?? file.bytes };
  });
  return files;
}

/** Reads one batch (in the worker; in a test, on the calling thread). */
export function readPassBatch(request: PassBatchRequest): PassBatchResult[] {
  const { parts, vanished, takeStats } = watchedFolderParts(request.dir);
  return request.snapshots.map(({ key, files: listed, expect }) => {
    if (expect !== undefined && stampNow(request.dir, listed) === expect) {
      const none = { bytes: bytesOf(listed), columns: EMPTY_COLUMNS, error: null, guessIds: null };
      return { key, ...none, vanished: false, stamp: expect, same: true };
    }
    takeStats();
    let guessIds: readonly string[] | null = null;
    // Asked exactly when the main thread's guess would be (withGuessedSession): noted, not answered.
    const note: SessionGuess = (ids) => {
      guessIds = [...ids];
      return null;
    };
    // parseSnapshot reads only the files; the rest of the row stays on the main thread.
    const row: SnapshotSummary = {
      key,
      timestamp: '',
      suffix: null,
      time: 0,
      files: listed,
      missing: [],
      columns: EMPTY_COLUMNS,
      parseState: 'pending',
      error: null,
    };
    const { files, columns, error } = parseSnapshot(parts, row, note);
    const gone = vanished();
    const stats = takeStats();
    const stamp = gone ? 0 : stampAfterRead(request.dir, files, stats);
    return { key, bytes: bytesOf(files), columns, error, guessIds, vanished: gone, stamp, same: false };
  });
}

/** The columns with the main thread's session guess applied, as `withGuessedSession` would. */
export function guessedColumns(
  columns: SnapshotColumns,
  guessIds: readonly string[] | null,
  guess: SessionGuess | undefined,
): SnapshotColumns {
  if (guessIds === null || guess === undefined) return columns;
  const found = guess(guessIds);
  return found === null
    ? columns
    : { ...columns, sessionType: found.sessionType, sessionInferredFrom: found.manifestFile };
}
