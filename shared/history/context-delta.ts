/**
 * The Δ of a History row: bytes of its context against the previous snapshot of the same
 * session, else against the previous snapshot at all. Pure, over the listing (oldest first).
 *
 * "The same session" is the recorded session id (evolclaw's vars file and report carry it, see
 * the `sessionId` column) when the snapshot has one; else, as a guess, the same session type,
 * channel and peer key. A row with neither has no session to follow and is measured against
 * the snapshot before it.
 */
import type { SnapshotSummary } from './history-types';

/** The session a row belongs to, or `null` when its columns cannot tell. */
export function sessionOf(s: SnapshotSummary): string | null {
  const c = s.columns;
  // Distinct prefixes: a recorded id never equals a guessed triple.
  if (c.sessionId !== null) return `id\u0000${c.sessionId}`;
  if (c.peerKey === null) return null;
  return ['guess', c.sessionType ?? '', c.channel ?? '', c.peerKey].join('\u0000');
}

/**
 * Δ by key for snapshots in time order (oldest first): `null` for the first row, and where this
 * row's or the compared row's context size is unknown.
 */
export function contextDeltas(snapshots: readonly SnapshotSummary[]): ReadonlyMap<string, number | null> {
  const out = new Map<string, number | null>();
  const lastOfSession = new Map<string, SnapshotSummary>();
  let previous: SnapshotSummary | null = null;
  for (const s of snapshots) {
    const session = sessionOf(s);
    const against = (session === null ? undefined : lastOfSession.get(session)) ?? previous;
    const now = s.columns.contextBytes;
    const before = against?.columns.contextBytes ?? null;
    out.set(s.key, now === null || before === null ? null : now - before);
    if (session !== null) lastOfSession.set(session, s);
    previous = s;
  }
  return out;
}
