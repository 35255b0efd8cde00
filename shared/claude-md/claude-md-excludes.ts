/**
 * `claudeMdExcludes` as Claude Code 2.1.197 applies it (`isClaudeMdExcluded`): the patterns of
 * all settings together, backslashes made `/`, matched with picomatch 4.0.4 (the version the
 * CLI bundles) and `{ dot: true }` against the file's path as reached. An absolute pattern
 * whose folder (the part before its first glob character) is reached through a symlink also
 * counts with that folder resolved. Only User, Project and Local files can be excluded.
 */

import picomatch from 'picomatch';
import { dirnamePath, normalizePath } from '../base/posix-path';
import type { ExcludePattern } from './claude-settings';
import type { ClaudeFs, ClaudeMdLevel } from './types';

/** Answers "which pattern drops this file?" for one assembly. */
export class ExcludeMatcher {
  private readonly patterns: readonly ExcludePattern[];

  constructor(fs: ClaudeFs, patterns: readonly ExcludePattern[]) {
    const out = patterns.map((p) => ({ ...p, pattern: p.pattern.replaceAll('\\', '/') }));
    for (const p of [...out]) {
      if (!p.pattern.startsWith('/')) continue;
      const glob = p.pattern.search(/[*?{[]/);
      const dir = dirnamePath(glob === -1 ? p.pattern : p.pattern.slice(0, glob));
      if (/^[\\/]{2}/.test(dir)) continue;
      const real = fs.realpath(dir);
      if (typeof real !== 'string') continue;
      const resolved = normalizePath(real);
      if (resolved !== dir) out.push({ ...p, pattern: resolved + p.pattern.slice(dir.length) });
    }
    this.patterns = out.filter((p) => p.pattern.length > 0);
  }

  /** The pattern that excludes the file at `path` of `level`, or `null`. */
  match(path: string, level: ClaudeMdLevel): ExcludePattern | null {
    if (level === 'managed' || this.patterns.length === 0) return null;
    const subject = path.replaceAll('\\', '/');
    for (const p of this.patterns) {
      try {
        if (picomatch.isMatch(subject, p.pattern, { dot: true })) return p;
      } catch {
        // A pattern picomatch refuses matches nothing.
      }
    }
    return null;
  }
}
