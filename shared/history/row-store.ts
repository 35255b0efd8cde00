/**
 * The History's snapshots held as columns: one typed array per field and one interned string
 * table, instead of one object per snapshot (with a files record, four file objects, four names
 * and a columns object). At 250,000 snapshots the objects took about 1.1 KB each (a heap
 * snapshot: 280 MB of a serve's 594 MB); here a snapshot costs its key, its slot and about
 * 96 bytes of arrays (sizes and counts in 32 bits while they fit, number-column.ts). What is
 * not stored is derived: file names are `<kind>-<key>.<ext>` (every name the index accepts is
 * exactly that, `debugKindOf`), `missing` follows the present mask, the timestamp is the key's
 * first 19 characters.
 *
 * `get` builds a `SnapshotSummary` on demand; the caller may keep it, the store does not, so two
 * calls never give the same object (the index's pass reads a row and writes it back in one turn
 * instead of comparing objects). Encoding reads the columns directly (`RowSource`), so a listing of
 * 250,000 rows is sent without making 250,000 objects.
 */
import { DEBUG_FILE_KINDS, debugFileName } from '../debug-files/names';
import type { DebugFileKind, SnapshotKeyParts } from '../debug-files/names';
import { EMPTY_COLUMNS, SNAPSHOT_WHERE } from './history-types';
import type { SnapshotColumns, SnapshotFile, SnapshotSummary, SnapshotWhere } from './history-types';
import { HISTORY_COLUMN_TABLE, storedColumns } from './history-columns';
import { missingOfMask } from './snapshot-group';
import type { SavedColumnsAt, SavedRows } from './saved-rows';
import { freshSavedColumns } from './saved-rows';
import { KeySlots, sortCode, suffixRank } from './key-codes';
import { ownCopy } from '../base/own-copy';
import { NumberColumn } from './number-column';

const KINDS = DEBUG_FILE_KINDS.length;
/** Characters of the timestamp part of a key (`YYYY-MM-DD-HH-MM-SS`, names.ts). */
const TIMESTAMP_LENGTH = 19;
const STORED = storedColumns(HISTORY_COLUMN_TABLE);
const TEXT_IDS = STORED.filter((d) => d.kind === 'text').map((d) => d.id);
const NUMBER_IDS = STORED.filter((d) => d.kind === 'number').map((d) => d.id);
const FLAG_IDS = STORED.filter((d) => d.kind === 'flag').map((d) => d.id);
/** Each stored column's place in its kind's arrays, in table order (looked up once, not per row). */
const SLOTS = STORED.map((d) => ({
  id: d.id,
  kind: d.kind,
  at: (d.kind === 'text' ? TEXT_IDS : d.kind === 'number' ? NUMBER_IDS : FLAG_IDS).indexOf(d.id),
}));

// Bits of `state`: the present kinds (one bit per kind), then done, then an empty columns record.
const DONE = 1 << KINDS;
const EMPTY = 1 << (KINDS + 1);
const MASK = (1 << KINDS) - 1;
/** `where` codes: 0 is "not said" (a folder without an archive), then SNAPSHOT_WHERE's order. */
const WHERE_NONE = 0;

/** What an encoder reads of one row (listing-wire.ts), without a `SnapshotSummary`. */
export interface RowSource {
  readonly count: number;
  key(i: number): string;
  time(i: number): number;
  /** Bit `1 << k` per present kind of `DEBUG_FILE_KINDS`. */
  present(i: number): number;
  /** A present file's size, `null` when not stated. */
  bytes(i: number, kind: number): number | null;
  done(i: number): boolean;
  error(i: number): string | null;
  where(i: number): SnapshotWhere | undefined;
  /** `null` when the row's columns are the shared empty record (nothing read yet). */
  columns(i: number): Readonly<Record<string, unknown>> | null;
}

/** One row as `RowStore.setFields` writes it; a caller may fill one and reuse it for every row. */
export interface RowFields {
  time: number;
  suffix: number | null;
  where: SnapshotWhere | undefined;
  /** Bit `1 << k` per present kind of `DEBUG_FILE_KINDS`. */
  present: number;
  /** A size per kind (`DEBUG_FILE_KINDS` order); NaN where not stated. */
  readonly bytes: Float64Array;
  done: boolean;
  error: string | null;
  /** The stored columns by id; `null` for nothing read yet (the shared empty record). */
  columns: Readonly<Record<string, unknown>> | null;
}

/** A `RowFields` to fill: a pending row with no file. */
export function newRowFields(): RowFields {
  return {
    time: 0,
    suffix: null,
    where: undefined,
    present: 0,
    bytes: new Float64Array(KINDS).fill(Number.NaN),
    done: false,
    error: null,
    columns: null,
  };
}

/** Strings stored once each; an index per use. Never shrinks (distinct values are few). */
class Interner {
  readonly strings: string[] = [];
  private readonly at = new Map<string, number>();
  id(value: string): number {
    let id = this.at.get(value);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(value);
      this.at.set(value, id);
    }
    return id;
  }
}

/** A longer copy of a column (the first `old.length` values kept). */
function grown<T extends Float64Array | Int32Array | Uint32Array | Uint16Array | Int8Array>(
  old: T,
  make: (n: number) => T,
  size: number,
): T {
  const next = make(size);
  next.set(old.subarray(0, Math.min(old.length, size)));
  return next;
}

/**
 * Snapshots by key, as columns. Keys iterate in row order: a deleted key's row goes to the next
 * key set, so every reader that needs an order sorts (`sortRowKeys`).
 */
export class RowStore {
  /** Each key's row (`keyAt` is the other way round). */
  private readonly slot = new KeySlots();
  private keyAt: (string | undefined)[] = [];
  private free: number[] = [];
  private capacity = 0;
  private time = new Float64Array(0);
  /** -1 for no suffix. */
  private suffix = new Int32Array(0);
  private state = new Uint16Array(0);
  private whereAt = new Int8Array(0);
  /** KINDS per row; NaN where not stated (narrow while every size fits 32 bits, number-column.ts). */
  private bytesAt = new NumberColumn();
  /** One array per text column, -1 for null. */
  private text: Int32Array[] = TEXT_IDS.map(() => new Int32Array(0));
  /** One per number column, NaN for null (a column of times goes wide, counts stay narrow). */
  private numbers: NumberColumn[] = NUMBER_IDS.map(() => new NumberColumn());
  /** One per flag column: -1 null, 0, 1. */
  private flags: Int8Array[] = FLAG_IDS.map(() => new Int8Array(0));
  /**
   * What the saved index checks a row by (file-stamp.ts): the stamp of its files when the pass
   * read them, 0 when not known. Reset whenever the row goes back to pending.
   */
  private stampAt = new Uint32Array(0);
  /** The section ids a session guess was asked about (JSON, interned), -1 for none. */
  private sectionsAt = new Int32Array(0);
  private readonly strings = new Interner();
  /** Rare fields, by row: errors, and anything the derivations would not give back exactly. */
  private readonly errors = new Map<number, string>();
  private readonly odd = new Map<number, SnapshotSummary>();
  /** What `set` hands `setFields`, reused. */
  private readonly scratch = newRowFields();
  /** The section ids last noted and their interned JSON (`sectionsId`). */
  private lastSections: { readonly ids: readonly string[]; readonly id: number } | null = null;

  get size(): number {
    return this.slot.size;
  }

  has(key: string): boolean {
    return this.slot.has(key);
  }

  /** Every key, in the order of the rows (a deleted key's row goes to the next key set). */
  *keys(): IterableIterator<string> {
    for (const key of this.keyAt) if (key !== undefined) yield key;
  }

  /** The rows in use. */
  private *rows(): IterableIterator<number> {
    const keyAt = this.keyAt;
    for (let row = 0; row < keyAt.length; row++) if (keyAt[row] !== undefined) yield row;
  }

  /** Every row, built one at a time (for small stores and tests; big readers use the columns). */
  *values(): IterableIterator<SnapshotSummary> {
    for (const row of this.rows()) yield this.build(row);
  }

  /** The name of a row's file of `kind`, `null` when it has none (no row is built). */
  fileName(key: string, kind: DebugFileKind): string | null {
    const row = this.slot.get(key);
    if (row === undefined) return null;
    const odd = this.odd.get(row);
    if (odd !== undefined) return odd.files[kind]?.name ?? null;
    return this.bitsHave(row, kind) ? debugFileName(kind, key) : null;
  }

  /**
   * Whether the row has a file of `kind`, told without making its name: a search's candidates
   * ask it of every key, and making 250,000 names for that was most of a search part's time.
   */
  hasFile(key: string, kind: DebugFileKind): boolean {
    const row = this.slot.get(key);
    if (row === undefined) return false;
    const odd = this.odd.get(row);
    return odd !== undefined ? odd.files[kind] !== undefined : this.bitsHave(row, kind);
  }

  private bitsHave(row: number, kind: DebugFileKind): boolean {
    return ((this.state[row] as number) & (1 << DEBUG_FILE_KINDS.indexOf(kind))) !== 0;
  }

  /** Whether the row's columns are still to be read. */
  isPending(key: string): boolean {
    const row = this.slot.get(key);
    return row !== undefined && ((this.state[row] as number) & DONE) === 0;
  }

  /** Rows the background pass has not read. */
  pendingCount(): number {
    let n = 0;
    for (const row of this.rows()) if (((this.state[row] as number) & DONE) === 0) n++;
    return n;
  }

  clear(): void {
    this.slot.clear();
    this.keyAt = [];
    this.free = [];
    this.errors.clear();
    this.odd.clear();
    this.capacity = 0;
    this.bytesAt = new NumberColumn();
    this.numbers = NUMBER_IDS.map(() => new NumberColumn());
    this.allocate(0);
  }

  get(key: string): SnapshotSummary | undefined {
    const row = this.slot.get(key);
    return row === undefined ? undefined : this.build(row);
  }

  delete(key: string): boolean {
    const row = this.slot.get(key);
    if (row === undefined) return false;
    this.slot.delete(key);
    this.keyAt[row] = undefined;
    this.errors.delete(row);
    this.odd.delete(row);
    this.free.push(row);
    return true;
  }

  set(key: string, s: SnapshotSummary): this {
    if (!this.derivable(key, s)) {
      // Kept whole: a summary whose names, timestamp or key disagree with the derivations. Its
      // state bits are still written, for the counts.
      const row = this.rowFor(key);
      this.errors.delete(row);
      if (s.parseState !== 'done') {
        this.stampAt[row] = 0;
        this.sectionsAt[row] = -1;
      }
      this.odd.set(row, s);
      this.state[row] = s.parseState === 'done' ? DONE : 0;
      return this;
    }
    const f = this.scratch;
    f.time = s.time;
    f.suffix = s.suffix;
    f.where = s.where;
    f.present = 0;
    for (let k = 0; k < KINDS; k++) {
      const file = s.files[DEBUG_FILE_KINDS[k] as DebugFileKind];
      if (file !== undefined) f.present |= 1 << k;
      f.bytes[k] = file?.bytes ?? Number.NaN;
    }
    f.done = s.parseState === 'done';
    f.error = s.error;
    f.columns = s.columns === EMPTY_COLUMNS ? null : (s.columns as Readonly<Record<string, unknown>>);
    return this.setFields(key, f);
  }

  /**
   * Writes one row from its fields, without a `SnapshotSummary` (the archive's rows of a year of
   * renders, 2M of them, come as columns: archive-rows.ts). The fields are read, not kept, so a
   * caller fills one `RowFields` and reuses it. A column value of the wrong type is stored as
   * null (the derivations could not give it back).
   */
  setFields(key: string, f: RowFields): this {
    const row = this.rowFor(key);
    this.errors.delete(row);
    this.odd.delete(row);
    if (!f.done) {
      this.stampAt[row] = 0;
      this.sectionsAt[row] = -1;
    }
    this.time[row] = f.time;
    const suffix = f.suffix;
    this.suffix[row] =
      suffix !== null && Number.isInteger(suffix) && suffix >= 0 && suffix <= 0x7fffffff ? suffix : -1;
    this.whereAt[row] = f.where === undefined ? WHERE_NONE : SNAPSHOT_WHERE.indexOf(f.where) + 1;
    if (f.error !== null) this.errors.set(row, f.error);
    const mask = f.present & MASK;
    for (let k = 0; k < KINDS; k++) {
      const bytes = f.bytes[k] as number;
      this.bytesAt.set(row * KINDS + k, (mask & (1 << k)) === 0 ? Number.NaN : bytes);
    }
    const c = f.columns;
    this.state[row] = mask | (f.done ? DONE : 0) | (c === null ? EMPTY : 0);
    this.writeColumns(row, c);
    return this;
  }

  /** A row's stored columns (`null`: none read); a value of the wrong type is stored as null. */
  private writeColumns(row: number, c: Readonly<Record<string, unknown>> | null): void {
    for (let j = 0; j < TEXT_IDS.length; j++) {
      const v = c === null ? null : c[TEXT_IDS[j] as string];
      (this.text[j] as Int32Array)[row] = typeof v === 'string' ? this.strings.id(v) : -1;
    }
    for (let j = 0; j < NUMBER_IDS.length; j++) {
      const v = c === null ? null : c[NUMBER_IDS[j] as string];
      (this.numbers[j] as NumberColumn).set(row, typeof v === 'number' ? v : Number.NaN);
    }
    for (let j = 0; j < FLAG_IDS.length; j++) {
      const v = c === null ? null : c[FLAG_IDS[j] as string];
      (this.flags[j] as Int8Array)[row] = v === true ? 1 : v === false ? 0 : -1;
    }
  }

  /**
   * The files of a pending row, as `get` would give them, or `null` when the row is gone or done:
   * what the pass sends its worker, without building the rest of the row.
   */
  pendingFiles(key: string): SnapshotSummary['files'] | null {
    const row = this.slot.get(key);
    if (row === undefined) return null;
    const odd = this.odd.size === 0 ? undefined : this.odd.get(row);
    if (odd !== undefined) return odd.parseState === 'pending' ? odd.files : null;
    return ((this.state[row] as number) & DONE) === 0 ? this.filesOf(row, key) : null;
  }

  /**
   * Writes what the pass read of a pending row in place: the listed files' sizes where told
   * (`bytes`, by kind in `DEBUG_FILE_KINDS` order), the columns, the error and the pass facts;
   * the row's key, time, files and place stay as listed. The same row as `set` with the
   * summary rebuilt would store, without building it: the worker pass writes 250,000 rows, and
   * building each one twice and checking its four names was a third of the main thread's share.
   * `gone`: no such pending row, nothing written; `whole`: the row or the columns are not what
   * the derivations give back (kept whole), nothing written, so the caller writes it with `set`.
   */
  setRead(
    key: string,
    read: {
      readonly bytes: readonly (number | null)[];
      readonly columns: SnapshotColumns;
      readonly error: string | null;
    },
    stamp: number,
    sections: readonly string[] | null,
  ): 'written' | 'gone' | 'whole' {
    const row = this.slot.get(key);
    if (row === undefined) return 'gone';
    const odd = this.odd.size === 0 ? undefined : this.odd.get(row);
    if (odd !== undefined) return odd.parseState === 'pending' ? 'whole' : 'gone';
    const state = this.state[row] as number;
    if ((state & DONE) !== 0) return 'gone';
    const columns =
      read.columns === EMPTY_COLUMNS ? null : (read.columns as Readonly<Record<string, unknown>>);
    const mask = state & MASK;
    if (columns !== null && !columnsDerivable(columns)) return 'whole';
    for (let k = 0; k < KINDS; k++) {
      const bytes = read.bytes[k];
      if ((mask & (1 << k)) === 0 || bytes === null || bytes === undefined) continue;
      if (Number.isNaN(bytes)) return 'whole';
    }
    for (let k = 0; k < KINDS; k++) {
      const bytes = read.bytes[k];
      if ((mask & (1 << k)) !== 0 && bytes !== null && bytes !== undefined)
        this.bytesAt.set(row * KINDS + k, bytes);
    }
    if (this.errors.size > 0) this.errors.delete(row);
    if (read.error !== null) this.errors.set(row, read.error);
    this.state[row] = mask | DONE | (columns === null ? EMPTY : 0);
    this.writeColumns(row, columns);
    this.setPassFactsOfRow(row, stamp, sections);
    return 'written';
  }

  /** The row of `key`, a new one when it has none. */
  private rowFor(key: string): number {
    let row = this.slot.get(key);
    if (row === undefined) {
      row = this.free.pop() ?? this.keyAt.length;
      if (row >= this.capacity) this.allocate(Math.max(1024, this.capacity * 2));
      this.keyAt[row] = key;
      this.slot.set(key, row);
    }
    return row;
  }

  /**
   * A listed snapshot with its first file (snapshot-group.ts `GroupSink`): pending, no columns.
   * Written straight into a new row: at 250,000 snapshots each lookup in the key map costs about
   * half a microsecond (a table of that size misses the cache), and a listing of 1M names made
   * ten of them per snapshot through `set`; the sink makes five.
   */
  start(key: string, parts: SnapshotKeyParts, kind: DebugFileKind, bytes: number | null): void {
    if (this.slot.has(key)) {
      this.file(key, kind, bytes);
      return;
    }
    const row = this.free.pop() ?? this.keyAt.length;
    if (row >= this.capacity) this.allocate(Math.max(1024, this.capacity * 2));
    key = ownCopy(key);
    this.keyAt[row] = key;
    this.slot.set(key, row);
    if (this.errors.size > 0) this.errors.delete(row);
    if (this.odd.size > 0) this.odd.delete(row);
    this.time[row] = parts.time;
    this.suffix[row] = parts.suffix ?? -1;
    this.whereAt[row] = WHERE_NONE;
    const k = DEBUG_FILE_KINDS.indexOf(kind);
    for (let j = 0; j < KINDS; j++) this.bytesAt.set(row * KINDS + j, Number.NaN);
    this.bytesAt.set(row * KINDS + k, bytes ?? Number.NaN);
    this.state[row] = (1 << k) | EMPTY;
    this.stampAt[row] = 0;
    this.sectionsAt[row] = -1;
    for (const col of this.text) (col as Int32Array)[row] = -1;
    for (const col of this.numbers) col.set(row, Number.NaN);
    for (const col of this.flags) (col as Int8Array)[row] = -1;
  }

  /**
   * One listed file of a started key (its name is the derived one): the grouping's sink;
   * `false`, and nothing written, when the key was not started.
   */
  file(key: string, kind: DebugFileKind, bytes: number | null): boolean {
    const row = this.slot.get(key);
    if (row === undefined) return false;
    this.fileOfRow(row, kind, bytes);
    return true;
  }

  /**
   * `file` for the key `name.slice(from, end)`, without slicing it: the key's code finds its row
   * (key-codes.ts `KeySlots`). `false` when the key was not started.
   */
  fileIn(name: string, from: number, end: number, kind: DebugFileKind, bytes: number | null): boolean {
    const row = this.slot.getIn(name, from, end);
    if (row === undefined) return false;
    this.fileOfRow(row, kind, bytes);
    return true;
  }

  private fileOfRow(row: number, kind: DebugFileKind, bytes: number | null): void {
    if (this.odd.size > 0 && this.odd.has(row)) return;
    const k = DEBUG_FILE_KINDS.indexOf(kind);
    this.state[row] = (this.state[row] as number) | (1 << k);
    this.bytesAt.set(row * KINDS + k, bytes ?? Number.NaN);
  }

  /**
   * Notes what the pass read a done row from: its files' stamp and the section ids its session
   * guess was asked about (`null`: none), so the row can be saved and checked on reopening.
   */
  setPassFacts(key: string, stamp: number, sections: readonly string[] | null): void {
    const row = this.slot.get(key);
    if (row === undefined || ((this.state[row] as number) & DONE) === 0) return;
    this.setPassFactsOfRow(row, stamp, sections);
  }

  private setPassFactsOfRow(row: number, stamp: number, sections: readonly string[] | null): void {
    this.stampAt[row] = stamp >>> 0;
    this.sectionsAt[row] = sections === null ? -1 : this.sectionsId(sections);
  }

  /**
   * The interned JSON of a list of section ids. Renders of one home list the same sections row
   * after row, so the last list is kept and compared first: its JSON made and looked up per row
   * was a tenth of the pass's share of the main thread.
   */
  private sectionsId(sections: readonly string[]): number {
    const last = this.lastSections;
    if (last !== null && last.ids.length === sections.length && last.ids.every((id, i) => id === sections[i]))
      return last.id;
    const id = this.strings.id(JSON.stringify(sections));
    this.lastSections = { ids: [...sections], id };
    return id;
  }

  /**
   * The done rows the saved index can keep (stamped, not kept whole), oldest first, with their
   * columns as the pass read them: a guessed session type is taken out again (the guess depends
   * on the workspace's manifests and is made anew when the row is restored, saved-rows.ts).
   */
  savedRows(keysInOrder?: readonly string[], columnsAt: SavedColumnsAt = freshSavedColumns): SavedRows {
    // The caller's sorted keys when it has them (the index keeps its listing's order): a sort of
    // 250,000 keys was a third of the save.
    let rows: number[] = [];
    const take = (row: number): void => {
      if (((this.state[row] as number) & DONE) === 0 || this.stampAt[row] === 0 || this.odd.has(row)) return;
      rows.push(row);
    };
    if (keysInOrder === undefined) {
      for (const row of this.rows()) take(row);
      rows = sortRowKeys(rows.map((r) => this.keyAt[r] as string)).map((key) => this.slot.get(key) as number);
    } else
      for (const key of keysInOrder) {
        const row = this.slot.get(key);
        if (row !== undefined) take(row);
      }
    const n = rows.length;
    const typeAt = TEXT_IDS.indexOf('sessionType');
    const fromAt = TEXT_IDS.indexOf('sessionInferredFrom');
    // Guessed (the pass asked, and the type came from the guess): saved as read, unguessed.
    const textIdAt = (row: number, j: number): number =>
      (this.sectionsAt[row] as number) >= 0 && (j === typeAt || j === fromAt)
        ? -1
        : ((this.text[j] as Int32Array)[row] as number);
    // First the head (the strings in use and the errors), so the columns can be laid out where
    // they are saved (`columnsAt`) before they are filled. The store's string ids map to the
    // saved table's (-2: not taken yet).
    const table: string[] = [];
    const remap = new Int32Array(this.strings.strings.length).fill(-2);
    const note = (id: number): void => {
      if (id >= 0 && remap[id] === -2) {
        remap[id] = table.length;
        table.push(this.strings.strings[id] as string);
      }
    };
    const errors: [number, string][] = [];
    for (let i = 0; i < n; i++) {
      const row = rows[i] as number;
      note(this.sectionsAt[row] as number);
      for (let j = 0; j < TEXT_IDS.length; j++) note(textIdAt(row, j));
      const error = this.errors.size === 0 ? undefined : this.errors.get(row);
      if (error !== undefined) errors.push([i, error]);
    }
    const head = { count: n, keys: rows.map((r) => this.keyAt[r] as string), strings: table, errors };
    const out = columnsAt(head);
    const idOf = (id: number): number => (id < 0 ? -1 : (remap[id] as number));
    for (let i = 0; i < n; i++) {
      const row = rows[i] as number;
      const state = this.state[row] as number;
      out.mask[i] = state & MASK;
      out.stamp[i] = this.stampAt[row] as number;
      out.empty[i] = (state & EMPTY) !== 0 ? 1 : 0;
      for (let k = 0; k < KINDS; k++) out.bytes[i * KINDS + k] = this.bytesAt.get(row * KINDS + k);
      out.sections[i] = idOf(this.sectionsAt[row] as number);
      for (let j = 0; j < TEXT_IDS.length; j++) (out.text[j] as Int32Array)[i] = idOf(textIdAt(row, j));
      for (let j = 0; j < NUMBER_IDS.length; j++)
        (out.numbers[j] as Float64Array)[i] = (this.numbers[j] as NumberColumn).get(row);
      for (let j = 0; j < FLAG_IDS.length; j++)
        (out.flags[j] as Int8Array)[i] = (this.flags[j] as Int8Array)[row] as number;
    }
    return { ...head, ...out };
  }

  /** The rows of `keys` (all present) as an encoder reads them. */
  source(keys: readonly string[]): RowSource {
    const rows = keys.map((k) => this.slot.get(k) as number);
    return this.sourceOfRows(rows);
  }

  /** Row numbers for keys, for a source spanning two stores (`sourceOfRows`). */
  rowOf(key: string): number | undefined {
    return this.slot.get(key);
  }

  /** A source over row numbers of this store. */
  sourceOfRows(rows: readonly number[]): RowSource {
    return {
      count: rows.length,
      key: (i) => this.keyAt[rows[i] as number] as string,
      time: (i) => this.rowTime(rows[i] as number),
      present: (i) => this.rowPresent(rows[i] as number),
      bytes: (i, k) => this.rowBytes(rows[i] as number, k),
      done: (i) => this.rowDone(rows[i] as number),
      error: (i) => this.rowError(rows[i] as number),
      where: (i) => this.rowWhere(rows[i] as number),
      columns: (i) => this.rowColumns(rows[i] as number),
    };
  }

  private rowTime(row: number): number {
    return this.odd.get(row)?.time ?? (this.time[row] as number);
  }

  private rowPresent(row: number): number {
    const odd = this.odd.get(row);
    if (odd === undefined) return (this.state[row] as number) & MASK;
    let mask = 0;
    for (let k = 0; k < KINDS; k++) if (odd.files[DEBUG_FILE_KINDS[k] as DebugFileKind]) mask |= 1 << k;
    return mask;
  }

  private rowBytes(row: number, k: number): number | null {
    const odd = this.odd.get(row);
    if (odd !== undefined) return odd.files[DEBUG_FILE_KINDS[k] as DebugFileKind]?.bytes ?? null;
    const b = this.bytesAt.get(row * KINDS + k);
    return Number.isNaN(b) ? null : b;
  }

  private rowDone(row: number): boolean {
    const odd = this.odd.get(row);
    return odd !== undefined ? odd.parseState === 'done' : ((this.state[row] as number) & DONE) !== 0;
  }

  private rowError(row: number): string | null {
    const odd = this.odd.get(row);
    return odd !== undefined ? odd.error : (this.errors.get(row) ?? null);
  }

  private rowWhere(row: number): SnapshotWhere | undefined {
    const odd = this.odd.get(row);
    if (odd !== undefined) return odd.where;
    const w = this.whereAt[row] as number;
    return w === WHERE_NONE ? undefined : SNAPSHOT_WHERE[w - 1];
  }

  private rowColumns(row: number): Readonly<Record<string, unknown>> | null {
    const odd = this.odd.get(row);
    if (odd !== undefined) return odd.columns === EMPTY_COLUMNS ? null : odd.columns;
    return ((this.state[row] as number) & EMPTY) !== 0 ? null : this.buildColumns(row);
  }

  private buildColumns(row: number): SnapshotColumns {
    const c: Record<string, unknown> = {};
    // In table order, as `readColumns` makes them (a test compares whole objects).
    for (const { id, kind, at } of SLOTS) {
      if (kind === 'text') {
        const s = (this.text[at] as Int32Array)[row] as number;
        c[id] = s < 0 ? null : this.strings.strings[s];
      } else if (kind === 'number') {
        const v = (this.numbers[at] as NumberColumn).get(row);
        c[id] = Number.isNaN(v) ? null : v;
      } else {
        const v = (this.flags[at] as Int8Array)[row] as number;
        c[id] = v < 0 ? null : v === 1;
      }
    }
    return c as SnapshotColumns;
  }

  private build(row: number): SnapshotSummary {
    const odd = this.odd.get(row);
    if (odd !== undefined) return odd;
    const key = this.keyAt[row] as string;
    const state = this.state[row] as number;
    const files = this.filesOf(row, key);
    const suffix = this.suffix[row] as number;
    const where = this.rowWhere(row);
    const summary: SnapshotSummary = {
      key,
      timestamp: key.length > TIMESTAMP_LENGTH ? key.slice(0, TIMESTAMP_LENGTH) : key,
      suffix: suffix < 0 ? null : suffix,
      time: this.time[row] as number,
      files,
      missing: missingOfMask(state & MASK),
      columns: (state & EMPTY) !== 0 ? EMPTY_COLUMNS : this.buildColumns(row),
      parseState: (state & DONE) !== 0 ? 'done' : 'pending',
      error: this.errors.get(row) ?? null,
    };
    return where === undefined ? summary : { ...summary, where };
  }

  /** A derivable row's files: the derived names, the stored sizes. */
  private filesOf(row: number, key: string): Partial<Record<DebugFileKind, SnapshotFile>> {
    const state = this.state[row] as number;
    const files: Partial<Record<DebugFileKind, SnapshotFile>> = {};
    for (let k = 0; k < KINDS; k++) {
      if ((state & (1 << k)) === 0) continue;
      const kind = DEBUG_FILE_KINDS[k] as DebugFileKind;
      files[kind] = { name: debugFileName(kind, key), bytes: this.rowBytes(row, k) };
    }
    return files;
  }

  /** Whether the derivations give `s` back exactly (names, timestamp, missing, columns' kinds). */
  private derivable(key: string, s: SnapshotSummary): boolean {
    if (s.key !== key) return false;
    const timestamp = key.length > TIMESTAMP_LENGTH ? key.slice(0, TIMESTAMP_LENGTH) : key;
    if (s.timestamp !== timestamp) return false;
    if (s.suffix !== null && (!Number.isInteger(s.suffix) || s.suffix < 0 || s.suffix > 0x7fffffff))
      return false;
    let mask = 0;
    for (let k = 0; k < KINDS; k++) {
      const kind = DEBUG_FILE_KINDS[k] as DebugFileKind;
      const file = s.files[kind];
      if (file === undefined) continue;
      mask |= 1 << k;
      if (file.name !== debugFileName(kind, key)) return false;
      if (file.bytes !== null && Number.isNaN(file.bytes)) return false;
    }
    if (s.missing !== missingOfMask(mask)) {
      const expected = missingOfMask(mask);
      if (s.missing.length !== expected.length || s.missing.some((m, i) => m !== expected[i])) return false;
    }
    return s.columns === EMPTY_COLUMNS || columnsDerivable(s.columns as Readonly<Record<string, unknown>>);
  }

  private allocate(size: number): void {
    const n = size;
    this.time = grown(this.time, (m) => new Float64Array(m), n);
    this.suffix = grown(this.suffix, (m) => new Int32Array(m), n);
    this.state = grown(this.state, (m) => new Uint16Array(m), n);
    this.whereAt = grown(this.whereAt, (m) => new Int8Array(m), n);
    this.bytesAt.resize(n * KINDS);
    this.text = this.text.map((a) => grown(a, (m) => new Int32Array(m), n));
    for (const col of this.numbers) col.resize(n);
    this.flags = this.flags.map((a) => grown(a, (m) => new Int8Array(m), n));
    this.stampAt = grown(this.stampAt, (m) => new Uint32Array(m), n);
    this.sectionsAt = grown(this.sectionsAt, (m) => new Int32Array(m), n);
    this.capacity = n;
  }
}

/** Whether stored columns come back exactly: every stored column, each of its kind or null. */
function columnsDerivable(c: Readonly<Record<string, unknown>>): boolean {
  if (Object.keys(c).length !== STORED.length) return false;
  for (const d of STORED) {
    const v = c[d.id];
    if (v === null) continue;
    if (d.kind === 'text' && typeof v !== 'string') return false;
    if (d.kind === 'number' && (typeof v !== 'number' || Number.isNaN(v))) return false;
    if (d.kind === 'flag' && typeof v !== 'boolean') return false;
  }
  return true;
}

/**
 * Orders valid snapshot keys oldest first, as `compareKeyParts` orders their parts (timestamp,
 * then suffix, none first), without parsing them: a sort of 250,000 keys allocates nothing.
 */
export function compareRowKeys(a: string, b: string): number {
  for (let i = 0; i < TIMESTAMP_LENGTH; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return suffixRank(a) - suffixRank(b);
}

/**
 * `keys` sorted oldest first, as `sort(compareRowKeys)` sorts them, about three times faster at
 * 250,000 keys (130 ms against 460 here): each key's code is worked out once and compared as a
 * number; only keys without one (or with the same one) are compared as strings.
 */
export function sortRowKeys(keys: readonly string[], newestFirst = false): string[] {
  const n = keys.length;
  const codes = new Float64Array(n);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    codes[i] = sortCode(keys[i] as string);
    order[i] = i;
  }
  const sign = newestFirst ? -1 : 1;
  order.sort(
    (a, b) =>
      sign *
      ((codes[a] as number) - (codes[b] as number) || compareRowKeys(keys[a] as string, keys[b] as string)),
  );
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = keys[order[i] as number] as string;
  return out;
}
