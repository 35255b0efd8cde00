/**
 * The History chart's largest jumps, pure: the biggest growths of the context between two
 * consecutive snapshots of one session (the session as the Δ column follows it,
 * shared/history/context-delta.ts `sessionOf`), marked on the chart so a reader sees where a session's
 * context grew most and can open that snapshot. Snapshots with no session are not compared:
 * a jump across two unrelated conversations says nothing.
 */
import { columnReader } from '../../../../shared/history/listed-rows';
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
  const byTime = (a: SnapshotSummary, b: SnapshotSummary): number =>
    a.time - b.time || a.key.localeCompare(b.key);
  // The listing comes in time order: sorting a copy of 2M rows took a second a chart.
  let ordered = rows;
  for (let i = 1; i < rows.length; i++)
    if (byTime(rows[i - 1] as SnapshotSummary, rows[i] as SnapshotSummary) > 0) {
      ordered = [...rows].sort(byTime);
      break;
    }
  const keep = Math.max(0, max);
  // A session's last size, by recorded id and by guessed triple apart (sessionOf's two kinds,
  // whose keys never meet): an id needs no key made per row.
  const lastById = new Map<string, number>();
  const lastByGuess = new Map<string, number>();
  // Read from the decoded listing's arrays (columnReader): a row's columns view is not made.
  const idOf = columnReader('sessionId');
  const peerOf = columnReader('peerKey');
  const typeOf = columnReader('sessionType');
  const channelOf = columnReader('channel');
  const bytesOf = columnReader('contextBytes');
  // Only the `keep` largest so far, largest first (not one object per growth of 2M rows).
  const jumps: ChartJump[] = [];
  const before = (a: ChartJump, b: ChartJump): boolean =>
    a.growth > b.growth || (a.growth === b.growth && a.time < b.time);
  for (const s of ordered) {
    const bytes = bytesOf(s);
    if (bytes === null) continue;
    // As sessionOf tells a row's session.
    const id = idOf(s);
    const peer = id === null ? peerOf(s) : null;
    if (id === null && peer === null) continue;
    const last = id === null ? lastByGuess : lastById;
    const session = id ?? [typeOf(s) ?? '', channelOf(s) ?? '', peer].join('\u0000');
    const previous = last.get(session);
    last.set(session, bytes);
    if (previous === undefined || bytes - previous < minGrowth || keep === 0) continue;
    const jump = { key: s.key, time: s.time, bytes, before: previous, growth: bytes - previous };
    const weakest = jumps[jumps.length - 1];
    if (jumps.length === keep && weakest !== undefined && !before(jump, weakest)) continue;
    let at = jumps.length;
    while (at > 0 && before(jump, jumps[at - 1] as ChartJump)) at--;
    jumps.splice(at, 0, jump);
    if (jumps.length > keep) jumps.pop();
  }
  return jumps;
}
