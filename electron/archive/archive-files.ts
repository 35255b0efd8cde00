/**
 * The files of one archive folder and the generation they belong to.
 *
 * - `index-<gen>.log`: the records, framed (record-frame.ts), append-only;
 * - `blocks-<gen>.pack`: the compressed blocks the records point into, append-only;
 * - `CURRENT`: the generation in use (absent = 1). Only retention rewrites the archive: it
 *   writes generation g+1 whole, then swaps `CURRENT` with a rename, so a kill leaves one
 *   whole generation or the other, never a mix;
 * - `FORMAT`: the format the records and blocks were last written in (absent = 1).
 */
import fs from 'node:fs';
import path from 'node:path';

export const CURRENT_FILE = 'CURRENT';
/** The format the files were last written in (archive-store.ts `ARCHIVE_FORMAT`; absent = 1). */
export const FORMAT_FILE = 'FORMAT';

export function indexFile(dir: string, gen: number): string {
  return path.join(dir, `index-${gen}.log`);
}

export function packFile(dir: string, gen: number): string {
  return path.join(dir, `blocks-${gen}.pack`);
}

/** The derived row index of a generation (row-index-file.ts); rebuilt from the log when it does not match. */
export function rowIndexFile(dir: string, gen: number): string {
  return path.join(dir, `rows-${gen}.idx`);
}

/** The generation `CURRENT` names; 1 when there is none (a new archive). */
export function currentGeneration(dir: string): number {
  try {
    const gen = Number.parseInt(fs.readFileSync(path.join(dir, CURRENT_FILE), 'utf8'), 10);
    return Number.isInteger(gen) && gen > 0 ? gen : 1;
  } catch {
    return 1;
  }
}

/** Names `gen` in `CURRENT`: a temp file, flushed, renamed over it, the folder flushed. */
export function setCurrentGeneration(dir: string, gen: number): void {
  const temp = path.join(dir, `${CURRENT_FILE}.tmp`);
  const fd = fs.openSync(temp, 'w');
  try {
    fs.writeSync(fd, `${gen}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, path.join(dir, CURRENT_FILE));
  syncDir(dir);
}

/** The format `FORMAT` names; 1 when there is none (an archive of JSON records, from before). */
export function archiveFormat(dir: string): number {
  try {
    const format = Number.parseInt(fs.readFileSync(path.join(dir, FORMAT_FILE), 'utf8'), 10);
    return Number.isInteger(format) && format > 0 ? format : 1;
  } catch {
    return 1;
  }
}

/** Names `format` in `FORMAT`, as `CURRENT` is written: a temp file, flushed, renamed over. */
export function setArchiveFormat(dir: string, format: number): void {
  const temp = path.join(dir, `${FORMAT_FILE}.tmp`);
  const fd = fs.openSync(temp, 'w');
  try {
    fs.writeSync(fd, `${format}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, path.join(dir, FORMAT_FILE));
  syncDir(dir);
}

/** Flushes a folder's entries (a rename is durable only then); not possible on Windows. */
export function syncDir(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Removes what a killed retention run left: files of any other generation and the temp
 * `CURRENT`. Only the writer calls this (it holds the lock). A file a reader still has open
 * may refuse (Windows); the next writer tries again.
 */
export function removeOtherGenerations(dir: string, gen: number): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^(?:index-(\d+)\.log|blocks-(\d+)\.pack|rows-(\d+)\.idx(?:\.tmp)?)$/.exec(name);
    const other = m ? Number(m[1] ?? m[2] ?? m[3]) : null;
    if (
      (other !== null && other !== gen) ||
      name === `${CURRENT_FILE}.tmp` ||
      name === `${FORMAT_FILE}.tmp`
    ) {
      try {
        fs.rmSync(path.join(dir, name), { force: true });
      } catch {
        // Still open elsewhere: left for the next writer.
      }
    }
  }
}
