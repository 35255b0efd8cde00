/**
 * One batch of the background pass as the pass worker reads it (pass-worker.ts): the messages
 * between the main thread and the worker, and the reading itself, which is `parseSnapshot` over
 * the folder's files. Kept apart from the worker's entry so the same code runs in a test without
 * a thread, and so the worker bundle holds only what it reads with.
 */
import type { SnapshotSummary } from '../../shared/history/history-types';
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
  /** The files with the sizes the listing skipped. */
  readonly files: SnapshotSummary['files'];
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

/** The worker's answer to one request. */
export type PassBatchReply =
  | { readonly id: number; readonly results: readonly PassBatchResult[] }
  | { readonly id: number; readonly error: string };

/** The folder's files, noting whether any was gone when read or sized, and each file's stat. */
function watchedFolderParts(dir: string): {
  parts: SnapshotParts;
  vanished: () => boolean;
  stats: Partial<Record<DebugFileKind, StampStat>>;
} {
  const stats: Partial<Record<DebugFileKind, StampStat>> = {};
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
    stats,
  };
}

/** Reads one batch (in the worker; in a test, on the calling thread). */
export function readPassBatch(request: PassBatchRequest): PassBatchResult[] {
  const { parts, vanished, stats } = watchedFolderParts(request.dir);
  return request.snapshots.map(({ key, files: listed, expect }) => {
    if (expect !== undefined && stampNow(request.dir, listed) === expect) {
      const none = { files: listed, columns: EMPTY_COLUMNS, error: null, guessIds: null };
      return { key, ...none, vanished: false, stamp: expect, same: true };
    }
    for (const kind of DEBUG_FILE_KINDS) delete stats[kind];
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
    const stamp = gone ? 0 : stampAfterRead(request.dir, files, stats);
    return { key, files, columns, error, guessIds, vanished: gone, stamp, same: false };
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
