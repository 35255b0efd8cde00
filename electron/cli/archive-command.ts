/**
 * `eck archive`: copies the snapshots of the home's eck-debug not archived yet into the
 * archive, applies the retention, prints the counts. Meant for a timer (README,
 * "Keeping renders past 24 hours") so nothing is lost while the app is closed; safe next to a
 * running app (one writer at a time, `--wait`) and next to evolcore's cleanup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ArchiveBusyError } from '../archive/archive-lock';
import { archiveHome, type ArchiveRunResult } from '../archive/archive-home';
import { readArchiveSettings, MAX_KEEP_DAYS } from '../archive/archive-settings';
import { resolveHome } from '../services/app-paths';
import { missingFolderProblem } from '../services/folder-check';
import { parseArgs, stringOption } from './args';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';

const SPEC = {
  home: 'string',
  to: 'string',
  'keep-days': 'string',
  wait: 'string',
  json: 'boolean',
} as const;

/** How long `--wait` may be at most (seconds). */
const MAX_WAIT_S = 3600;

/** `--keep-days N|all`: days, `null` for all, or what is wrong. */
function keepDaysOf(
  value: string | undefined,
  fallback: number | null,
): number | null | { usageError: string } {
  if (value === undefined) return fallback;
  if (value === 'all') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_KEEP_DAYS)
    return { usageError: `--keep-days must be a whole number of days from 1 to ${MAX_KEEP_DAYS}, or all` };
  return n;
}

function inside(dir: string, root: string): boolean {
  const rel = path.relative(root, dir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function realOrResolved(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    // Not there yet: judge by its nearest existing parent, so a link to the home still counts.
    const parent = path.dirname(path.resolve(p));
    return parent === path.resolve(p) ? parent : path.join(realOrResolved(parent), path.basename(p));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `archive`. */
export async function runArchiveCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const usage = (problem: string): number => {
    io.stderr(`eck archive: ${problem}\n`);
    return EXIT_USAGE;
  };
  const args = parseArgs(argv, SPEC);
  if ('usageError' in args) return usage(args.usageError);
  if (args.positionals.length > 0) return usage(`unexpected argument ${args.positionals[0]}`);
  const given = stringOption(args, 'home');
  const problem = missingFolderProblem('home', given);
  if (problem !== null) return usage(problem);
  const { home, source } = resolveHome(given);
  if (source === 'demo') return usage('no home to archive: give --home DIR or set $EVOLCORE_HOME');
  const to = stringOption(args, 'to');
  if (to !== undefined && (to === '' || to.includes('\0'))) return usage('--to needs a folder');
  if (to !== undefined && inside(realOrResolved(to), realOrResolved(home)))
    return usage(`--to ${to} is inside the home; the archive never writes into the home`);
  const keepDays = keepDaysOf(stringOption(args, 'keep-days'), readArchiveSettings().keepDays);
  if (keepDays !== null && typeof keepDays === 'object') return usage(keepDays.usageError);
  const waitText = stringOption(args, 'wait');
  const wait = waitText === undefined ? 0 : Number(waitText);
  if (!Number.isFinite(wait) || wait < 0 || wait > MAX_WAIT_S)
    return usage(`--wait must be a number of seconds from 0 to ${MAX_WAIT_S}`);

  const deadline = Date.now() + wait * 1000;
  for (;;) {
    try {
      const result = await archiveHome({
        home,
        ...(to === undefined ? {} : { dir: path.resolve(to) }),
        keepDays,
      });
      io.stdout(args.options.json ? `${JSON.stringify(result, null, 2)}\n` : summary(home, result));
      for (const r of result.refused) io.stderr(`eck archive: skipped ${r.path}: ${r.reason}\n`);
      return EXIT_OK;
    } catch (err) {
      if (err instanceof ArchiveBusyError && Date.now() < deadline) {
        await sleep(500);
        continue;
      }
      const message = err instanceof Error ? err.message : String(err);
      io.stderr(
        `eck archive: ${message}${err instanceof ArchiveBusyError ? ' (try again, or give --wait SECONDS)' : ''}\n`,
      );
      return EXIT_FAILED;
    }
  }
}

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** The counts, one fact a line. */
function summary(home: string, r: ArchiveRunResult): string {
  const lines = [
    `archive: ${r.dir}`,
    r.missing
      ? `home ${home}: no data/eck-debug/ folder yet, nothing to copy`
      : `eck-debug: ${r.listed} snapshot(s) listed`,
    `copied: ${r.archived} new snapshot(s), ${r.completed} completed, ${r.already} already archived`,
  ];
  if (r.unsettled > 0) lines.push(`left for the next run: ${r.unsettled} snapshot(s) still being written`);
  if (r.vanishedFiles > 0)
    lines.push(`gone before they were read: ${r.vanishedFiles} file(s) (evolcore's cleanup)`);
  if (r.refusedCount > 0) lines.push(`skipped: ${r.refusedCount} file(s) not regular or too large`);
  if (r.tooOld > 0) lines.push(`not copied: ${r.tooOld} snapshot(s) older than the retention keeps`);
  if (r.expired > 0) lines.push(`expired: ${r.expired} snapshot(s) older than the retention`);
  lines.push(
    `read ${mib(r.bytesRead)}, stored ${mib(r.packBytes)} in ${r.newBlocks} new block(s), in ${(r.ms / 1000).toFixed(1)} s`,
    `archive now: ${r.stats.snapshots} snapshot(s), ${mib(r.stats.rawBytes)} of files in ${mib(
      r.stats.packBytes + r.stats.indexBytes,
    )}`,
  );
  return `${lines.join('\n')}\n`;
}
