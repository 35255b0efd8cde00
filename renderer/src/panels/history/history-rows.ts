/**
 * The History table's rows, pure: the listing kept up to date from pushed deltas, filters per
 * column, the brush of the chart, free-text hits, sorting, and the chart's points (issue 7).
 */
import type { HistoryListing, SnapshotSummary } from '../../../../shared/debug-files/history-types';
import type { HistoryDelta } from '../../../../shared/history/history-models';

/** A sortable column. */
export type HistoryColumnId =
  'time' | 'sessionType' | 'chatType' | 'channel' | 'peer' | 'sections' | 'bytes' | 'truncated';

/** Every column, in table order. */
export const HISTORY_COLUMNS: readonly HistoryColumnId[] = [
  'time',
  'sessionType',
  'chatType',
  'channel',
  'peer',
  'sections',
  'bytes',
  'truncated',
];

/** Columns filtered by a chosen value (the others by text). */
export const CHOICE_COLUMNS = ['sessionType', 'chatType', 'channel', 'truncated'] as const;

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
  readonly column: HistoryColumnId;
  readonly desc: boolean;
}

/** The text a cell shows and a filter matches; `''` for unknown. */
export function cellText(s: SnapshotSummary, column: HistoryColumnId): string {
  const c = s.columns;
  switch (column) {
    case 'time':
      return s.key;
    case 'sessionType':
      return c.sessionType ?? '';
    case 'chatType':
      return c.chatType ?? '';
    case 'channel':
      return c.channel ?? '';
    case 'peer':
      return c.peer ?? '';
    case 'sections':
      return c.sectionsLoaded === null ? '' : `${c.sectionsLoaded} / ${c.sectionsTotal ?? '?'}`;
    case 'bytes':
      return c.contextBytes === null ? '' : String(c.contextBytes);
    case 'truncated':
      return c.truncated === null ? '' : c.truncated ? 'yes' : 'no';
  }
}

/** The value a filter of a choice column chooses "unknown" with. */
export const UNKNOWN_CHOICE = '(none)';

/** The distinct values of a choice column, for its dropdown. */
export function choicesOf(rows: readonly SnapshotSummary[], column: HistoryColumnId): string[] {
  const seen = new Set<string>();
  for (const r of rows) seen.add(cellText(r, column) || UNKNOWN_CHOICE);
  return [...seen].sort();
}

function matchesColumn(s: SnapshotSummary, column: HistoryColumnId, wanted: string): boolean {
  if (wanted === '') return true;
  const text = cellText(s, column);
  if ((CHOICE_COLUMNS as readonly string[]).includes(column)) return (text || UNKNOWN_CHOICE) === wanted;
  return text.toLowerCase().includes(wanted.toLowerCase());
}

/** The rows passing every filter. */
export function filterRows(rows: readonly SnapshotSummary[], filters: HistoryFilters): SnapshotSummary[] {
  const active = Object.entries(filters.columns).filter(
    (e): e is [HistoryColumnId, string] => typeof e[1] === 'string' && e[1] !== '',
  );
  const { brush, hits } = filters;
  return rows.filter(
    (s) =>
      (brush === null || (s.time >= brush.from && s.time <= brush.to)) &&
      (hits === null || hits.has(s.key)) &&
      active.every(([column, wanted]) => matchesColumn(s, column, wanted)),
  );
}

function sortValue(s: SnapshotSummary, column: HistoryColumnId): number | string | null {
  const c = s.columns;
  switch (column) {
    case 'time':
      return s.time + (s.suffix ?? 0) / 1000;
    case 'sections':
      return c.sectionsLoaded;
    case 'bytes':
      return c.contextBytes;
    case 'truncated':
      return c.truncated === null ? null : c.truncated ? 1 : 0;
    default:
      return cellText(s, column) || null;
  }
}

/**
 * Sorted copy; unknown values last in either direction, then by time. Rows come oldest first
 * (the listing's order, kept by `filterRows` and `applyDelta`), so sorting by time is a copy
 * or a reversal, not a sort of 12,500 rows.
 */
export function sortRows(rows: readonly SnapshotSummary[], sort: HistorySort): SnapshotSummary[] {
  if (sort.column === 'time') return sort.desc ? [...rows].reverse() : [...rows];
  const dir = sort.desc ? -1 : 1;
  return rows
    .map((s) => ({ s, v: sortValue(s, sort.column) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) {
        if (a.v !== b.v) return a.v === null ? 1 : -1;
      } else if (a.v !== b.v) return (a.v < b.v ? -1 : 1) * dir;
      return a.s.time - b.s.time || (a.s.suffix ?? 0) - (b.s.suffix ?? 0);
    })
    .map((x) => x.s);
}

/** The listing after one pushed delta (a `reset` delta is handled by listing again). */
export function applyDelta(listing: HistoryListing, delta: HistoryDelta): HistoryListing {
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
  if (upserts.size > 0) {
    changed = true;
    snapshots.push(...upserts.values());
    snapshots.sort((a, b) => a.time - b.time || (a.suffix ?? 0) - (b.suffix ?? 0));
  }
  if (!changed && delta.foreign === null) return listing;
  return { ...listing, snapshots, foreign: delta.foreign ?? listing.foreign };
}

/** One point of the size chart. */
export interface ChartPoint {
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly truncated: boolean;
}

/** The chart's geometry: points in a `width`×`height` box, the budget line's y, the time range. */
export interface ChartModel {
  readonly points: readonly ChartPoint[];
  readonly budgetY: number | null;
  readonly maxBytes: number;
  readonly from: number;
  readonly to: number;
}

/** Points of context bytes over time; the y scale includes the total budget when known. */
export function chartModel(
  rows: readonly SnapshotSummary[],
  budget: number | null,
  width: number,
  height: number,
): ChartModel {
  const sized = rows.filter((s) => s.columns.contextBytes !== null);
  const from = rows.length ? Math.min(...rows.map((s) => s.time)) : 0;
  const to = rows.length ? Math.max(...rows.map((s) => s.time)) : 1;
  const maxBytes = Math.max(1, budget ?? 0, ...sized.map((s) => s.columns.contextBytes ?? 0));
  const span = Math.max(1, to - from);
  const yOf = (bytes: number): number => height - (bytes / maxBytes) * height;
  const all = sized.map((s) => ({
    key: s.key,
    x: ((s.time - from) / span) * width,
    y: yOf(s.columns.contextBytes ?? 0),
    truncated: s.columns.truncated === true,
  }));
  return {
    points: all.length > width ? downsample(all, width) : all,
    budgetY: budget === null ? null : yOf(budget),
    maxBytes,
    from,
    to,
  };
}

/**
 * At most one point per pixel column: the largest there (a spike stays visible), marked
 * truncated when any render in the column was. 12,500 snapshots draw as ~1,000 points.
 */
function downsample(points: readonly ChartPoint[], width: number): ChartPoint[] {
  const columns = new Map<number, ChartPoint>();
  for (const p of points) {
    const col = Math.min(width - 1, Math.floor(p.x));
    const kept = columns.get(col);
    if (kept === undefined) columns.set(col, p);
    else {
      const top = p.y < kept.y ? p : kept;
      columns.set(col, { ...top, truncated: kept.truncated || p.truncated });
    }
  }
  return [...columns.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
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
