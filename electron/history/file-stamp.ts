/**
 * A snapshot's stamp: one 32-bit number over its files' size, modification time and inode, as
 * the pass found them when it read the snapshot. The saved index keeps it per row
 * (shared/history/saved-rows.ts); on reopening, the pass worker states the files again and
 * takes the saved row only when the stamp is the same, else it reads the files as if new. So a
 * file rewritten, replaced or touched while the app was closed is read again, and a saved index
 * is never trusted for a file it did not see.
 *
 * Like git's index, it cannot tell a rewrite of the same size within the same millisecond of
 * mtime on the same inode; evolcore writes each snapshot file once, under a new name.
 */
import { statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { DEBUG_FILE_KINDS } from '../../shared/debug-files/names';
import type { DebugFileKind } from '../../shared/debug-files/names';
import type { SnapshotFile } from '../../shared/history/history-types';

/** What a stamp is made of, per file. */
export type StampStat = Pick<Stats, 'size' | 'mtimeMs' | 'ino'>;

/** The stamp of a snapshot's files (by kind); 0 when a listed file has no stat (gone). */
export function stampOf(
  files: Partial<Record<DebugFileKind, SnapshotFile>>,
  stats: Partial<Record<DebugFileKind, StampStat>>,
): number {
  let text = '';
  for (const kind of DEBUG_FILE_KINDS) {
    if (files[kind] === undefined) continue;
    const st = stats[kind];
    if (st === undefined) return 0;
    text += `${kind}:${st.size}:${st.mtimeMs}:${st.ino};`;
  }
  if (text === '') return 0;
  // Never 0: that means "not known".
  return zlib.crc32(text) >>> 0 || 1;
}

/** The stamp of a snapshot's files in `dir` as they are now (one stat each). */
export function stampNow(dir: string, files: Partial<Record<DebugFileKind, SnapshotFile>>): number {
  const stats: Partial<Record<DebugFileKind, StampStat>> = {};
  for (const kind of DEBUG_FILE_KINDS) {
    const file = files[kind];
    if (file === undefined) continue;
    try {
      const st = statSync(join(dir, file.name), { throwIfNoEntry: false });
      if (st === undefined || !st.isFile()) return 0;
      stats[kind] = st;
    } catch {
      return 0;
    }
  }
  return stampOf(files, stats);
}

/**
 * The stamp of files a pass just read: from the stats the read took, and for a file it did not
 * state (its size came with the listing), one stat now. 0 when a file is gone.
 */
export function stampAfterRead(
  dir: string,
  files: Partial<Record<DebugFileKind, SnapshotFile>>,
  stats: Partial<Record<DebugFileKind, StampStat>>,
): number {
  const unstated = DEBUG_FILE_KINDS.some((k) => files[k] !== undefined && stats[k] === undefined);
  return unstated ? stampNow(dir, files) : stampOf(files, stats);
}
