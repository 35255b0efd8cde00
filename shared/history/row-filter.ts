/**
 * The History's column filters and time brush over rows held as columns: a time per row and,
 * per text column, a code per row into a table of its distinct values (how the archive's row
 * index holds a year of renders, electron/archive/row-index-file.ts). A filter is decided once
 * per distinct value (a few hundred peers, a handful of session types), then each row is one
 * typed-array read: 2M rows in a few milliseconds, where the row filter
 * (renderer/src/panels/history/history-rows.ts `filterRows`) reads each row's object.
 *
 * The same matches as that filter, for the columns it covers: a stored column shown as its own
 * text (session type, chat type, channel, peer, truncated). A column whose shown value is
 * computed from others (sections, bytes, Δ, kept in) is not one of them: `null`, and the
 * caller filters the rows.
 */
import { HISTORY_COLUMN_TABLE, shownColumns } from './history-columns';
import type { ColumnTable, ShownDescriptor } from './history-columns';
import { codedValue, listedCoder } from './listed-rows';
import type { CodedValue } from './listed-rows';

/** The value a filter of a choice column chooses "unknown" with (what the dropdown lists). */
export const UNKNOWN_CHOICE = '(none)';

/** One text column: per row a code into `values`; `values[0]` is the unknown value. */
export interface CodedColumn {
  /** As narrow as the number of values allows. */
  readonly codes: Uint8Array | Uint16Array | Uint32Array;
  readonly values: readonly (string | number | boolean | null)[];
}

/** Rows as columns. */
export interface ColumnarRows {
  readonly count: number;
  /** Epoch ms per row. */
  readonly time: Float64Array;
  /** A stored column by id, `null` when the rows do not hold it. */
  column(id: string): CodedColumn | null;
}

/** What to keep: a value per column (`''` = any, as the table's filter row), a time range. */
export interface ColumnarFilters {
  readonly columns: Readonly<Record<string, string>>;
  /** Epoch ms, inclusive; `null`: any time. */
  readonly brush: { readonly from: number; readonly to: number } | null;
}

/** The text a cell shows for a stored value (`''`: unknown), as `cellText` gives it. */
function textOf(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/** A stored column shown as its own text, which coded columns can filter. */
function answers(d: ShownDescriptor): boolean {
  // A shown value or text of its own (time, sections, Δ, kept in): not a stored cell's text.
  return d.read !== undefined && d.show.value === undefined && d.show.text === undefined;
}

/** The columns of the History's table `filterColumnar` filters (the others: `null`). */
export const COLUMNAR_FILTER_IDS: readonly string[] = shownColumns(HISTORY_COLUMN_TABLE)
  .filter(answers)
  .map((d) => d.id);

/** Per distinct value of a column, whether it passes the filter (1) or not (0). */
function passing(d: ShownDescriptor, col: CodedColumn, wanted: string): Uint8Array {
  const pass = new Uint8Array(col.values.length);
  const needle = wanted.trim().toLowerCase();
  col.values.forEach((v, code) => {
    const text = textOf(v);
    const ok =
      d.show.filter === 'choice' ? (text || UNKNOWN_CHOICE) === wanted : text.toLowerCase().includes(needle);
    pass[code] = ok ? 1 : 0;
  });
  return pass;
}

/**
 * The rows passing every filter, as row numbers in order; `null` when a filter names a column
 * these rows cannot answer (a computed one), so the caller filters the row objects instead.
 */
export function filterColumnar(
  rows: ColumnarRows,
  filters: ColumnarFilters,
  table: ColumnTable = HISTORY_COLUMN_TABLE,
): Uint32Array | null {
  const tests: { codes: CodedColumn['codes']; pass: Uint8Array }[] = [];
  for (const [id, wanted] of Object.entries(filters.columns)) {
    if (wanted === '') continue;
    const d = shownColumns(table).find((c) => c.id === id);
    if (d === undefined) continue;
    if (!answers(d)) return null;
    const col = rows.column(id);
    if (col === null) return null;
    tests.push({ codes: col.codes, pass: passing(d, col, wanted) });
  }
  const { brush } = filters;
  const out = new Uint32Array(rows.count);
  let n = 0;
  const count = rows.count;
  const from = brush?.from ?? -Infinity;
  const to = brush?.to ?? Infinity;
  const time = brush === null ? null : rows.time;
  next: for (let i = 0; i < count; i++) {
    if (time !== null) {
      const t = time[i] as number;
      if (t < from || t > to) continue;
    }
    // Indexed, not `for…of`: 2M rows in 11-16 ms against 21-31 ms with an iterator a row.
    for (let k = 0; k < tests.length; k++) {
      const { codes, pass } = tests[k] as (typeof tests)[number];
      if (pass[codes[i] as number] !== 1) continue next;
    }
    out[n++] = i;
  }
  return out.subarray(0, n);
}

/**
 * Rows given as objects (a listing), as columns: the stored columns `ids`, coded. Each column
 * (and the times) is coded when first asked for, once: the History page keeps one per listing,
 * and a listing of 2M rows that is only scrolled never pays for columns nobody filters.
 */
export function columnarOf(
  rows: readonly { readonly time: number; readonly columns: Readonly<Record<string, unknown>> }[],
  ids: readonly string[],
): ColumnarRows {
  let time: Float64Array | null = null;
  const columns = new Map<string, CodedColumn>();
  const code = (id: string): CodedColumn => {
    const values: CodedValue[] = [null];
    const codeOf = new Map<unknown, number>([[null, 0]]);
    const valueCode = (v: CodedValue): number => {
      let at = codeOf.get(v);
      if (at === undefined) {
        at = values.length;
        values.push(v);
        codeOf.set(v, at);
      }
      return at;
    };
    // Decoded rows are read from their listing's arrays (a year of renders: 2M rows a column in
    // tens of ms); any other row from its object.
    const listed = listedCoder(id, valueCode);
    const n = rows.length;
    const codes = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const r = rows[i] as (typeof rows)[number];
      const at = listed(r);
      codes[i] = at >= 0 ? at : valueCode(codedValue(r.columns[id]));
    }
    return { codes, values };
  };
  return {
    count: rows.length,
    get time() {
      if (time === null) {
        // A loop: `Float64Array.from(rows, fn)` took 0.25 s over 2M rows.
        const t = new Float64Array(rows.length);
        for (let i = 0; i < rows.length; i++) t[i] = (rows[i] as (typeof rows)[number]).time;
        time = t;
      }
      return time;
    },
    column: (id) => {
      if (!ids.includes(id)) return null;
      let col = columns.get(id);
      if (col === undefined) {
        col = code(id);
        columns.set(id, col);
      }
      return col;
    },
  };
}
