/**
 * Sorting the Timeline ("largest section: scan or hover" no more). Four columns sort:
 * order, status, bytes and files. The first click on a size sorts largest first (what one
 * looks for), on order or status in their natural order; the second click reverses; the third
 * goes back to merged order. Ties keep merged order, so a sort is stable and predictable.
 */
import { SECTION_STATUSES } from '../../../../shared/engine';
import type { TableSort } from '../../store/view-slice';
import type { TimelineRow } from './timeline-rows';

/** The columns that sort. */
export const TIMELINE_SORT_COLUMNS = ['order', 'status', 'bytes', 'files'] as const;

/** A sortable column. */
export type TimelineSortColumn = (typeof TIMELINE_SORT_COLUMNS)[number];

/** The Timeline's sort; `null` is merged order. */
export interface TimelineSort {
  readonly column: TimelineSortColumn;
  readonly desc: boolean;
}

const isColumn = (x: string): x is TimelineSortColumn =>
  (TIMELINE_SORT_COLUMNS as readonly string[]).includes(x);

/** The Timeline's sort from the tab's remembered one (another tab's column names are dropped). */
export function timelineSortOf(sort: TableSort | undefined): TimelineSort | null {
  return sort !== undefined && isColumn(sort.column) ? { column: sort.column, desc: sort.desc } : null;
}

/** The direction a column sorts in on its first click. */
const FIRST_DESC: Readonly<Record<TimelineSortColumn, boolean>> = {
  order: false,
  status: false,
  bytes: true,
  files: true,
};

/** The sort after a click on `column`: first direction, reversed, then merged order. */
export function nextSort(current: TimelineSort | null, column: TimelineSortColumn): TimelineSort | null {
  if (current === null || current.column !== column) return { column, desc: FIRST_DESC[column] };
  if (current.desc === FIRST_DESC[column]) return { column, desc: !current.desc };
  return null;
}

/** Loaded first, then in the order evolcore checks the reasons (not-loaded reasons together). */
const STATUS_RANK = new Map([...SECTION_STATUSES].reverse().map((s, i) => [s, i]));

/** A section without an order sorts after every ordered one, in both directions. */
function compareOrder(a: TimelineRow, b: TimelineRow, desc: boolean): number {
  if (a.order === null || b.order === null) return a.order === b.order ? 0 : a.order === null ? 1 : -1;
  return desc ? b.order - a.order : a.order - b.order;
}

function compare(a: TimelineRow, b: TimelineRow, sort: TimelineSort): number {
  const dir = sort.desc ? -1 : 1;
  switch (sort.column) {
    case 'order':
      return compareOrder(a, b, sort.desc);
    case 'status':
      return dir * ((STATUS_RANK.get(a.status) ?? 0) - (STATUS_RANK.get(b.status) ?? 0));
    case 'bytes':
      return dir * (a.bytes - b.bytes);
    case 'files':
      return dir * (a.files - b.files);
  }
}

/** The rows in the sort's order; ties (and `null`) keep merged order. A new array, rows untouched. */
export function sortRows(rows: readonly TimelineRow[], sort: TimelineSort | null): readonly TimelineRow[] {
  if (sort === null) return rows;
  return [...rows].sort((a, b) => compare(a, b, sort) || a.index - b.index);
}

/** `aria-sort` of a column under a sort. */
export function ariaSort(
  sort: TimelineSort | null,
  column: TimelineSortColumn,
): 'ascending' | 'descending' | 'none' {
  return sort?.column !== column ? 'none' : sort.desc ? 'descending' : 'ascending';
}
