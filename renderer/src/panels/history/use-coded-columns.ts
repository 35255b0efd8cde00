/**
 * The listing's filterable columns, coded (shared/history/row-filter.ts `columnarOf`): a filter
 * over them answers 2M rows in 35-55 ms to the frame, against 0.3-1 s over the row objects. A
 * column is coded when a filter first needs it (about 35 ms at 2M, read from the decoded
 * listing's arrays; 0.2-0.5 s through the row objects before), so once the listing has settled
 * the page codes the rest while idle, one column a callback, and takes even that off the first
 * filter of each.
 */
import { useEffect, useMemo } from 'react';
import type { SnapshotSummary } from '../../../../shared/history/history-types';
import { COLUMNAR_FILTER_IDS, columnarOf } from '../../../../shared/history/row-filter';
import type { ColumnarRows } from '../../../../shared/history/row-filter';

/** How long the listing stays the same (no pushed part) before the idle coding starts. */
const SETTLED_MS = 1000;
/** Listings smaller than this code in a blink when filtered: nothing is done ahead. */
const AHEAD_FROM_ROWS = 50_000;

export function useCodedColumns(rows: readonly SnapshotSummary[]): ColumnarRows {
  const columnar = useMemo(() => columnarOf(rows, COLUMNAR_FILTER_IDS), [rows]);
  useEffect(() => {
    if (rows.length < AHEAD_FROM_ROWS || typeof requestIdleCallback !== 'function') return;
    const steps: (() => void)[] = [
      () => void columnar.time,
      ...COLUMNAR_FILTER_IDS.map((id) => () => void columnar.column(id)),
    ];
    let idle: number | null = null;
    const next = (): void => {
      idle = requestIdleCallback(() => {
        steps.shift()?.();
        if (steps.length > 0) next();
      });
    };
    const timer = setTimeout(next, SETTLED_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== null) cancelIdleCallback(idle);
    };
  }, [rows, columnar]);
  return columnar;
}
