/**
 * How long the archive keeps a snapshot (the user's setting, default 90 days). A
 * retention pass rewrites the archive (ArchiveStore.retain), so it runs only once the oldest
 * snapshot is a day past the limit: about once a day for a busy home, not on every import.
 */
import type { ArchiveStore } from './archive-store';
import { DEFAULT_ARCHIVE_KEEP_DAYS } from '../../shared/api/methods/archive';

/** Days kept unless the user says otherwise (the one number, shared with the History's control). */
export const DEFAULT_KEEP_DAYS = DEFAULT_ARCHIVE_KEEP_DAYS;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest time `keepDays` keeps at `now`: a snapshot older is dropped (or never copied). */
export function keepFromOf(now: number, keepDays: number): number {
  return now - keepDays * DAY_MS;
}

/** Drops the snapshots older than `keepDays` (`null`: keep everything). Returns how many went. */
export function applyRetention(
  store: ArchiveStore,
  keepDays: number | null,
  now: number = Date.now(),
): number {
  if (keepDays === null) return 0;
  const cutoff = keepFromOf(now, keepDays);
  const oldest = store.list()[0];
  if (oldest === undefined || oldest.time >= cutoff - DAY_MS) return 0;
  return store.retain((s) => s.time >= cutoff);
}
