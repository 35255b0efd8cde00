/**
 * How far the background pass that reads every snapshot's columns has got (indexing
 * 50,000 files takes seconds, and the table showed "…" with nothing saying how long). Counted
 * from the rows themselves, so it is exactly what the table shows.
 */
import type { SnapshotSummary } from '../../../../shared/history/history-types';

/** Snapshots read so far and in all; `null` when every one has been read. */
export function indexProgress(
  rows: readonly SnapshotSummary[],
): { readonly done: number; readonly total: number } | null {
  let pending = 0;
  for (const r of rows) if (r.parseState === 'pending') pending++;
  return pending === 0 ? null : { done: rows.length - pending, total: rows.length };
}
