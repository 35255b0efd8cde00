/**
 * The one `/`-separated path library of the pure layer (it may not import `node:path`), used by
 * the engine, the CLAUDE.md assembly, the lint and the Node side alike.
 *
 * Paths reach `shared/` absolute and with `/` (the Node adapter converts `\` on Windows), so a
 * backslash is an ordinary name character here, as in `path.posix`; `toForwardSlashes` is for
 * a path a person typed. Windows drive roots (`C:/`) are understood so the same code serves both
 * platforms (docs/engine.md §2: paths are normalised; docs/claude-md.md §19.1:
 * drive letters compare case-insensitively).
 *
 * Two families: `normalizePath` and the helpers built on it drop a trailing slash and never
 * climb above the root (what `path.resolve` gives); `nodeNormalize` / `nodeJoin` are Node's
 * `path.posix.normalize` / `join` exactly, trailing slash and leading `..` kept, because
 * evolcore resolves a section path with those and nothing else.
 */

const DRIVE_ROOT = /^[A-Za-z]:\//;

/** The root of an absolute path: `/` or `C:/`; `''` for a relative path. */
export function rootOf(p: string): string {
  if (DRIVE_ROOT.test(p)) return p.slice(0, 3);
  return p.startsWith('/') ? '/' : '';
}

/** True for `/abs` and for Windows drive paths (`C:/…`), which the Node adapter passes with `/`. */
export function isAbsolutePath(p: string): boolean {
  return rootOf(p) !== '';
}

/** Windows separators to `/`, for a path a person typed (`C:\Users\me` → `C:/Users/me`). */
export function toForwardSlashes(p: string): string {
  return p.replace(/\\/g, '/');
}

/** Collapses `.`, `..` and repeated slashes; keeps the root; drops a trailing slash. */
export function normalizePath(p: string): string {
  const root = rootOf(p);
  const parts: string[] = [];
  for (const part of p.slice(root.length).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
      else if (root === '') parts.push('..');
      continue;
    }
    parts.push(part);
  }
  const body = parts.join('/');
  if (root !== '') return root + body;
  return body === '' ? '.' : body;
}

/** Joins the non-empty segments with `/` and normalises (`joinPath('', 'a')` is `a`, as in Node). */
export function joinPath(...parts: readonly string[]): string {
  return normalizePath(parts.filter((s) => s !== '').join('/'));
}

/** `path.resolve(base, p)` for an absolute `base`. */
export function resolvePath(base: string, p: string): string {
  return isAbsolutePath(p) ? normalizePath(p) : joinPath(base, p);
}

/** The folder part of a path (`/a/b/c.md` → `/a/b`); the root is its own parent. */
export function dirnamePath(p: string): string {
  const n = normalizePath(p);
  const root = rootOf(n);
  const cut = n.lastIndexOf('/');
  if (cut < root.length) return root || '.';
  return n.slice(0, cut);
}

/** The last segment of a path. */
export function basenamePath(p: string): string {
  const n = normalizePath(p);
  return n.slice(n.lastIndexOf('/') + 1);
}

/** Node's `extname`: from the last dot of the base name, `''` for none or a leading dot only. */
export function extnamePath(p: string): string {
  const base = basenamePath(p);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}

/** The key two paths are compared by: normalised, drive letter lower-cased (§19.2 `normalizePathForComparison`). */
export function comparisonKey(p: string): string {
  const n = normalizePath(p);
  return DRIVE_ROOT.test(n) ? n[0]!.toLowerCase() + n.slice(1) : n;
}

/**
 * True when `p` equals `folder` or lies inside it: a match at a path boundary, both sides
 * normalised, drive letters compared case-insensitively (`/a/kits2` is not inside `/a/kits`).
 */
export function isPathWithin(p: string, folder: string): boolean {
  const d = comparisonKey(folder);
  const k = comparisonKey(p);
  return k === d || k.startsWith(d.endsWith('/') ? d : `${d}/`);
}

/** Node's `path.relative` for two absolute paths: `''` when equal, `..` segments when outside. */
export function relativePath(from: string, to: string): string {
  const a = normalizePath(from);
  const b = normalizePath(to);
  if (comparisonKey(rootOf(a)) !== comparisonKey(rootOf(b))) return b;
  const as = a.slice(rootOf(a).length).split('/').filter(Boolean);
  const bs = b.slice(rootOf(b).length).split('/').filter(Boolean);
  let i = 0;
  while (i < as.length && i < bs.length && as[i] === bs[i]) i++;
  return [...as.slice(i).map(() => '..'), ...bs.slice(i)].join('/');
}

/** Folders from `dir` up to, but not including, the root (Claude Code's `while (currentDir !== root)`). */
export function ancestorsBelowRoot(dir: string): string[] {
  const dirs: string[] = [];
  let current = normalizePath(dir);
  while (current !== rootOf(current) && current !== '.') {
    dirs.push(current);
    current = dirnamePath(current);
  }
  return dirs;
}

/**
 * Node's `path.posix.normalize`, exactly (evolcore normalises a resolved section path with it
 * and nothing else, docs/engine.md §2): `..` collapses, a relative path keeps its leading `..`,
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
