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

/**
 * Node's `path.posix.normalize`, exactly (evolcore normalises a resolved section path with it
 * and nothing else, clarifications §2): `..` collapses, a relative path keeps its leading `..`,
 * a trailing `/` is kept, `""` is `"."`.
 */
export function nodeNormalize(p: string): string {
  if (p.length === 0) return '.';
  const absolute = p.charCodeAt(0) === 47;
  const trailing = p.charCodeAt(p.length - 1) === 47;
  let out = normalizeSegments(p, !absolute);
  if (out.length === 0) {
    if (absolute) return '/';
    return trailing ? './' : '.';
  }
  if (trailing) out += '/';
  return absolute ? `/${out}` : out;
}

/** Node's `path.posix.join`: the non-empty parts joined by `/`, then normalised. */
export function nodeJoin(...parts: readonly string[]): string {
  const joined = parts.filter((x) => x.length > 0).join('/');
  return joined.length === 0 ? '.' : nodeNormalize(joined);
}

/** The segment walk of Node's `normalizeString` for `/` (same results, same edge cases). */
function normalizeSegments(path: string, allowAboveRoot: boolean): string {
  let res = '';
  let lastSegmentLength = 0;
  let lastSlash = -1;
  let dots = 0;
  let code = 0;
  for (let i = 0; i <= path.length; ++i) {
    if (i < path.length) code = path.charCodeAt(i);
    else if (code === 47) break;
    else code = 47;
    if (code === 47) {
      if (lastSlash === i - 1 || dots === 1) {
        // an empty segment or `.`: nothing
      } else if (dots === 2) {
        if (
          res.length < 2 ||
          lastSegmentLength !== 2 ||
          res.charCodeAt(res.length - 1) !== 46 ||
          res.charCodeAt(res.length - 2) !== 46
        ) {
          if (res.length > 2) {
            const lastSlashIndex = res.lastIndexOf('/');
            if (lastSlashIndex === -1) {
              res = '';
              lastSegmentLength = 0;
            } else {
              res = res.slice(0, lastSlashIndex);
              lastSegmentLength = res.length - 1 - res.lastIndexOf('/');
            }
            lastSlash = i;
            dots = 0;
            continue;
          } else if (res.length !== 0) {
            res = '';
            lastSegmentLength = 0;
            lastSlash = i;
            dots = 0;
            continue;
          }
        }
        if (allowAboveRoot) {
          res += res.length > 0 ? '/..' : '..';
          lastSegmentLength = 2;
        }
      } else {
        if (res.length > 0) res += `/${path.slice(lastSlash + 1, i)}`;
        else res = path.slice(lastSlash + 1, i);
        lastSegmentLength = i - lastSlash - 1;
      }
      lastSlash = i;
      dots = 0;
    } else if (code === 46 && dots !== -1) {
      ++dots;
    } else {
      dots = -1;
    }
  }
  return res;
}
