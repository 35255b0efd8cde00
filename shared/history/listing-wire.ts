/**
 * The listing's compact wire form ("50,000 files list in under 1 s"): one array per
 * column instead of one object per snapshot. 12,500 snapshots as objects were 8 MB of JSON,
 * mostly repeated keys and file names; as columns they are about a tenth of that. File names
 * are not sent: each is `<kind>-<key>.<ext>` (see `debugFileName`); strings repeated across
 * rows (session type, peer, manifest file…) are sent once, in `strings`.
 */
import { DEBUG_FILE_KINDS } from '../debug-files/names';
import type { DebugFileKind } from '../debug-files/names';
import { EMPTY_COLUMNS, SNAPSHOT_WHERE } from './history-types';
import { HISTORY_COLUMN_TABLE, storedColumns } from './history-columns';
import type { ColumnKind, ColumnTable } from './history-columns';
import type { ForeignEntry, HistoryListing, SnapshotSummary, SnapshotWhere } from './history-types';
import { isPlainObject } from '../base/is-plain-object';
import type { RowSource } from './row-store';
import { ListedColumns } from './listed-rows';

/** The ids of the stored columns of one kind (a text column travels as indexes into `strings`). */
type StoredIdOfKind<K extends ColumnKind> = Extract<
  (typeof HISTORY_COLUMN_TABLE)[number],
  { readonly read: unknown; readonly kind: K }
>['id'];
type TextColumn = StoredIdOfKind<'text'>;
type NumberColumn = StoredIdOfKind<'number'>;
type FlagColumn = StoredIdOfKind<'flag'>;

/** The stored columns of a table, split by how they travel. */
function wireColumns(table: ColumnTable): Record<ColumnKind, readonly string[]> {
  const stored = storedColumns(table);
  const of = (kind: ColumnKind): string[] => stored.filter((d) => d.kind === kind).map((d) => d.id);
  return { text: of('text'), number: of('number'), flag: of('flag') };
}

/** A column whose every value is empty (`null`, or -1 for a string index) is sent as `null`. */
type Sparse<T> = readonly T[] | null;

/**
 * Snapshots as columns; every array has `count` values, in the same order. Before the background
 * pass has read anything, most columns are empty and travel as one `null` each.
 */
export interface WireRows {
  readonly count: number;
  readonly keys: readonly string[];
  /** Epoch ms: the first as is, each next one as the difference from the one before. */
  readonly time: readonly number[];
  /** Bit `1 << i` set when the snapshot has a file of `DEBUG_FILE_KINDS[i]`. */
  readonly present: readonly number[];
  /** Sizes by kind (in `DEBUG_FILE_KINDS` order), `null` where not stated or absent. */
  readonly bytes: readonly Sparse<number | null>[];
  /** 1 once the background pass has read the snapshot, else 0. */
  readonly done: readonly number[];
  /**
   * Where each is kept, as an index into `SNAPSHOT_WHERE` (0 live, 1 archive, 2 both); `null`
   * when every row is live only (a folder without an archive costs nothing here).
   */
  readonly where: Sparse<number>;
  /** Index into `strings`, or -1. */
  readonly error: Sparse<number>;
  /** The stored columns of `history-columns.ts`, by kind: text as indexes into `strings` or -1. */
  readonly text: Readonly<Record<TextColumn, Sparse<number>>>;
  readonly numbers: Readonly<Record<NumberColumn, Sparse<number | null>>>;
  /** 1, 0, or `null` when unknown. */
  readonly flags: Readonly<Record<FlagColumn, Sparse<number | null>>>;
  readonly strings: readonly string[];
}

/** The listing as sent: the folder, the rows as columns, the foreign entries as they are. */
export interface WireListing {
  readonly dir: string;
  readonly rows: WireRows;
  readonly foreign: readonly ForeignEntry[];
  readonly error: string | null;
}

/** Sparse columns by id, `null` for a column no row filled. */
function record<T>(ids: readonly string[], cols: readonly (T[] | null)[]): Record<string, T[] | null> {
  return Object.fromEntries(ids.map((c, j) => [c, cols[j] ?? null]));
}

/** Snapshot objects as an encoder reads them. */
export function summariesSource(snapshots: readonly SnapshotSummary[]): RowSource {
  const at = (i: number): SnapshotSummary => snapshots[i] as SnapshotSummary;
  return {
    count: snapshots.length,
    key: (i) => at(i).key,
    time: (i) => at(i).time,
    present: (i) => {
      let mask = 0;
      for (let k = 0; k < DEBUG_FILE_KINDS.length; k++)
        if (at(i).files[DEBUG_FILE_KINDS[k] as DebugFileKind] !== undefined) mask |= 1 << k;
      return mask;
    },
    bytes: (i, k) => at(i).files[DEBUG_FILE_KINDS[k] as DebugFileKind]?.bytes ?? null,
    done: (i) => at(i).parseState === 'done',
    error: (i) => at(i).error,
    where: (i) => at(i).where,
    columns: (i) => (at(i).columns === EMPTY_COLUMNS ? null : at(i).columns),
  };
}

/** Encodes snapshots (any order; the listing's is oldest first), with the stored columns of `table`. */
export function encodeRows(
  snapshots: readonly SnapshotSummary[],
  table: ColumnTable = HISTORY_COLUMN_TABLE,
): WireRows {
  return encodeSource(summariesSource(snapshots), table);
}

/**
 * Encodes rows read through a source: the index's column store (row-store.ts) is sent without
 * building an object per snapshot.
 */
export function encodeSource(rows: RowSource, table: ColumnTable = HISTORY_COLUMN_TABLE): WireRows {
  const n = rows.count;
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const intern = (value: string): number => {
    let at = stringIndex.get(value);
    if (at === undefined) {
      at = strings.length;
      strings.push(value);
      stringIndex.set(value, at);
    }
    return at;
  };
  const ids = wireColumns(table);
  // Columns other than these four are made when a first value needs them (filled with the empty
  // value up to there): a first listing, where nothing is read yet, writes four columns, not 20.
  const keys = new Array<string>(n);
  const time = new Array<number>(n);
  const present = new Array<number>(n);
  const done = new Array<number>(n);
  const kinds = DEBUG_FILE_KINDS.length;
  const bytes: ((number | null)[] | null)[] = DEBUG_FILE_KINDS.map(() => null);
  let error: number[] | null = null;
  let where: number[] | null = null;
  const text: (number[] | null)[] = ids.text.map(() => null);
  const numbers: ((number | null)[] | null)[] = ids.number.map(() => null);
  const flags: ((number | null)[] | null)[] = ids.flag.map(() => null);
  let previous = 0;
  // Plain loops, no closure per row: this runs for every one of 250,000 snapshots.
  for (let i = 0; i < n; i++) {
    keys[i] = rows.key(i);
    const t = rows.time(i);
    time[i] = i === 0 ? t : t - previous;
    previous = t;
    const mask = rows.present(i);
    for (let k = 0; k < kinds; k++) {
      if ((mask & (1 << k)) === 0) continue;
      const b = rows.bytes(i, k);
      if (b !== null) (bytes[k] ??= new Array<number | null>(n).fill(null))[i] = b;
    }
    present[i] = mask;
    done[i] = rows.done(i) ? 1 : 0;
    const e = rows.error(i);
    if (e !== null) (error ??= new Array<number>(n).fill(-1))[i] = intern(e);
    const w = rows.where(i);
    if (w !== undefined && w !== 'live')
      (where ??= new Array<number>(n).fill(0))[i] = SNAPSHOT_WHERE.indexOf(w);
    const c = rows.columns(i);
    if (c === null) continue;
    for (let j = 0; j < ids.text.length; j++) {
      const value = c[ids.text[j] as string];
      if (typeof value === 'string') (text[j] ??= new Array<number>(n).fill(-1))[i] = intern(value);
    }
    for (let j = 0; j < ids.number.length; j++) {
      const value = c[ids.number[j] as string];
      if (typeof value === 'number') (numbers[j] ??= new Array<number | null>(n).fill(null))[i] = value;
    }
    for (let j = 0; j < ids.flag.length; j++) {
      const value = c[ids.flag[j] as string];
      if (typeof value === 'boolean')
        (flags[j] ??= new Array<number | null>(n).fill(null))[i] = value ? 1 : 0;
    }
  }
  return {
    count: n,
    keys,
    time,
    present,
    bytes,
    done,
    error,
    where,
    // Keyed by the table's ids: the real table's type names them.
    text: record(ids.text, text) as WireRows['text'],
    numbers: record(ids.number, numbers) as WireRows['numbers'],
    flags: record(ids.flag, flags) as WireRows['flags'],
    strings,
  };
}

/** Encodes a listing. */
export function encodeListing(listing: HistoryListing): WireListing {
  return {
    dir: listing.dir,
    rows: encodeRows(listing.snapshots),
    foreign: listing.foreign,
    error: listing.error,
  };
}

/** A decode's result: the value, or what was wrong with the message. */
export type DecodeResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

function stringAt(strings: readonly string[], at: unknown, column: string, row: number): string | null {
  if (at === -1) return null;
  const value = typeof at === 'number' ? strings[at] : undefined;
  if (value === undefined) throw new WireError(`${column}[${row}] is not a string index`);
  return value;
}

function numberOrNull(value: unknown, column: string, row: number): number | null {
  if (value === null || typeof value === 'number') return value;
  throw new WireError(`${column}[${row}] is not a number`);
}

class WireError extends Error {}

/**
 * Decodes rows. The message is our own, but it crossed a process boundary: each column's
 * length and each value's type are checked, and anything off is an error value, not a throw.
 */
export function decodeRows(
  wire: unknown,
  table: ColumnTable = HISTORY_COLUMN_TABLE,
): DecodeResult<SnapshotSummary[]> {
  try {
    return { ok: true, value: decodeRowsOrThrow(wire, table) };
  } catch (err) {
    if (err instanceof WireError) return { ok: false, error: `history rows: ${err.message}` };
    throw err;
  }
}

/** A column that may be sent as `null` (all empty). */
function sparseColumn(
  record: Record<string, unknown>,
  name: string,
  count: number,
): readonly unknown[] | null {
  return record[name] === null ? null : column(record, name, count);
}

/** The value at `i` of a sparse column, `empty` for a column sent as `null`. */
function at(col: readonly unknown[] | null, i: number, empty: unknown): unknown {
  return col === null ? empty : col[i];
}

function column(record: Record<string, unknown>, name: string, count: number): unknown[] {
  const value = record[name];
  if (!Array.isArray(value)) throw new WireError(`${name} is missing`);
  if (value.length !== count)
    throw new WireError(`${name} has ${value.length} values for ${count} snapshots`);
  return value;
}

function decodeRowsOrThrow(wire: unknown, table: ColumnTable): SnapshotSummary[] {
  if (!isPlainObject(wire)) throw new WireError('not an object');
  const count = wire.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
    throw new WireError('count is missing');
  const strings = column(wire, 'strings', Array.isArray(wire.strings) ? wire.strings.length : -1);
  if (!strings.every((s) => typeof s === 'string')) throw new WireError('strings holds a non-string');
  const stringTable = strings as string[];
  const keys = column(wire, 'keys', count);
  const time = column(wire, 'time', count);
  const present = column(wire, 'present', count);
  const done = column(wire, 'done', count);
  const error = sparseColumn(wire, 'error', count);
  const where = sparseColumn(wire, 'where', count);
  const bytesRecord = wire.bytes;
  if (!Array.isArray(bytesRecord) || bytesRecord.length !== DEBUG_FILE_KINDS.length) {
    throw new WireError(`bytes needs ${DEBUG_FILE_KINDS.length} columns`);
  }
  const bytes = DEBUG_FILE_KINDS.map((kind, k) => sparseColumn({ [kind]: bytesRecord[k] }, kind, count));
  if (!isPlainObject(wire.text)) throw new WireError('text is missing');
  if (!isPlainObject(wire.numbers)) throw new WireError('numbers is missing');
  if (!isPlainObject(wire.flags)) throw new WireError('flags is missing');
  const textRecord = wire.text;
  const numberRecord = wire.numbers;
  const flagRecord = wire.flags;
  const ids = wireColumns(table);
  const cols: WireColumns = {
    ids,
    text: ids.text.map((c) => sparseColumn(textRecord, c, count)),
    numbers: ids.number.map((c) => sparseColumn(numberRecord, c, count)),
    flags: ids.flag.map((c) => sparseColumn(flagRecord, c, count)),
  };
  // Checked here, value by value, and kept as typed arrays the rows read (listed-rows.ts): the
  // page holds no object per file and no file name per row.
  const out = new ListedColumns(count, keys as string[], stringTable, ids);
  if (error !== null) out.error = new Int32Array(count);
  if (where !== null) out.where = new Uint8Array(count);
  const sizes = bytes.map((b, k) => (b === null ? null : (out.bytes[k] = new Float64Array(count))));
  const text = cols.text.map((c, j) => (c === null ? null : (out.text[j] = new Int32Array(count))));
  const numbers = cols.numbers.map((c, j) =>
    c === null ? null : (out.numbers[j] = new Float64Array(count)),
  );
  const flags = cols.flags.map((c, j) => (c === null ? null : (out.flags[j] = new Int8Array(count))));
  const kinds = DEBUG_FILE_KINDS.length;
  // Plain loops and no closures per row: this runs for every one of 250,000 snapshots.
  let t = 0;
  for (let i = 0; i < count; i++) {
    const key = keys[i];
    if (typeof key !== 'string' || key.length < 19) throw new WireError(`keys[${i}] is not a snapshot key`);
    const dt = time[i];
    if (typeof dt !== 'number') throw new WireError(`time[${i}] is not a number`);
    t = i === 0 ? dt : t + dt;
    out.time[i] = t;
    const mask = present[i];
    if (typeof mask !== 'number' || mask < 0 || mask >= 1 << kinds || !Number.isInteger(mask))
      throw new WireError(`present[${i}] is not a number`);
    out.present[i] = mask;
    for (let k = 0; k < kinds; k++) {
      const col = sizes[k];
      if (col === null || col === undefined) continue;
      // A size of a kind the snapshot lacks is not read (as no file object was made for it).
      if ((mask & (1 << k)) === 0) {
        col[i] = Number.NaN;
        continue;
      }
      const size = numberOrNull(bytes[k]?.[i] ?? null, `bytes.${DEBUG_FILE_KINDS[k] as DebugFileKind}`, i);
      col[i] = size === null ? Number.NaN : size;
    }
    let filled = false;
    for (let j = 0; j < text.length; j++) {
      const col = text[j];
      if (col === null || col === undefined) continue;
      const id = ids.text[j] as string;
      const v = cols.text[j]?.[i];
      if (v !== -1) stringAt(stringTable, v, id, i);
      col[i] = v as number;
      if (v !== -1) filled = true;
    }
    for (let j = 0; j < numbers.length; j++) {
      const col = numbers[j];
      if (col === null || col === undefined) continue;
      const v = numberOrNull(cols.numbers[j]?.[i] ?? null, ids.number[j] as string, i);
      col[i] = v === null ? Number.NaN : v;
      if (v !== null) filled = true;
    }
    for (let j = 0; j < flags.length; j++) {
      const col = flags[j];
      if (col === null || col === undefined) continue;
      const v = flagOrNull(cols.flags[j]?.[i] ?? null, ids.flag[j] as string, i);
      col[i] = v === null ? -1 : v ? 1 : 0;
      if (v !== null) filled = true;
    }
    // A snapshot not read yet shows the one empty columns object (most of them at first).
    out.filled[i] = filled ? 1 : 0;
    out.done[i] = done[i] === 1 ? 1 : 0;
    if (out.where !== null) out.where[i] = SNAPSHOT_WHERE.indexOf(whereAt(where, i));
    if (out.error !== null) {
      const e = at(error, i, -1);
      stringAt(stringTable, e, 'error', i);
      out.error[i] = e as number;
    }
  }
  return out.rows();
}

function whereAt(col: readonly unknown[] | null, i: number): SnapshotWhere {
  const at = col === null ? 0 : col[i];
  const value = typeof at === 'number' ? SNAPSHOT_WHERE[at] : undefined;
  if (value === undefined) throw new WireError(`where[${i}] is not 0, 1 or 2`);
  return value;
}

/** The stored columns as received, in the table's order by kind. */
interface WireColumns {
  readonly ids: Record<ColumnKind, readonly string[]>;
  readonly text: readonly (readonly unknown[] | null)[];
  readonly numbers: readonly (readonly unknown[] | null)[];
  readonly flags: readonly (readonly unknown[] | null)[];
}

function flagOrNull(value: unknown, column: string, row: number): boolean | null {
  if (value === null) return null;
  if (value === 0 || value === 1) return value === 1;
  throw new WireError(`${column}[${row}] is not 0, 1 or null`);
}

/** Decodes a listing. */
export function decodeListing(wire: unknown): DecodeResult<HistoryListing> {
  if (!isPlainObject(wire) || typeof wire.dir !== 'string')
    return { ok: false, error: 'history listing: no dir' };
  if (!Array.isArray(wire.foreign)) return { ok: false, error: 'history listing: foreign is missing' };
  const rows = decodeRows(wire.rows);
  if (!rows.ok) return rows;
  const error = typeof wire.error === 'string' ? wire.error : null;
  return {
    ok: true,
    value: { dir: wire.dir, snapshots: rows.value, foreign: wire.foreign as ForeignEntry[], error },
  };
}
