/**
 * What to hand chokidar for one CLAUDE.md report, and which of its events matter.
 *
 * chokidar (v5) does not watch a path that does not exist yet, and a whole project tree is far
 * too much to watch (node_modules, build output). So a report's watch paths
 * (`claudeMdWatchPaths`: every file reached, every candidate looked for) become the folders
 * that hold them, watched one level deep, plus the rules folders, watched recursively because
 * a new rule anywhere under them loads. A folder that does not exist is replaced by its
 * nearest existing ancestor: creating it is an event there, the re-assembly then plans again.
 */
import { claudeMdWatchPaths } from '../../shared/claude-md/watch-paths';
import type { ClaudeMdReport } from '../../shared/claude-md/types';
import { dirnamePath, isPathWithin, joinPath, rootOf } from '../../shared/base/posix-path';

/** Folders to watch and the paths whose events count. */
export interface ClaudeWatchPlan {
  /** Files and candidates (absolute, `/`-separated): an event on one re-assembles. */
  readonly paths: readonly string[];
  /** Folders watched one level deep (their direct entries only). */
  readonly shallowDirs: readonly string[];
  /** Rules folders that exist, watched recursively. */
  readonly deepDirs: readonly string[];
  /** Rules folders, existing or not: any event inside one counts. */
  readonly rulesDirs: readonly string[];
}

const RULES = '/.claude/rules';

/** The rules folders a report depends on: of the managed folder, the home and every level folder. */
function rulesDirsOf(report: ClaudeMdReport, paths: readonly string[]): string[] {
  const dirs = new Set<string>([
    joinPath(report.input.managedDir, '.claude/rules'),
    joinPath(report.input.home, '.claude/rules'),
  ]);
  for (const p of paths) {
    const at = p.indexOf(RULES + '/');
    if (at >= 0) dirs.add(p.slice(0, at + RULES.length));
    else if (p.endsWith(RULES)) dirs.add(p);
    // Every level folder has a `.claude/CLAUDE.md` candidate, found or searched.
    else if (p.endsWith('/.claude/CLAUDE.md')) dirs.add(dirnamePath(p) + '/rules');
  }
  return [...dirs];
}

/** The nearest folder at or above `dir` that exists. */
function existingAncestor(dir: string, isDirectory: (dir: string) => boolean): string {
  let current = dir;
  while (!isDirectory(current)) {
    const parent = dirnamePath(current);
    if (parent === current || current === rootOf(current)) return current;
    current = parent;
  }
  return current;
}

/** Plans the watch of a report; `isDirectory` asks the disk. */
export function claudeWatchPlan(
  report: ClaudeMdReport,
  isDirectory: (dir: string) => boolean,
): ClaudeWatchPlan {
  const paths = claudeMdWatchPaths(report);
  const rulesDirs = rulesDirsOf(report, paths);
  const shallow = new Set<string>();
  const deep = new Set<string>();
  for (const p of paths) {
    if (rulesDirs.some((r) => isPathWithin(p, r))) continue;
    shallow.add(existingAncestor(dirnamePath(p), isDirectory));
  }
  for (const r of rulesDirs) {
    if (isDirectory(r)) deep.add(r);
    else shallow.add(existingAncestor(dirnamePath(r), isDirectory));
  }
  return { paths, shallowDirs: [...shallow].sort(), deepDirs: [...deep].sort(), rulesDirs };
}

/** `true` when two plans watch the same folders (then the running watcher can stay). */
export function samePlanFolders(a: ClaudeWatchPlan, b: ClaudeWatchPlan): boolean {
  const key = (p: ClaudeWatchPlan): string => JSON.stringify([p.shallowDirs, p.deepDirs]);
  return key(a) === key(b);
}

/**
 * `true` when an event on `path` can change the assembly: a planned file or candidate, anything
 * in a rules folder, or a folder on the way to one (being created or removed).
 */
export function isRelevantChange(plan: ClaudeWatchPlan, path: string): boolean {
  if (plan.paths.includes(path)) return true;
  if (plan.rulesDirs.some((r) => isPathWithin(path, r))) return true;
  return (
    plan.paths.some((p) => p !== path && isPathWithin(p, path)) ||
    plan.rulesDirs.some((r) => isPathWithin(r, path))
  );
}
