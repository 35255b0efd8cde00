/**
 * The rows of a decoded listing, as the page holds them: the received columns kept as typed
 * arrays, and per snapshot one small object that reads its fields from them. A listing of
 * 250,000 snapshots decoded into plain objects took about 1 KB each in the page (a row, its
 * columns, four file objects and four file names); read through the columns it is a fifth of
 * that, and file names are made only for the rows that show them.
 *
 * The rows are `SnapshotSummary` values like any other: every field is a getter, and `toJSON`
 * gives the plain object, so a row sent back, logged or compared as JSON is the same as before.
 * Code that needs a row's own properties (a spread, `Object.keys`) takes `plainRow(row)`.
 */
import { DEBUG_FILE_KINDS, debugFileName } from '../debug-files/names';
import type { DebugFileKind } from '../debug-files/names';
import { EMPTY_COLUMNS, SNAPSHOT_WHERE } from './history-types';
import type { SnapshotColumns, SnapshotFile, SnapshotSummary, SnapshotWhere } from './history-types';
import { missingOfMask } from './snapshot-group';

/** A number column's "none": the wire's `null` (JSON has no NaN, so no value is lost). */
const NONE = Number.NaN;

/** The stored columns of a listing, by how they travel (history-columns.ts's kinds). */
export interface ListedColumnIds {
  readonly text: readonly string[];
  readonly number: readonly string[];
  readonly flag: readonly string[];
}

/** A listing's columns, checked and kept as typed arrays (listing-wire.ts fills them). */
export class ListedColumns {
  readonly time: Float64Array;
  readonly present: Uint8Array;
  readonly done: Uint8Array;
  /** Index into `strings`, -1: none; `null`: no row has one. */
  error: Int32Array | null = null;
  /** Index into `SNAPSHOT_WHERE`; `null`: every row is live. */
  where: Uint8Array | null = null;
  /** Sizes by kind, NaN: not stated; `null`: none stated. */
  readonly bytes: (Float64Array | null)[];
  /** 1 when the row has any stored column's value (else it shows the one empty columns). */
  readonly filled: Uint8Array;
  readonly text: (Int32Array | null)[];
  readonly numbers: (Float64Array | null)[];
  /** 1, 0, or -1 for unknown. */
  readonly flags: (Int8Array | null)[];
  private readonly view: new (rows: ListedColumns, i: number) => SnapshotColumns;

  constructor(
    readonly count: number,
    readonly keys: readonly string[],
    readonly strings: readonly string[],
    readonly ids: ListedColumnIds,
  ) {
    this.time = new Float64Array(count);
    this.present = new Uint8Array(count);
    this.done = new Uint8Array(count);
    this.filled = new Uint8Array(count);
    this.bytes = DEBUG_FILE_KINDS.map(() => null);
    this.text = ids.text.map(() => null);
    this.numbers = ids.number.map(() => null);
    this.flags = ids.flag.map(() => null);
    this.view = columnsView(ids);
  }

  /** The rows, one small object each. */
  rows(): SnapshotSummary[] {
    const out = new Array<SnapshotSummary>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = new ListedRow(this, i);
    return out;
  }

  /** Row `i`'s columns: a view on these arrays, or the one empty columns of a row not read yet. */
  columnsOf(i: number): SnapshotColumns {
    return this.filled[i] === 1 ? new this.view(this, i) : EMPTY_COLUMNS;
  }

  textAt(j: number, i: number): string | null {
    const at = this.text[j]?.[i] ?? -1;
    return at < 0 ? null : (this.strings[at] as string);
  }

  numberAt(j: number, i: number): number | null {
    const v = this.numbers[j]?.[i] ?? NONE;
    return Number.isNaN(v) ? null : v;
  }

  flagAt(j: number, i: number): boolean | null {
    const v = this.flags[j]?.[i] ?? -1;
    return v < 0 ? null : v === 1;
  }
}

/** One snapshot of a decoded listing; every field read from its listing's columns. */
class ListedRow implements SnapshotSummary {
  // Private fields: a row has no own enumerable property but what `toJSON` gives.
  readonly #rows: ListedColumns;
  readonly #i: number;
  /** Made when first asked for, then kept: a filter reads a row's columns many times. */
  #view: SnapshotColumns | null = null;

  constructor(rows: ListedColumns, i: number) {
    this.#rows = rows;
    this.#i = i;
  }

  get key(): string {
    return this.#rows.keys[this.#i] as string;
  }

  get timestamp(): string {
    const key = this.key;
    return key.length > 19 ? key.slice(0, 19) : key;
  }

  get suffix(): number | null {
    const key = this.key;
    return key.length > 19 ? Number(key.slice(20)) : null;
  }

  get time(): number {
    return this.#rows.time[this.#i] as number;
  }

  get where(): SnapshotWhere | undefined {
    const at = this.#rows.where?.[this.#i] ?? 0;
    // Live rows carry none, as the main side's summaries of a live folder.
    return at === 0 ? undefined : SNAPSHOT_WHERE[at];
  }

  /** Made on each read (the table asks for the rows it shows): names are not kept per row. */
  get files(): Partial<Record<DebugFileKind, SnapshotFile>> {
    const files: Partial<Record<DebugFileKind, SnapshotFile>> = {};
    const mask = this.#rows.present[this.#i] as number;
    for (let k = 0; k < DEBUG_FILE_KINDS.length; k++) {
      if ((mask & (1 << k)) === 0) continue;
      const kind = DEBUG_FILE_KINDS[k] as DebugFileKind;
      const b = this.#rows.bytes[k]?.[this.#i] ?? NONE;
      files[kind] = { name: debugFileName(kind, this.key), bytes: Number.isNaN(b) ? null : b };
    }
    return files;
  }

  get missing(): readonly DebugFileKind[] {
    return missingOfMask(this.#rows.present[this.#i] as number);
  }

  get columns(): SnapshotColumns {
    this.#view ??= this.#rows.columnsOf(this.#i);
    return this.#view;
  }

  get parseState(): 'pending' | 'done' {
    return this.#rows.done[this.#i] === 1 ? 'done' : 'pending';
  }

  get error(): string | null {
    const at = this.#rows.error?.[this.#i] ?? -1;
    return at < 0 ? null : (this.#rows.strings[at] as string);
  }

  toJSON(): SnapshotSummary {
    return plainRow(this);
  }

  /** A row's listing, `null` for a row of another kind (`listedCoder` reads the arrays). */
  static sourceOf(row: object): ListedColumns | null {
    return row instanceof ListedRow ? row.#rows : null;
  }

  /** A row's index in its listing (a row `sourceOf` gave a listing for). */
  static indexOf(row: ListedRow): number {
    return row.#i;
  }
}

/** A stored value as a filter codes it (row-filter.ts): anything but a scalar is unknown. */
export type CodedValue = string | number | boolean | null;

/** `v` as a filter codes it. */
export const codedValue = (v: unknown): CodedValue =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;

/**
 * A read of decoded rows made once per listing they come from (`make`), the last one kept at
 * hand: the rows of a merged listing come in runs of one pushed part. `undefined` for a row of
 * another kind.
 */
function byListing<T>(make: (rows: ListedColumns) => (i: number) => T): (row: object) => T | undefined {
  let last: ListedColumns | null = null;
  let lastRead: (i: number) => T = () => undefined as T;
  const made = new Map<ListedColumns, (i: number) => T>();
  return (row) => {
    const source = ListedRow.sourceOf(row);
    if (source === null) return undefined;
    if (source !== last) {
      let read = made.get(source);
      if (read === undefined) {
        read = make(source);
        made.set(source, read);
      }
      last = source;
      lastRead = read;
    }
    return lastRead(ListedRow.indexOf(row as ListedRow));
  };
}

/**
 * A reader of one stored column of rows: `row.columns[id]`, but for a decoded row read from its
 * listing's arrays, without the columns view a row makes on first read (2M views, and the
 * getters behind them, were most of the History chart's 1.2 s at 2M rows, after each filter).
 */
export function columnReader<K extends keyof SnapshotColumns>(
  id: K,
): (row: SnapshotSummary) => SnapshotColumns[K] {
  const listed = byListing((rows) => sourceReader(rows, id));
  return (row) => {
    const v = listed(row);
    return v === undefined ? row.columns[id] : (v as SnapshotColumns[K]);
  };
}

/**
 * Column `id` of decoded rows as codes (row-filter.ts `columnarOf`), read from their listings'
 * arrays: a listing's strings are coded once each, not once per row, and no row makes its
 * columns' view. Coding a column of 2M rows through the row objects took 0.2-0.5 s, the first
 * filter's wait. The coder gives -1 for a row of another kind, which the caller codes from its
 * object.
 */
export function listedCoder(id: string, codeOf: (v: CodedValue) => number): (row: object) => number {
  const listed = byListing((rows) => sourceCoder(rows, id, codeOf));
  return (row) => listed(row) ?? -1;
}

/** Column `id` of one listing's rows, as `columnsOf(i)[id]` reads it (`undefined`: no such column). */
function sourceReader(rows: ListedColumns, id: string): (i: number) => unknown {
  const empty = EMPTY_COLUMNS[id as keyof SnapshotColumns];
  const { filled } = rows;
  const text = rows.ids.text.indexOf(id);
  if (text >= 0) return (i) => (filled[i] === 1 ? rows.textAt(text, i) : empty);
  const number = rows.ids.number.indexOf(id);
  if (number >= 0) return (i) => (filled[i] === 1 ? rows.numberAt(number, i) : empty);
  const flag = rows.ids.flag.indexOf(id);
  if (flag >= 0) return (i) => (filled[i] === 1 ? rows.flagAt(flag, i) : empty);
  return (i) => (filled[i] === 1 ? undefined : empty);
}

/** The codes of column `id` over one listing: a text column by its string's index, coded once. */
function sourceCoder(
  rows: ListedColumns,
  id: string,
  codeOf: (v: CodedValue) => number,
): (i: number) => number {
  const text = rows.ids.text.indexOf(id);
  const col = text < 0 ? null : (rows.text[text] ?? null);
  const read = sourceReader(rows, id);
  if (col === null) return (i) => codeOf(codedValue(read(i)));
  const local = new Int32Array(rows.strings.length).fill(-1);
  return (i) => {
    const at = rows.filled[i] === 1 ? (col[i] as number) : -1;
    if (at < 0) return codeOf(codedValue(read(i)));
    let code = local[at] as number;
    if (code < 0) {
      code = codeOf(rows.strings[at] as string);
      local[at] = code;
    }
    return code;
  };
}

/** A row as a plain object of its own properties (for a spread, `Object.keys`, a deep compare). */
export function plainRow(s: SnapshotSummary): SnapshotSummary {
  const where = s.where;
  return {
    key: s.key,
    timestamp: s.timestamp,
    suffix: s.suffix,
    time: s.time,
    ...(where === undefined ? {} : { where }),
    files: s.files,
    missing: s.missing,
    columns:
      s.columns === EMPTY_COLUMNS ? EMPTY_COLUMNS : ({ ...plainColumns(s.columns) } as SnapshotColumns),
    parseState: s.parseState,
    error: s.error,
  };
}

/** The columns of a view as a plain object (a plain one is returned as it is). */
function plainColumns(c: SnapshotColumns): SnapshotColumns {
  const toJSON = (c as { toJSON?: () => SnapshotColumns }).toJSON;
  return typeof toJSON === 'function' ? toJSON.call(c) : c;
}

/**
 * The class of a row's columns for these ids: a getter per column on its prototype (the same
 * shape for every row), reading the listing's arrays.
 */
function columnsView(ids: ListedColumnIds): new (rows: ListedColumns, i: number) => SnapshotColumns {
  class View {
    readonly #rows: ListedColumns;
    readonly #i: number;

    constructor(rows: ListedColumns, i: number) {
      this.#rows = rows;
      this.#i = i;
    }

    /** The value of column `j` of a kind (the getters below). */
    text(j: number): string | null {
      return this.#rows.textAt(j, this.#i);
    }

    number(j: number): number | null {
      return this.#rows.numberAt(j, this.#i);
    }

    flag(j: number): boolean | null {
      return this.#rows.flagAt(j, this.#i);
    }

    toJSON(): Record<string, string | number | boolean | null> {
      const out: Record<string, string | number | boolean | null> = {};
      for (const id of [...ids.text, ...ids.number, ...ids.flag])
        out[id] = (this as unknown as Record<string, string | number | boolean | null>)[id] ?? null;
      return out;
    }
  }
  const define = (id: string, get: (v: View) => string | number | boolean | null): void => {
    Object.defineProperty(View.prototype, id, {
      get(this: View) {
        return get(this);
      },
      enumerable: true,
    });
  };
  ids.text.forEach((id, j) => define(id, (v) => v.text(j)));
  ids.number.forEach((id, j) => define(id, (v) => v.number(j)));
  ids.flag.forEach((id, j) => define(id, (v) => v.flag(j)));
  return View as unknown as new (rows: ListedColumns, i: number) => SnapshotColumns;
}
