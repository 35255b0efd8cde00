/**
 * Writes the eck-debug files of one render (`render --write-debug`) into
 * `$EVOLCORE_HOME/data/eck-debug/` or any folder given, in evolcore's own formats byte for byte
 * (`shared/debug-files/evolcore-format.ts`, docs/engine.md §14): `context-` and `fragments-`
 * only when not empty, none at all when evolcore's render would throw.
 *
 * Two renders in the same second must not overwrite each other: the writer takes the first
 * key of that second (`<ts>`, `<ts>-2`, `<ts>-3`, …) for which none of the four names exists,
 * and places every file with `link`, which refuses an existing name, so even a second process
 * racing for the same key cannot clobber a file. Each file is complete before it gets its
 * name (temp file in the same folder, then link), so a reader never sees half a file.
 */
import { existsSync, linkSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderReport } from '../../shared/engine';
import { debugTimestamp, evolcoreDebugFiles } from '../../shared/debug-files/evolcore-format';
import {
  DEBUG_FILE_KINDS,
  DEBUG_TEMP_PREFIX,
  formatSnapshotKey,
  snapshotFileNames,
} from '../../shared/debug-files/names';
import type { DebugFileKind } from '../../shared/debug-files/names';

/** What was written. */
export interface WrittenDebugFiles {
  /** Absolute paths of the files written, in the order vars, context, fragments, manifest. */
  readonly files: string[];
  /** The snapshot key (timestamp plus suffix); `null` when nothing was written (`report.failure`). */
  readonly key: string | null;
}

/** The most suffixes tried in one second before giving up (a loop guard, never reached in use). */
const MAX_SUFFIX = 10_000;

let tempCounter = 0;

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : undefined;
}

/**
 * Gives `temp` the name `target` without replacing an existing file. `link` is atomic and fails
 * with EEXIST; a file system without hard links (some network or FAT mounts) falls back to
 * `rename` after an existence check, which is only racy against another process.
 * Returns `false` when the name is taken.
 */
function placeNoClobber(temp: string, target: string): boolean {
  try {
    linkSync(temp, target);
    unlinkSync(temp);
    return true;
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw err;
  }
  if (existsSync(target)) return false;
  renameSync(temp, target);
  return true;
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone: nothing to clean.
  }
}

/** Tries of a fresh temp name before giving up (each taken name was someone else's). */
const MAX_TEMP_TRIES = 100;

/**
 * A new temp file in `dir` holding `text`. Created exclusively: a link or file planted at the
 * (guessable) name is refused, never written through, and the next name is tried.
 */
function writeTemp(dir: string, kind: DebugFileKind, text: string): string {
  for (let tries = 1; ; tries++) {
    const temp = join(dir, `${DEBUG_TEMP_PREFIX}${process.pid}-${++tempCounter}-${kind}`);
    try {
      writeFileSync(temp, text, { encoding: 'utf8', flag: 'wx' });
      return temp;
    } catch (err) {
      if (errnoCode(err) !== 'EEXIST') {
        removeQuietly(temp); // Ours, half written (a full disk).
        throw err;
      }
      if (tries >= MAX_TEMP_TRIES) throw err;
    }
  }
}

/**
 * Writes the snapshot of `report` into `dir` (created if needed), named by `now` in UTC as
 * evolcore names its files; the first free key of that second (`<ts>`, `<ts>-2`, …) is taken,
 * free meaning none of the four names exists, even of a kind this render does not write.
 * Writes nothing when evolcore would have thrown (`report.failure`). Throws on an I/O failure
 * (the caller reports it in one line); partial files of a failed attempt are removed.
 */
export function writeDebugFiles(
  dir: string,
  report: RenderReport,
  now: Date = new Date(),
): WrittenDebugFiles {
  const files = evolcoreDebugFiles(report, now);
  if (files === null) return { files: [], key: null };
  mkdirSync(dir, { recursive: true });
  const kinds = DEBUG_FILE_KINDS.filter((kind) => files[kind] !== null);
  const timestamp = debugTimestamp(now);
  const temps: Partial<Record<DebugFileKind, string>> = {};
  try {
    for (const kind of kinds) temps[kind] = writeTemp(dir, kind, files[kind] as string);
    for (let suffix = 1; suffix <= MAX_SUFFIX; suffix++) {
      const key = formatSnapshotKey(timestamp, suffix === 1 ? null : suffix);
      const names = snapshotFileNames(key);
      // Check all four first: a snapshot of that second may lack some files (an empty context,
      // a crash, a clean), and a second render must not complete it.
      if (DEBUG_FILE_KINDS.some((kind) => existsSync(join(dir, names[kind])))) continue;
      const placed: string[] = [];
      let taken = false;
      for (const kind of kinds) {
        const target = join(dir, names[kind]);
        if (!placeNoClobber(temps[kind] as string, target)) {
          taken = true;
          break;
        }
        placed.push(target);
      }
      if (!taken) return { files: placed, key };
      // Another writer took this key between the check and the link: give back what we
      // placed (our own files, just linked) and try the next suffix.
      for (const [i, path] of placed.entries()) {
        const temp = temps[kinds[i] as DebugFileKind] as string;
        linkSync(path, temp);
        unlinkSync(path);
      }
    }
    throw new Error(`no free snapshot name for ${timestamp} in ${dir}`);
  } finally {
    for (const temp of Object.values(temps)) removeQuietly(temp);
  }
}
