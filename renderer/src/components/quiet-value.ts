/**
 * When a value that arrives in bursts is shown to something slow: the History's chart takes the
 * listing through this. At 2M archived rows a listing arrives in about twenty parts, a second
 * or so apart, and each part's chart took half a second of the main thread: a chart per part
 * held inputs behind it all through the listing, and a filter changed the moment the last part
 * landed waited behind that part's. (The first filter on each column still costs 90–110 ms
 * there, chart or not: its column is coded then.) Pure, so the rule is tested without a clock
 * (use-quiet-value.ts applies it).
 */

/** The rule's times, in ms. */
export interface QuietTiming {
  /** A change this long after the one before is no part of a burst: it is shown at once. */
  readonly idleMs: number;
  /** In a burst, the value shown changes at most once in this long. */
  readonly everyMs: number;
  /** In a burst, never sooner than this after the latest change: a user's next step goes first. */
  readonly afterMs: number;
}

/** The listing's timing for the chart. */
export const LISTING_QUIET: QuietTiming = { idleMs: 2000, everyMs: 2000, afterMs: 300 };

/** Listings up to this many rows reach the chart at once: its series costs a few ms there. */
export const QUIET_FROM_ROWS = 50_000;

/**
 * When a change made at `now` is to be shown: at once (`now`) when it follows a quiet spell
 * (or is the first, `previousChange` null); in a burst, once `everyMs` has passed since the
 * value shown last changed (`lastShown`), and at least `afterMs` after this change. A later change
 * in the same burst asks again and replaces this answer.
 */
export function quietShowAt(
  now: number,
  previousChange: number | null,
  lastShown: number,
  timing: QuietTiming,
): number {
  if (previousChange === null || now - previousChange >= timing.idleMs) return now;
  return Math.max(now + timing.afterMs, lastShown + timing.everyMs);
}
