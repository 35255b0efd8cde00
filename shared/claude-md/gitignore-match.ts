/**
 * Gitignore-style matching of a relative path against glob patterns, as the `ignore` package
 * does for Claude Code's conditional rules (§19.3 "条件规则匹配": `ignore().add(globs).ignores(path)`).
 *
 * Rules (gitignore(5)): `#` comments and blank patterns skipped; `!` negates; a pattern with a
 * slash at the start or in the middle is anchored to the base folder, otherwise it matches at
 * any depth; a trailing `/` matches folders only; `*` and `?` stay within a segment; `**`
 * spans segments; letters match case-insensitively (the package's default); a pattern that matches a folder matches everything inside it, and a file
 * inside an excluded folder cannot be re-included.
 */

interface Rule {
  readonly negate: boolean;
  readonly dirOnly: boolean;
  readonly regex: RegExp;
}

/** Whether `relPath` (relative, `/`-separated, no `..`) is matched by `patterns`. */
export function matchesGitignore(patterns: readonly string[], relPath: string): boolean {
  const rules = patterns.map(compileRule).filter((r): r is Rule => r !== null);
  const segments = relPath.split('/').filter((s) => s !== '');
  // Parents first: a matched folder decides for everything inside it.
  for (let i = 1; i < segments.length; i++) {
    if (evaluate(rules, segments.slice(0, i).join('/'), true)) return true;
  }
  return evaluate(rules, segments.join('/'), false);
}

function evaluate(rules: readonly Rule[], path: string, isDir: boolean): boolean {
  let matched = false;
  for (const rule of rules) {
    if (rule.negate !== matched) continue;
    if (rule.dirOnly && !isDir) continue;
    if (rule.regex.test(path)) matched = !rule.negate;
  }
  return matched;
}

/** Compiles one pattern, or `null` for a blank line or a comment. */
export function compileRule(pattern: string): Rule | null {
  let p = pattern.replace(/(?<!\\)\s+$/, '');
  if (p === '' || p.startsWith('#')) return null;
  let negate = false;
  if (p.startsWith('!')) {
    negate = true;
    p = p.slice(1);
  } else if (p.startsWith('\\!') || p.startsWith('\\#')) p = p.slice(1);
  const dirOnly = p.endsWith('/') && p !== '/';
  if (dirOnly) p = p.slice(0, -1);
  const anchored = p.startsWith('/') || p.includes('/');
  if (p.startsWith('/')) p = p.slice(1);
  if (p === '') return null;
  const body = globToRegex(p);
  const prefix = anchored || p.startsWith('**/') ? '' : '(?:.*/)?';
  // `ignore()` matches case-insensitively by default, and Claude Code uses the default.
  return { negate, dirOnly, regex: new RegExp(`^${prefix}${body}$`, 'i') };
}

/** Translates glob syntax to a regex body. */
function globToRegex(glob: string): string {
  let out = '';
  let i = 0;
  while (i < glob.length) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      const atStart = i === 0 || glob[i - 1] === '/';
      const atEnd = i + 2 === glob.length || glob[i + 2] === '/';
      if (atStart && atEnd) {
        if (i + 2 === glob.length) {
          // `a/**`: everything inside; a lone `**`: everything.
          out += i === 0 ? '.*' : '.+';
          i += 2;
        } else {
          // `**/`: zero or more folders.
          out += '(?:.*/)?';
          i += 3;
        }
        continue;
      }
      out += '[^/]*';
      while (glob[i] === '*') i++;
      continue;
    }
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '\\' && i + 1 < glob.length) {
      out += escapeRegex(glob[i + 1]!);
      i += 2;
      continue;
    } else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        const cls = glob.slice(i + 1, close);
        out += `[${cls.replace(/\\/g, '\\\\')}]`;
        i = close + 1;
        continue;
      }
    } else out += escapeRegex(c);
    i++;
  }
  return out;
}

function escapeRegex(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? '\\' + c : c;
}
