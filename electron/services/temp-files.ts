/**
 * Temp files of the app's atomic writes (temp + rename): one random name pattern,
 * `.<target name>.<pid>.<8 hex>.tmp` beside the target, so a temp file can never be guessed
 * or collide, and the ones a killed process left behind can be recognised and removed when
 * the home (or the settings folder) is opened again. The writes themselves are
 * pinned-write.ts's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isWithin, realPathOf } from './write-scope';

/** The app's temp file names: `.eck_manifest.json.1234.0a1b2c3d.tmp`. */
export const TEMP_FILE_PATTERN = /^\.(.+)\.(\d+)\.([0-9a-f]{8})\.tmp$/;

/**
 * A temp file older than this is stale even when its pid is alive (pids are reused): every
 * write of the app is synchronous and lasts milliseconds.
 */
export const STALE_TEMP_AGE_MS = 10 * 60 * 1000;

/** A fresh random temp path beside `target`. */
export function tempPathFor(target: string): string {
  const name = `.${path.basename(target)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  return path.join(path.dirname(target), name);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Test seams of `cleanStaleTemps`. */
export interface CleanTempsOptions {
  readonly now?: number;
  readonly isAlive?: (pid: number) => boolean;
  /**
   * The folder `dir` must resolve inside: a home's `eck/` that is a link to a
   * folder elsewhere is not cleaned, since its files are not the home's.
   */
  readonly inside?: string | undefined;
}

/**
 * Removes the app's stale temp files from `dir` (not its subfolders): those whose process is
 * gone, or that are older than `STALE_TEMP_AGE_MS`. Only regular files of the app's own
 * pattern are touched (a link of that name is left). Returns the names removed; a missing
 * folder, or one resolving outside `options.inside`, is nothing to clean.
 */
export function cleanStaleTemps(dir: string, options: CleanTempsOptions = {}): string[] {
  if (options.inside !== undefined && !isWithin(realPathOf(options.inside), realPathOf(dir))) return [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return cleanStaleTempEntries(dir, entries, { ...options, inside: undefined });
}

/** An entry of a listing already taken: its name and whether it is a regular file. */
export interface ListedEntry {
  readonly name: string;
  isFile(): boolean;
}

/**
 * `cleanStaleTemps` over a listing someone already took (the History index lists
 * eck-debug once, and its 1M entries are not listed a second time for this). Only names of the
 * app's pattern cost anything beyond a first-character check.
 */
export function cleanStaleTempEntries(
  dir: string,
  entries: readonly ListedEntry[],
  options: CleanTempsOptions = {},
): string[] {
  if (options.inside !== undefined && !isWithin(realPathOf(options.inside), realPathOf(dir))) return [];
  const now = options.now ?? Date.now();
  const alive = options.isAlive ?? isAlive;
  const removed: string[] = [];
  for (const entry of entries) {
    if (entry.name.charCodeAt(0) !== DOT) continue;
    const match = TEMP_FILE_PATTERN.exec(entry.name);
    if (match === null || !entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    const pid = Number(match[2]);
    let mtime: number;
    try {
      mtime = fs.statSync(file).mtimeMs;
    } catch {
      continue;
    }
    const stale = now - mtime > STALE_TEMP_AGE_MS || (pid !== process.pid && !alive(pid));
    if (!stale) continue;
    try {
      fs.unlinkSync(file);
      removed.push(entry.name);
    } catch {
      // Gone meanwhile, or not ours to remove (permissions): leave it.
    }
  }
  return removed;
}

/** Every temp name of the pattern starts with a dot. */
const DOT = 46;
