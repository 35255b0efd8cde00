/**
 * `/`-separated path helpers for the pure engine (it may not import `node:path`).
 * The Node adapter hands the engine absolute POSIX-style paths; these helpers are what
 * `path.resolve` / `path.dirname` would do on them (clarifications §2: paths are normalised).
 */

/** True for `/abs` and for Windows drive paths (`C:/…`), which the Node adapter passes with `/`. */
export function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:\//.test(p);
}

/** Collapses `.`, `..` and repeated slashes; keeps the root; drops a trailing slash. */
export function normalizePath(p: string): string {
  const drive = /^[A-Za-z]:(?=\/)/.exec(p)?.[0] ?? '';
  const rest = p.slice(drive.length);
  const absolute = rest.startsWith('/');
  const out: string[] = [];
  for (const part of rest.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(part);
  }
  const body = out.join('/');
  if (absolute) return `${drive}/${body}`;
  return body === '' ? '.' : body;
}

/** `path.resolve(base, p)` for an absolute `base`. */
export function resolvePath(base: string, p: string): string {
  return normalizePath(isAbsolutePath(p) ? p : `${base}/${p}`);
}

/** Joins segments with `/` and normalises. */
export function joinPath(...parts: readonly string[]): string {
  return normalizePath(parts.join('/'));
}

/** The folder part of a path (`/a/b/c.md` → `/a/b`). */
export function dirnamePath(p: string): string {
  const n = normalizePath(p);
  const i = n.lastIndexOf('/');
  if (i < 0) return '.';
  if (i === 0) return '/';
  const head = n.slice(0, i);
  return /^[A-Za-z]:$/.test(head) ? `${head}/` : head;
}

/** The last segment of a path. */
export function basenamePath(p: string): string {
  const n = normalizePath(p);
  return n.slice(n.lastIndexOf('/') + 1);
}

/** True when `p` equals `prefix` or lies inside it (a match at a path boundary). */
export function isPathWithin(p: string, prefix: string): boolean {
  if (prefix === '/') return p.startsWith('/');
  return p === prefix || p.startsWith(`${prefix}/`);
}
