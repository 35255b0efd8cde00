/**
 * A directory section's `pattern` as evolcore turns it into a regex (`matchGlob`,
 * docs/engine.md §5): `.` escaped, `*` → `.*`, `{a,b}` → `(a|b)`, every other character taken
 * as regex syntax (`?` and `+` are operators), anchored. A pattern that is not valid regex
 * syntax lists nothing (the real code catches the error and returns no names).
 */

const cache = new Map<string, RegExp | null>();

/** The regex source evolcore builds from a pattern. */
export function globSource(pattern: string): string {
  const body = pattern
    .replace(/\./g, '\\.')
    .replace(/\*/g, '.*')
    .replace(/\{([^}]+)\}/g, (_m, alts: string) => `(${alts.split(',').join('|')})`);
  return `^${body}$`;
}

/** A name matcher for a pattern, or null when evolcore's regex would not compile. */
export function globMatcher(pattern: string): ((name: string) => boolean) | null {
  let re = cache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(globSource(pattern));
    } catch {
      re = null;
    }
    if (cache.size > 200) cache.clear();
    cache.set(pattern, re);
  }
  if (re === null) return null;
  const r = re;
  return (name) => r.test(name);
}

/** True when `name` matches `pattern` (false for a pattern that does not compile). */
export function matchesGlob(name: string, pattern: string): boolean {
  return globMatcher(pattern)?.(name) ?? false;
}
