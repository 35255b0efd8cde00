/**
 * How long the archive keeps a snapshot (the user's setting, default 90 days). A
 * retention pass rewrites the archive (ArchiveStore.retain), so it runs only once the oldest
 * snapshot is a day past the limit: about once a day for a busy home, not on every import.
 */
import type { ArchiveStore } from './archive-store';

/** Days kept unless the user says otherwise. */
export const DEFAULT_KEEP_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Drops the snapshots older than `keepDays` (`null`: keep everything). Returns how many went. */
export function applyRetention(
  store: ArchiveStore,
  keepDays: number | null,
  now: number = Date.now(),
): number {
  if (keepDays === null) return 0;
  const cutoff = now - keepDays * DAY_MS;
  const oldest = store.list()[0];
  if (oldest === undefined || oldest.time >= cutoff - DAY_MS) return 0;
  return store.retain((s) => s.time >= cutoff);
}
