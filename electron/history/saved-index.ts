/**
 * Where the History's saved index of a home lives, and its reading and writing: one file per
 * eck-debug folder, `history-index/<name>-<hash>.idx` in the app's settings folder, never in the
 * home. The hash is of the folder's real path, so a link to a home shares its file. Written after
 * the background pass (history-service.ts), atomically and pinned to that folder
 * (pinned-write.ts); read when the home is opened again, and then only rows whose files still
 * have their stamp are taken (saved-rows.ts, file-stamp.ts). A derived file, so no backup is
 * kept: a bad one is ignored and written again after the next pass.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SavedColumnsAt, SavedRows } from '../../shared/history/saved-rows';
import { buildSavedIndex, decodeSavedIndex, encodeSavedIndex, savedSignature } from './saved-index-file';
import { writePinned } from '../services/pinned-write';
import { realPathOf } from '../services/write-scope';
import { cleanStaleTemps } from '../services/temp-files';

/** The folder of saved indexes inside the settings folder. */
export const SAVED_INDEX_FOLDER = 'history-index';

/**
 * Largest saved index read (a year of renders in the folder itself, 2M rows, is about 300 MB;
 * past this the pass reads the folder instead of holding the file in memory).
 */
export const MAX_SAVED_INDEX_BYTES = 512 * 1024 * 1024;

/** What the History service asks of a saved index. */
export interface SavedIndexStore {
  /** The rows saved for `dir`, `null` when none can be used. */
  load(dir: string): SavedRows | null;
  /**
   * Replaces the rows saved for `dir`; a failure is returned, never thrown (the app goes on).
   * `rows` may be a maker given where to write the columns (`HistoryIndex.savedRows`), so they
   * are filled in the file's own buffer.
   */
  save(dir: string, rows: SavedRows | ((columnsAt: SavedColumnsAt) => SavedRows)): string | null;
}

/** The saved index of the folder `dir` under `settingsDir`. */
export function savedIndexPathFor(dir: string, settingsDir: string): string {
  const real = realPathOf(dir);
  const hash = crypto.createHash('sha256').update(real).digest('hex').slice(0, 16);
  const name =
    path
      .basename(path.dirname(path.dirname(real)))
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 40) || 'home';
  return path.join(realPathOf(settingsDir), SAVED_INDEX_FOLDER, `${name}-${hash}.idx`);
}

/** Saved indexes in `settingsDir`, of rows the app `appVersion` filled. */
export function savedIndexStore(settingsDir: () => string, appVersion: string): SavedIndexStore {
  const signature = savedSignature(appVersion);
  return {
    load(dir) {
      const file = savedIndexPathFor(dir, settingsDir());
      // What a save killed midway left (its temp file) goes now; the saved file is whole or old.
      cleanStaleTemps(path.dirname(file), { inside: settingsDir() });
      let fd: number | null = null;
      try {
        // A link is not followed, and anything but a regular file is not ours to read.
        fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
        const st = fs.fstatSync(fd);
        if (!st.isFile() || st.size > MAX_SAVED_INDEX_BYTES) return null;
        const bytes = Buffer.alloc(st.size);
        let got = 0;
        while (got < st.size) {
          const n = fs.readSync(fd, bytes, got, st.size - got, got);
          if (n === 0) return null; // Shrunk while read: not a whole file.
          got += n;
        }
        return decodeSavedIndex(bytes, realPathOf(dir), signature);
      } catch {
        return null;
      } finally {
        if (fd !== null) fs.closeSync(fd);
      }
    },
    save(dir, rows) {
      const file = savedIndexPathFor(dir, settingsDir());
      try {
        const real = realPathOf(dir);
        const bytes =
          typeof rows === 'function'
            ? buildSavedIndex(real, signature, rows)
            : encodeSavedIndex(rows, real, signature);
        writePinned(file, bytes, {
          folder: path.dirname(file),
        });
        return null;
      } catch (err) {
        return `${file}: ${err instanceof Error ? err.message : String(err)}`;
      }
    },
  };
}
