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
  /** Each pattern as matched, with the settings entry it came from (reported as is). */
  private readonly patterns: readonly { readonly glob: string; readonly origin: ExcludePattern }[];

  constructor(fs: ClaudeFs, patterns: readonly ExcludePattern[]) {
    const out = patterns.map((origin) => ({ glob: origin.pattern.replaceAll('\\', '/'), origin }));
    for (const p of [...out]) {
      if (!p.glob.startsWith('/')) continue;
      const at = p.glob.search(/[*?{[]/);
      const dir = dirnamePath(at === -1 ? p.glob : p.glob.slice(0, at));
      if (/^[\\/]{2}/.test(dir)) continue;
      const real = fs.realpath(dir);
      if (typeof real !== 'string') continue;
      const resolved = normalizePath(real);
      if (resolved !== dir) out.push({ glob: resolved + p.glob.slice(dir.length), origin: p.origin });
    }
    this.patterns = out.filter((p) => p.glob.length > 0);
  }

  /** The settings entry whose pattern excludes the file at `path` of `level`, or `null`. */
  match(path: string, level: ClaudeMdLevel): ExcludePattern | null {
    if (level === 'managed' || this.patterns.length === 0) return null;
    const subject = path.replaceAll('\\', '/');
    for (const p of this.patterns) {
      try {
        if (picomatch.isMatch(subject, p.glob, { dot: true })) return p.origin;
      } catch {
        // A pattern picomatch refuses matches nothing.
      }
    }
    return null;
  }
}
