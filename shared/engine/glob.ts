/**
 * The directory `pattern` glob (clarifications §5): `*` is any run of characters but `/`,
 * `{a,b}` are alternatives, everything else (including `?`) is literal. Matched against a
 * file's name only.
 */

function escapeLiteral(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function translate(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*') {
      out += '[^/]*';
    } else if (c === '{') {
      const close = findClose(pattern, i);
      if (close < 0) {
        out += escapeLiteral(c);
        continue;
      }
      const alternatives = splitTop(pattern.slice(i + 1, close));
      out += `(?:${alternatives.map(translate).join('|')})`;
      i = close;
    } else {
      out += escapeLiteral(c);
    }
  }
  return out;
}

/** Index of the `}` closing the `{` at `open`, honouring nesting; -1 if none. */
function findClose(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Splits on commas that are not inside nested braces. */
function splitTop(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}') depth--;
    else if (s[i] === ',' && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

/** Compiles a pattern to an anchored RegExp. */
export function compileGlob(pattern: string): RegExp {
  return new RegExp(`^${translate(pattern)}$`, 's');
}

/** `*.md`-style patterns (the default and by far the most common): a suffix test, no RegExp. */
const SUFFIX_ONLY = /^\*[^*{}/]*$/;

const matchers = new Map<string, (name: string) => boolean>();

/** A cached matcher for a pattern (a folder of 100,000 names tests the same pattern 100,000 times). */
export function globMatcher(pattern: string): (name: string) => boolean {
  let m = matchers.get(pattern);
  if (!m) {
    if (SUFFIX_ONLY.test(pattern)) {
      const suffix = pattern.slice(1);
      m = (name) => name.endsWith(suffix);
    } else {
      const re = compileGlob(pattern);
      m = (name) => re.test(name);
    }
    if (matchers.size > 200) matchers.clear();
    matchers.set(pattern, m);
  }
  return m;
}

/** True when a file name matches the pattern. */
export function matchesGlob(name: string, pattern: string): boolean {
  return globMatcher(pattern)(name);
}
