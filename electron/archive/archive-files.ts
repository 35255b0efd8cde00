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
  return numberIn(path.join(dir, CURRENT_FILE));
}

/** Names `gen` in `CURRENT`. */
export function setCurrentGeneration(dir: string, gen: number): void {
  writeNumber(dir, CURRENT_FILE, gen);
}

/** The format `FORMAT` names; 1 when there is none (an archive of JSON records, from before). */
export function archiveFormat(dir: string): number {
  return numberIn(path.join(dir, FORMAT_FILE));
}

/** Names `format` in `FORMAT`. */
export function setArchiveFormat(dir: string, format: number): void {
  writeNumber(dir, FORMAT_FILE, format);
}

/** The positive number a one-line file holds; 1 when it is missing or holds none. */
function numberIn(file: string): number {
  try {
    const n = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(n) && n > 0 ? n : 1;
  } catch {
    return 1;
  }
}

/** Writes `n` as the file `name` of `dir`: a temp file, flushed, renamed over it, the folder flushed. */
function writeNumber(dir: string, name: string, n: number): void {
  const temp = path.join(dir, `${name}.tmp`);
  const fd = fs.openSync(temp, 'w');
  try {
    fs.writeSync(fd, `${n}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, path.join(dir, name));
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
