/**
 * The History table's rows, pure: the listing kept up to date from pushed deltas, filters per
 * column, the brush of the chart, free-text hits, sorting, and the chart's points.
 */
import type { HistoryListing, SnapshotSummary } from '../../../../shared/history/history-types';
import type { HistoryDelta } from '../../../../shared/api/history-models';
import { formatBytes } from '../../format/bytes';
import { assertNever } from '../../../../shared/base/assert-never';
import { contextDeltas } from '../../../../shared/history/context-delta';
import { columnReader } from '../../../../shared/history/listed-rows';
import { HISTORY_COLUMN_TABLE, shownColumns, shownValue } from '../../../../shared/history/history-columns';
import { UNKNOWN_CHOICE, filterColumnar } from '../../../../shared/history/row-filter';
import type { ColumnarRows } from '../../../../shared/history/row-filter';
import type {
  ColumnTable,
  HistoryColumnId,
  ListingFacts,
  ShownDescriptor,
} from '../../../../shared/history/history-columns';

export type { HistoryColumnId } from '../../../../shared/history/history-columns';

/** Every shown column of the table, in table order. */
export const HISTORY_COLUMNS: readonly HistoryColumnId[] = shownColumns(HISTORY_COLUMN_TABLE).map(
  (d) => d.id as HistoryColumnId,
);

/** Columns filtered by a chosen value (the others by text). */
export const CHOICE_COLUMNS: readonly HistoryColumnId[] = shownColumns(HISTORY_COLUMN_TABLE)
  .filter((d) => d.show.filter === 'choice')
  .map((d) => d.id as HistoryColumnId);

/** The shown descriptor of a column id, `undefined` for an id the table does not show. */
function shownOf(table: ColumnTable, column: string): ShownDescriptor | undefined {
  return shownColumns(table).find((d) => d.id === column);
}

/**
 * Facts of the listing the rows come from (the Δ of each row looks at earlier rows), worked out
 * when first read: only the Δ column reads them, and at 2M rows they took a second, which every
 * change of a filter paid again for the chart's rows even with no Δ shown or filtered.
 */
export function listingFacts(rows: readonly SnapshotSummary[]): ListingFacts {
  let deltas: ListingFacts['deltas'] | null = null;
  return {
    get deltas() {
      return (deltas ??= contextDeltas(rows));
    },
  };
}

/** No facts: a Δ is unknown. */
export const NO_FACTS: ListingFacts = { deltas: new Map() };

/** Which way a first click on a column's header sorts: newest and largest growth first. */
export function firstSortDesc(column: string, table: ColumnTable = HISTORY_COLUMN_TABLE): boolean {
  return shownOf(table, column)?.show.firstDesc === true;
}

/** Filters: a value per column (`''` = any), the brushed time range, the search hits. */
export interface HistoryFilters {
  readonly columns: Readonly<Partial<Record<HistoryColumnId, string>>>;
  /** Epoch ms, inclusive; `null` = no brush. */
  readonly brush: { readonly from: number; readonly to: number } | null;
  /** Keys whose context matched the free-text search; `null` = no search. */
  readonly hits: ReadonlySet<string> | null;
}

/** No filter at all. */
export const NO_FILTERS: HistoryFilters = { columns: {}, brush: null, hits: null };

/** The sort: a column and a direction. */
export interface HistorySort {
  /** A shown column of the table (`HistoryColumnId` for the real one). */
  readonly column: HistoryColumnId;
  readonly desc: boolean;
}

/** The raw text of a cell, what a filter matches and a choice lists; `''` for unknown. */
export function cellText(
  s: SnapshotSummary,
  column: string,
  facts: ListingFacts = NO_FACTS,
  table: ColumnTable = HISTORY_COLUMN_TABLE,
): string {
  const d = shownOf(table, column);
  if (d === undefined) return '';
  if (d.show.text !== undefined) return d.show.text(s);
  const v = shownValue(d, s, facts);
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/** A signed byte change: `+1.2 KB`, `−340 B` (a true minus sign), `0 B`. */
export function formatSignedBytes(n: number): string {
  if (n === 0) return formatBytes(0);
  return `${n > 0 ? '+' : '\u2212'}${formatBytes(Math.abs(n))}`;
}

/** The time as the Time cell shows it, in local time: `2026-11-30 18:15:19`, `… (2)` for a suffix. */
export function timeCellText(s: SnapshotSummary): string {
  const d = new Date(s.time);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const base = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return s.suffix === null ? base : `${base} (${s.suffix})`;
}

/**
 * The texts a text filter of `column` looks in: the raw text, plus what the cell shows (the
 * local time, `25.2 KB`, `+1.2 KB`) so either one typed finds the row.
 */
function filterTexts(
  s: SnapshotSummary,
  d: ShownDescriptor,
  facts: ListingFacts,
  table: ColumnTable,
): readonly string[] {
  const raw = cellText(s, d.id, facts, table);
  const v = shownValue(d, s, facts);
  switch (d.show.display) {
    case 'time':
      return [timeCellText(s), raw];
    case 'bytes':
      return typeof v === 'number' ? [raw, formatBytes(v)] : [raw];
    case 'signedBytes':
      return typeof v === 'number' ? [raw, formatSignedBytes(v)] : [raw];
    case 'text':
    case 'yesNo':
    case 'where':
      return [raw];
    default:
      return assertNever(d.show.display);
  }
}

/** The value a filter of a choice column chooses "unknown" with (one definition, shared). */
export { UNKNOWN_CHOICE };

/** The distinct values of a choice column, for its dropdown. */
export function choicesOf(
  rows: readonly SnapshotSummary[],
  column: string,
  facts: ListingFacts = NO_FACTS,
  table: ColumnTable = HISTORY_COLUMN_TABLE,
): string[] {
  const seen = new Set<string>();
  for (const r of rows) seen.add(cellText(r, column, facts, table) || UNKNOWN_CHOICE);
  return [...seen].sort();
}

function matchesColumn(
  s: SnapshotSummary,
  d: ShownDescriptor,
  wanted: string,
  facts: ListingFacts,
  table: ColumnTable,
): boolean {
  if (d.show.filter === 'choice') return (cellText(s, d.id, facts, table) || UNKNOWN_CHOICE) === wanted;
  const needle = wanted.trim().toLowerCase();
  return filterTexts(s, d, facts, table).some((h) => h.toLowerCase().includes(needle));
}

/**
 * The rows passing every filter; `rows` itself when no filter is set (nothing to copy). `facts`
 * are the whole listing's (a row's Δ does not change with the filter); by default the rows'.
 */
export function filterRows(
  rows: readonly SnapshotSummary[],
  filters: HistoryFilters,
  facts?: ListingFacts,
  table: ColumnTable = HISTORY_COLUMN_TABLE,
): readonly SnapshotSummary[] {
  const active: [ShownDescriptor, string][] = [];
  for (const [column, wanted] of Object.entries(filters.columns as Readonly<Record<string, unknown>>)) {
    const d = shownOf(table, column);
    if (d !== undefined && typeof wanted === 'string' && wanted !== '') active.push([d, wanted]);
  }
  const { brush, hits } = filters;
  if (active.length === 0 && brush === null && hits === null) return rows;
  const known = facts ?? listingFacts(rows);
  return rows.filter(
    (s) =>
      (brush === null || (s.time >= brush.from && s.time <= brush.to)) &&
      (hits === null || hits.has(s.key)) &&
      active.every(([d, wanted]) => matchesColumn(s, d, wanted, known, table)),
  );
}

/**
 * `filterRows` through coded columns of the same rows (`columnarOf(rows, COLUMNAR_FILTER_IDS)`,
 * kept per listing): each filter is decided once per distinct value, then a typed-array read per
 * row. At 2M rows the row filter took 0.08-0.51 s a change; this, 45-85 ms. Falls back to
 * `filterRows` for the columns it cannot answer (computed ones: sections, bytes, Δ, kept in).
 */
export function filterShown(
  rows: readonly SnapshotSummary[],
  filters: HistoryFilters,
  columnar: ColumnarRows,
  facts?: ListingFacts,
): readonly SnapshotSummary[] {
  const columns: Record<string, string> = {};
  for (const [id, v] of Object.entries(filters.columns as Readonly<Record<string, unknown>>))
    if (typeof v === 'string' && v !== '') columns[id] = v;
  if (Object.keys(columns).length === 0 && filters.brush === null && filters.hits === null) return rows;
  const kept = filterColumnar(columnar, { columns, brush: filters.brush });
  if (kept === null) return filterRows(rows, filters, facts);
  const { hits } = filters;
  // An indexed loop into a sized array: `for…of` over the row numbers and a push a row took
  // 40 ms of a filter keeping 400k of 2M rows.
  const n = kept.length;
  if (hits === null) {
    const out = new Array<SnapshotSummary>(n);
    for (let j = 0; j < n; j++) out[j] = rows[kept[j] as number] as SnapshotSummary;
    return out;
  }
  const out: SnapshotSummary[] = [];
  for (let j = 0; j < n; j++) {
    const s = rows[kept[j] as number] as SnapshotSummary;
    if (hits.has(s.key)) out.push(s);
  }
  return out;
}

/** What a column sorts on: its value, a flag as 1/0, an empty text as unknown. */
function sortValue(s: SnapshotSummary, d: ShownDescriptor, facts: ListingFacts): number | string | null {
  const v = shownValue(d, s, facts);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v === '' ? null : v;
}

/**
 * Sorted copy; unknown values last in either direction, then by time. Rows come oldest first
 * (the listing's order, kept by `filterRows` and `applyDelta`), so sorting by time is a copy
 * or a reversal, not a sort of 12,500 rows. `facts` as for `filterRows`.
 */
export function sortRows(
  rows: readonly SnapshotSummary[],
  sort: { readonly column: string; readonly desc: boolean },
  facts?: ListingFacts,
  table: ColumnTable = HISTORY_COLUMN_TABLE,
): SnapshotSummary[] {
  if (sort.column === 'time') return sort.desc ? [...rows].reverse() : [...rows];
  const d = shownOf(table, sort.column);
  if (d === undefined) return [...rows];
  const known = facts ?? listingFacts(rows);
  const dir = sort.desc ? -1 : 1;
  return rows
    .map((s) => ({ s, v: sortValue(s, d, known) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) {
        if (a.v !== b.v) return a.v === null ? 1 : -1;
      } else if (a.v !== b.v) return (a.v < b.v ? -1 : 1) * dir;
      return a.s.time - b.s.time || (a.s.suffix ?? 0) - (b.s.suffix ?? 0);
    })
    .map((x) => x.s);
}

/** A pushed delta with its rows decoded from their columns. */
export type RowsDelta = Omit<HistoryDelta, 'upserts'> & { readonly upserts: readonly SnapshotSummary[] };

/** The listing after one pushed delta (a `reset` delta is handled by listing again). */
export function applyDelta(listing: HistoryListing, delta: RowsDelta): HistoryListing {
  if (delta.dir !== listing.dir) return listing;
  const removed = new Set(delta.removed);
  const upserts = new Map(delta.upserts.map((s) => [s.key, s]));
  let changed = removed.size > 0;
  const snapshots: SnapshotSummary[] = [];
  for (const s of listing.snapshots) {
    if (removed.has(s.key)) continue;
    const next = upserts.get(s.key);
    if (next !== undefined) {
      upserts.delete(s.key);
      snapshots.push(next);
      changed = true;
    } else snapshots.push(s);
  }
  let merged = snapshots;
  if (upserts.size > 0) {
    changed = true;
    merged = mergedByTime(snapshots, [...upserts.values()].sort(byTime));
  }
  if (!changed && delta.foreign === null) return listing;
  return { ...listing, snapshots: merged, foreign: delta.foreign ?? listing.foreign };
}

/** The listing's order: time, then suffix. */
const byTime = (a: SnapshotSummary, b: SnapshotSummary): number =>
  a.time - b.time || (a.suffix ?? 0) - (b.suffix ?? 0);

/**
 * New rows (in order) merged into the listing's: one pass, where sorting the whole listing for
 * each pushed part of a year of archived renders (2M rows, 21 parts) took seconds a part. A
 * listing not in order (it should always be) is sorted whole, as before; ties keep the listing's
 * rows first, as the stable sort did.
 */
function mergedByTime(
  rows: readonly SnapshotSummary[],
  added: readonly SnapshotSummary[],
): SnapshotSummary[] {
  for (let i = 1; i < rows.length; i++)
    if (byTime(rows[i - 1] as SnapshotSummary, rows[i] as SnapshotSummary) > 0)
      return [...rows, ...added].sort(byTime);
  const out = new Array<SnapshotSummary>(rows.length + added.length);
  let a = 0;
  let b = 0;
  for (let o = 0; o < out.length; o++) {
    const x = rows[a];
    const y = added[b];
    if (y === undefined || (x !== undefined && byTime(x, y) <= 0)) {
      out[o] = x as SnapshotSummary;
      a++;
    } else {
      out[o] = y;
      b++;
    }
  }
  return out;
}

/** One point of the size chart. */
export interface ChartPoint {
  readonly key: string;
  /** The snapshot itself (the chart's series reads it: no lookup by key over every row). */
  readonly snapshot: SnapshotSummary;
  readonly x: number;
  readonly y: number;
  readonly truncated: boolean;
}

/** One level of the budget line: from `x1` to `x2` at `y`, the total budget of the renders there. */
export interface BudgetStep {
  readonly x1: number;
  readonly x2: number;
  readonly y: number;
  readonly bytes: number;
}

/** The chart's geometry: points in a `width`×`height` box, the budget step line, the time range. */
export interface ChartModel {
  readonly points: readonly ChartPoint[];
  /** Each snapshot's own recorded budget (today's where it recorded none), as steps over time. */
  readonly budget: readonly BudgetStep[];
  readonly maxBytes: number;
  readonly from: number;
  readonly to: number;
}

/**
 * The total budget each read snapshot ran with, by pixel column (the largest where renders of
 * different budgets share one): its manifest report's `totals.maxBytes`, else `today`'s. Columns
 * without a read snapshot keep the level before them; `NaN` before the first.
 */
function budgetColumns(
  rows: readonly SnapshotSummary[],
  today: number | null,
  columnOf: (s: SnapshotSummary) => number,
  width: number,
): Float64Array {
  const levels = new Float64Array(width).fill(Number.NaN);
  const budgetOf = columnReader('budgetBytes');
  for (const s of rows) {
    if (s.parseState !== 'done') continue; // Not read yet: its budget is not known.
    const bytes = budgetOf(s) ?? today;
    if (bytes === null) continue;
    const col = columnOf(s);
    const kept = levels[col] as number;
    if (Number.isNaN(kept) || bytes > kept) levels[col] = bytes;
  }
  return levels;
}

/** Merges the columns' levels into steps (at most one per change, so at most `width`). */
function budgetSteps(levels: Float64Array, yOf: (bytes: number) => number): BudgetStep[] {
  const steps: BudgetStep[] = [];
  let level = Number.NaN;
  let start = 0;
  const width = levels.length;
  for (let col = 0; col <= width; col++) {
    const next = col === width ? Number.NaN : (levels[col] as number);
    if (col < width && (Number.isNaN(next) || next === level)) continue;
    if (!Number.isNaN(level)) steps.push({ x1: start, x2: col, y: yOf(level), bytes: level });
    level = next;
    start = col;
  }
  // The last level runs to the right edge (the loop closed it at `width` already).
  return steps;
}

/**
 * Points of context bytes over time and the budget step line, on one y scale. One pass over
 * the rows and at most one point per pixel column (the largest there, so a spike stays visible,
 * marked truncated when any render in the column was): 12,500 snapshots draw ~1,000 points.
 */
export function chartModel(
  rows: readonly SnapshotSummary[],
  today: number | null,
  width: number,
  height: number,
): ChartModel {
  let from = Infinity;
  let to = -Infinity;
  for (const s of rows) {
    if (s.time < from) from = s.time;
    if (s.time > to) to = s.time;
  }
  if (rows.length === 0) {
    from = 0;
    to = 1;
  }
  const span = Math.max(1, to - from);
  const columns = Math.max(1, Math.floor(width));
  const xOf = (s: SnapshotSummary): number => ((s.time - from) / span) * width;
  const columnOf = (s: SnapshotSummary): number => Math.min(columns - 1, Math.floor(xOf(s)));
  const levels = budgetColumns(rows, today, columnOf, columns);
  let maxBytes = Math.max(1, today ?? 0);
  for (const level of levels) if (level > maxBytes) maxBytes = level;
  const top = new Array<SnapshotSummary | undefined>(columns);
  const topBytes = new Float64Array(columns);
  const truncated = new Uint8Array(columns);
  // Read from the decoded listing's arrays (columnReader): a row's columns view is not made.
  const bytesOf = columnReader('contextBytes');
  const truncatedOf = columnReader('truncated');
  let sized = 0;
  for (const s of rows) {
    const bytes = bytesOf(s);
    if (bytes === null) continue;
    sized++;
    if (bytes > maxBytes) maxBytes = bytes;
    const col = columnOf(s);
    if (top[col] === undefined || bytes > (topBytes[col] as number)) {
      top[col] = s;
      topBytes[col] = bytes;
    }
    if (truncatedOf(s) === true) truncated[col] = 1;
  }
  const yOf = (bytes: number): number => height - (bytes / maxBytes) * height;
  const point = (s: SnapshotSummary, isTruncated: boolean): ChartPoint => ({
    key: s.key,
    snapshot: s,
    x: xOf(s),
    y: yOf(bytesOf(s) ?? 0),
    truncated: isTruncated,
  });
  const points: ChartPoint[] = [];
  if (sized <= columns) {
    // Few enough to draw every one, in time order.
    for (const s of rows) if (bytesOf(s) !== null) points.push(point(s, truncatedOf(s) === true));
    points.sort((a, b) => a.x - b.x);
  } else {
    top.forEach((s, col) => {
      if (s !== undefined) points.push(point(s, truncated[col] === 1));
    });
  }
  return { points, budget: budgetSteps(levels, yOf), maxBytes, from, to };
}

/** The time range a brush from pixel `x1` to `x2` covers. */
export function brushRange(
  model: ChartModel,
  width: number,
  x1: number,
  x2: number,
): { from: number; to: number } {
  const lo = Math.max(0, Math.min(x1, x2));
  const hi = Math.min(width, Math.max(x1, x2));
  const span = Math.max(1, model.to - model.from);
  return { from: model.from + (lo / width) * span, to: model.from + (hi / width) * span };
}

/**
 * `true` when `dir` is the home's own snapshot folder (`<home>/data/eck-debug`), so "back to the
 * home's history" has nothing to do. Compared as text, with either separator, since the
 * renderer has no `path` module.
 */
export function isHomeHistory(dir: string, home: string | null): boolean {
  if (home === null) return false;
  const norm = (p: string): string => p.replaceAll('\\', '/').replace(/\/+$/, '');
  return norm(dir) === `${norm(home)}/data/eck-debug`;
}
