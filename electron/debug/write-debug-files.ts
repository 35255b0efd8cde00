/**
 * Writes the four eck-debug files of one render (issue 2, `render --write-debug`) into
 * `$EVOLCORE_HOME/data/eck-debug/` or any folder given.
 *
 * Two renders in the same second must not overwrite each other: the writer takes the first
 * key of that second (`<ts>`, `<ts>-2`, `<ts>-3`, …) for which none of the four names exists,
 * and places every file with `link`, which refuses an existing name, so even a second process
 * racing for the same key cannot clobber a file. Each file is complete before it gets its
 * name (temp file in the same folder, then link), so a reader never sees half a file.
 */
import { existsSync, linkSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderReport } from '../../shared/engine/types';
import {
  formatContextFile,
  formatFragmentsFile,
  formatManifestReport,
  formatVarsFile,
} from '../../shared/debug-files/format';
import type { DescribeVar } from '../../shared/debug-files/format';
import {
  DEBUG_FILE_KINDS,
  DEBUG_TEMP_PREFIX,
  formatSnapshotKey,
  formatTimestamp,
  snapshotFileNames,
} from '../../shared/debug-files/names';
import type { DebugFileKind, NameZone } from '../../shared/debug-files/names';
import { DEFAULT_NAME_ZONE } from '../../shared/debug-files/names';

/** What was written. */
export interface WrittenDebugFiles {
  /** Absolute paths, in the order vars, context, fragments, manifest. */
  readonly files: string[];
  /** The snapshot key: timestamp plus suffix. */
  readonly key: string;
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

/**
 * Writes `vars-`, `context-`, `fragments-` and `manifest-<key>` into `dir` (created if needed).
 * `now` is written in UTC, as evolcore's own writer does, unless `zone` says `local` (see
 * `NameZone`). Throws on an I/O failure (the caller reports it in one line); partial files of a
 * failed attempt are removed.
 */
export function writeDebugFiles(
  dir: string,
  report: RenderReport,
  vars: unknown,
  describe: DescribeVar,
  now: Date = new Date(),
  zone: NameZone = DEFAULT_NAME_ZONE,
): WrittenDebugFiles {
  mkdirSync(dir, { recursive: true });
  const contents: Record<DebugFileKind, string> = {
    vars: formatVarsFile(report, vars, describe),
    context: formatContextFile(report),
    fragments: formatFragmentsFile(report),
    manifest: formatManifestReport(report),
  };
  const timestamp = formatTimestamp(now, zone);
  const temps: Partial<Record<DebugFileKind, string>> = {};
  try {
    for (const kind of DEBUG_FILE_KINDS) {
      const temp = join(dir, `${DEBUG_TEMP_PREFIX}${process.pid}-${++tempCounter}-${kind}`);
      writeFileSync(temp, contents[kind], 'utf8');
      temps[kind] = temp;
    }
    for (let suffix = 1; suffix <= MAX_SUFFIX; suffix++) {
      const key = formatSnapshotKey(timestamp, suffix === 1 ? null : suffix);
      const names = snapshotFileNames(key);
      // Check all four first: a snapshot of that second may lack some files (a crash, a clean).
      if (DEBUG_FILE_KINDS.some((kind) => existsSync(join(dir, names[kind])))) continue;
      const placed: string[] = [];
      let taken = false;
      for (const kind of DEBUG_FILE_KINDS) {
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
        const kind = DEBUG_FILE_KINDS[i] as DebugFileKind;
        const temp = temps[kind] as string;
        linkSync(path, temp);
        unlinkSync(path);
      }
    }
    throw new Error(`no free snapshot name for ${timestamp} in ${dir}`);
  } finally {
    for (const temp of Object.values(temps)) removeQuietly(temp);
  }
}
