/**
 * How long the History waits before applying the next burst of pushed rows. Each burst re-derives
 * the table, chart, choices and Δ column from every row (O(rows)), so at 250,000 snapshots one
 * costs a long frame. A fixed wait would spend most frames on it while the index pass pushes;
 * instead the wait grows with what the last burst cost, so applying rows takes at most about
 * 1/(RATIO + 1) of the page's time and almost every frame stays free for scroll and input.
 */

/** The shortest wait: bursts arriving together are applied in one go (one table update). */
export const MIN_DELTA_WAIT_MS = 150;
/** The longest wait, so the rows and the progress still move every few seconds. */
export const MAX_DELTA_WAIT_MS = 4000;
/** Idle time kept per ms spent applying a burst. */
export const IDLE_PER_BUSY = 15;

/** The wait before the next burst, given what applying the last one cost (ms; 0 before any). */
export function nextDeltaWait(lastCostMs: number): number {
  if (!Number.isFinite(lastCostMs) || lastCostMs <= 0) return MIN_DELTA_WAIT_MS;
  return Math.min(MAX_DELTA_WAIT_MS, Math.max(MIN_DELTA_WAIT_MS, Math.round(lastCostMs * IDLE_PER_BUSY)));
}
