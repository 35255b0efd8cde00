/**
 * What a watcher must observe to re-assemble when it matters ("the watcher
 * re-assembles on change"): every file reached (and its resolved path, for symlinks) and
 * every candidate that was looked for and not found, so creating one is noticed too.
 */

import type { ClaudeMdReport } from './types';

/** Unique absolute paths, in report order. */
export function claudeMdWatchPaths(report: ClaudeMdReport): string[] {
  const paths = new Set<string>();
  for (const file of report.files) {
    paths.add(file.path);
    if (file.realPath) paths.add(file.realPath);
  }
  for (const path of report.searched) paths.add(path);
  // Settings change memory too (claudeMdExcludes, env, the approval in ~/.claude.json).
  for (const path of report.settings.looked) paths.add(path);
  return [...paths];
}
