/**
 * The History chart's largest jumps, pure: the biggest growths of the context between two
 * consecutive snapshots of one session (the session as the Δ column follows it,
 * shared/history/context-delta.ts), marked on the chart so a reader sees where a session's
 * context grew most and can open that snapshot. Snapshots with no session are not compared:
 * a jump across two unrelated conversations says nothing.
 */
import { sessionOf } from '../../../../shared/history/context-delta';
import type { SnapshotSummary } from '../../../../shared/history/history-types';

/** One marked growth: the snapshot where the context grew, and from what. */
export interface ChartJump {
  readonly key: string;
  /** Epoch milliseconds of the snapshot that grew. */
  readonly time: number;
  readonly bytes: number;
  readonly before: number;
  /** `bytes - before`, always positive. */
  readonly growth: number;
}

/** How many jumps the chart marks at most. */
export const MAX_JUMPS = 3;

/**
 * The `max` largest growths, largest first (ties: the earlier one). Only growths of at least
 * `minGrowth` bytes count, so a flat history marks nothing.
 */
export function largestJumps(rows: readonly SnapshotSummary[], max = MAX_JUMPS, minGrowth = 1): ChartJump[] {
  const ordered = [...rows].sort((a, b) => a.time - b.time || a.key.localeCompare(b.key));
  const last = new Map<string, number>();
  const jumps: ChartJump[] = [];
  for (const s of ordered) {
    const session = sessionOf(s);
    const bytes = s.columns.contextBytes;
    if (session === null || bytes === null) continue;
    const before = last.get(session);
    last.set(session, bytes);
    if (before !== undefined && bytes - before >= minGrowth)
      jumps.push({ key: s.key, time: s.time, bytes, before, growth: bytes - before });
  }
  jumps.sort((a, b) => b.growth - a.growth || a.time - b.time);
  return jumps.slice(0, Math.max(0, max));
}
