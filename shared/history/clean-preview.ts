/**
 * Which snapshots "clean older than N hours" takes, and what the preview says of them before
 * anything is deleted: how many, their files and total size, the oldest and the newest. Judged
 * by the files' modification times, as evolcore's own cleanup of eck-debug is: a snapshot is
 * old when its newest file is (a copied folder's times are the copy's, not the render's).
 */

/** One snapshot as the clean judges it. */
export interface CleanCandidate {
  readonly key: string;
  /** The newest modification time of its files (epoch ms). */
  readonly mtime: number;
  /** Its files' total size on disk. */
  readonly bytes: number;
  readonly files: readonly string[];
}

/** One end of the selection: a snapshot and its file time. */
export interface CleanEnd {
  readonly key: string;
  readonly mtime: number;
}

/** What would go. */
export interface CleanSelection {
  readonly keys: readonly string[];
  readonly files: readonly string[];
  readonly bytes: number;
  readonly oldest: CleanEnd | null;
  readonly newest: CleanEnd | null;
}

/** The candidates whose newest file is older than `cutoff` (epoch ms). */
export function selectOlderThan(candidates: readonly CleanCandidate[], cutoff: number): CleanSelection {
  const keys: string[] = [];
  const files: string[] = [];
  let bytes = 0;
  let oldest: CleanEnd | null = null;
  let newest: CleanEnd | null = null;
  for (const c of candidates) {
    if (!(c.mtime < cutoff)) continue;
    keys.push(c.key);
    files.push(...c.files);
    bytes += c.bytes;
    if (oldest === null || c.mtime < oldest.mtime) oldest = { key: c.key, mtime: c.mtime };
    if (newest === null || c.mtime > newest.mtime) newest = { key: c.key, mtime: c.mtime };
  }
  return { keys, files, bytes, oldest, newest };
}
