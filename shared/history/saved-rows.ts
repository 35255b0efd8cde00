/**
 * The History's saved index as data: the rows the background pass filled, kept between two
 * openings of a home so the next one parses only what changed (electron/history/saved-index.ts
 * writes and reads the file). A saved row is never taken on trust: it is used only for a listed
 * snapshot with the same files, after the pass worker has checked their stamp (size, time and
 * inode of each file, electron/history/file-stamp.ts) against the one saved.
 *
 * Pure: columns by kind in table order, text as indexes into `strings`, as the row store holds
 * them (row-store.ts `savedRows`).
 */
import { DEBUG_FILE_KINDS } from '../debug-files/names';
import type { DebugFileKind } from '../debug-files/names';
import { HISTORY_COLUMN_TABLE, storedColumns } from './history-columns';
import type { SnapshotColumns, SnapshotFile, SnapshotSummary } from './history-types';
import { EMPTY_COLUMNS } from './history-types';
import type { SessionGuess } from './snapshot-columns';
import { withGuessedSessionOf } from './snapshot-columns';
import { compareRowKeys } from './row-store';

const STORED = storedColumns(HISTORY_COLUMN_TABLE);
export const SAVED_TEXT_IDS = STORED.filter((d) => d.kind === 'text').map((d) => d.id);
export const SAVED_NUMBER_IDS = STORED.filter((d) => d.kind === 'number').map((d) => d.id);
export const SAVED_FLAG_IDS = STORED.filter((d) => d.kind === 'flag').map((d) => d.id);
const KINDS = DEBUG_FILE_KINDS.length;

/** What a saved index holds besides its columns: known before they are filled. */
export interface SavedHead {
  readonly count: number;
  readonly keys: readonly string[];
  readonly strings: readonly string[];
  /** Rows with an error: [row, message]. */
  readonly errors: readonly (readonly [number, string])[];
}

/** A saved index's columns (`SavedRows` less its head). */
export type SavedColumns = Omit<SavedRows, keyof SavedHead>;

/**
 * Where the columns of `head` are written: fresh arrays, or views into the file being made
 * (electron/history/saved-index-file.ts), so a save holds its columns once, not twice.
 */
export type SavedColumnsAt = (head: SavedHead) => SavedColumns;

/** One of the typed arrays a saved column is. */
export type SavedTyped = Uint8Array | Int8Array | Uint32Array | Int32Array | Float64Array;

/** A typed array's constructor: `new C(length)`, or a view `new C(buffer, byteOffset, length)`. */
export interface SavedTypedClass<T extends SavedTyped> {
  new (length: number): T;
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
}

/** Makes one column of `length` elements: fresh, or a view into a file being made or read. */
export type SavedTypedAt = <T extends SavedTyped>(Class: SavedTypedClass<T>, length: number) => T;

/**
 * The columns of `n` saved rows, each made by `at` in the file's order: the one statement of the
 * layout, for fresh arrays, for the file a save fills and for the file a load reads
 * (electron/history/saved-index-file.ts). Properties are made in the order written.
 */
export function savedColumnsOf(n: number, at: SavedTypedAt): SavedColumns {
  return {
    mask: at(Uint8Array, n),
    stamp: at(Uint32Array, n),
    bytes: at(Float64Array, n * KINDS),
    empty: at(Uint8Array, n),
    text: SAVED_TEXT_IDS.map(() => at(Int32Array, n)),
    numbers: SAVED_NUMBER_IDS.map(() => at(Float64Array, n)),
    flags: SAVED_FLAG_IDS.map(() => at(Int8Array, n)),
    sections: at(Int32Array, n),
  };
}

/** Fresh arrays for the columns of `head`. */
export const freshSavedColumns: SavedColumnsAt = ({ count }) =>
  savedColumnsOf(count, (Class, length) => new Class(length));

/** Saved rows, oldest first (`compareRowKeys`), as columns. */
export interface SavedRows {
  readonly count: number;
  readonly keys: readonly string[];
  /** The kinds present when read, a bit per kind of `DEBUG_FILE_KINDS`. */
  readonly mask: Uint8Array;
  /** The files' stamp when read (never 0). */
  readonly stamp: Uint32Array;
  /** `KINDS` per row, NaN where not stated. */
  readonly bytes: Float64Array;
  /** 1: the row's columns are the empty record (nothing could be read). */
  readonly empty: Uint8Array;
  /** Per stored text column (`SAVED_TEXT_IDS`): an index into `strings`, -1 for null. */
  readonly text: readonly Int32Array[];
  /** Per number column, NaN for null. */
  readonly numbers: readonly Float64Array[];
  /** Per flag column: -1 null, 0, 1. */
  readonly flags: readonly Int8Array[];
  /** The section ids (JSON, into `strings`) a session guess is asked about; -1: none. */
  readonly sections: Int32Array;
  readonly strings: readonly string[];
  /** Rows with an error: [row, message]. */
  readonly errors: readonly (readonly [number, string])[];
}

/** The saved row of `key`, -1 when none (a binary search: keys are sorted). */
export function savedRowOf(saved: SavedRows, key: string): number {
  let lo = 0;
  let hi = saved.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareRowKeys(saved.keys[mid] as string, key);
    if (c === 0) return saved.keys[mid] === key ? mid : -1;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/**
 * A listed row filled from saved row `i`: its sizes, columns and error as the pass read them,
 * the session type guessed anew with the workspace of now, `done`. The names, times and the
 * archive mark stay the listing's.
 */
export function restoredRow(
  saved: SavedRows,
  i: number,
  listed: SnapshotSummary,
  guess: SessionGuess | undefined,
  errors: ReadonlyMap<number, string>,
): SnapshotSummary {
  const files: Partial<Record<DebugFileKind, SnapshotFile>> = {};
  for (let k = 0; k < KINDS; k++) {
    const kind = DEBUG_FILE_KINDS[k] as DebugFileKind;
    const file = listed.files[kind];
    if (file === undefined) continue;
    const b = saved.bytes[i * KINDS + k] as number;
    files[kind] = { ...file, bytes: Number.isNaN(b) ? file.bytes : b };
  }
  let columns: SnapshotColumns = EMPTY_COLUMNS;
  if (saved.empty[i] !== 1) {
    const c: Record<string, unknown> = {};
    for (const d of STORED) {
      if (d.kind === 'text') {
        const s = (saved.text[SAVED_TEXT_IDS.indexOf(d.id)] as Int32Array)[i] as number;
        c[d.id] = s < 0 ? null : (saved.strings[s] ?? null);
      } else if (d.kind === 'number') {
        const v = (saved.numbers[SAVED_NUMBER_IDS.indexOf(d.id)] as Float64Array)[i] as number;
        c[d.id] = Number.isNaN(v) ? null : v;
      } else {
        const v = (saved.flags[SAVED_FLAG_IDS.indexOf(d.id)] as Int8Array)[i] as number;
        c[d.id] = v < 0 ? null : v === 1;
      }
    }
    columns = c as SnapshotColumns;
    const ids = savedSections(saved, i);
    if (ids !== null) columns = withGuessedSessionOf(columns, ids, guess);
  }
  return { ...listed, files, columns, parseState: 'done', error: errors.get(i) ?? null };
}

/** The section ids of saved row `i` (the guess's question), `null` when none. */
export function savedSections(saved: SavedRows, i: number): string[] | null {
  const s = saved.sections[i] as number;
  if (s < 0) return null;
  try {
    const ids: unknown = JSON.parse(saved.strings[s] ?? '[]');
    return Array.isArray(ids) && ids.every((x) => typeof x === 'string') ? ids : null;
  } catch {
    return null; // The file is checked whole (its checksum); a bad list is no guess, not a crash.
  }
}
