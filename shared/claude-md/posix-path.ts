/**
 * Pure path helpers for `/`-separated absolute paths (the port's convention), with Windows
 * drive roots (`C:/`) understood so the same code serves both (clarifications "Order of files":
 * drive letters compare case-insensitively).
 */

const DRIVE_ROOT = /^[A-Za-z]:\//;

/** The root of an absolute path: `/` or `C:/`; `''` for a relative path. */
export function rootOf(path: string): string {
  if (DRIVE_ROOT.test(path)) return path.slice(0, 3);
  return path.startsWith('/') ? '/' : '';
}

/** Whether a path is absolute (`/…` or `C:/…`). */
export function isAbsolute(path: string): boolean {
  return rootOf(path) !== '';
}

/** Collapses `.`, `..`, repeated and trailing slashes; never climbs above the root. */
export function normalize(path: string): string {
  const slashed = path.replace(/\\/g, '/');
  const root = rootOf(slashed);
  const parts: string[] = [];
  for (const part of slashed.slice(root.length).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
      else if (root === '') parts.push('..');
      continue;
    }
    parts.push(part);
  }
  const body = parts.join('/');
  return root + body || (root === '' ? '.' : root);
}

/** Joins segments and normalises. */
export function join(...segments: string[]): string {
  return normalize(segments.filter((s) => s !== '').join('/'));
}

/** Resolves `path` against `base` unless it is absolute. */
export function resolve(base: string, path: string): string {
  return isAbsolute(path) ? normalize(path) : join(base, path);
}

/** The parent folder; the root is its own parent. */
export function dirname(path: string): string {
  const norm = normalize(path);
  const root = rootOf(norm);
  const cut = norm.lastIndexOf('/');
  if (cut < root.length) return root || '.';
  return norm.slice(0, cut);
}

/** The last segment. */
export function basename(path: string): string {
  const norm = normalize(path);
  return norm.slice(norm.lastIndexOf('/') + 1);
}

/** Node's `extname`: from the last dot of the base name, `''` for none or a leading dot only. */
export function extname(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}

/** The key two paths are compared by: normalised, drive letter lower-cased (§19.2 `normalizePathForComparison`). */
export function comparisonKey(path: string): string {
  const norm = normalize(path);
  return DRIVE_ROOT.test(norm) ? norm[0]!.toLowerCase() + norm.slice(1) : norm;
}

/** Whether `path` is `dir` itself or inside it. */
export function isInside(dir: string, path: string): boolean {
  const d = comparisonKey(dir);
  const p = comparisonKey(path);
  return p === d || p.startsWith(d.endsWith('/') ? d : d + '/');
}

/** Node's `path.relative` for two absolute paths: `''` when equal, `..` segments when outside. */
export function relative(from: string, to: string): string {
  const a = normalize(from);
  const b = normalize(to);
  if (comparisonKey(rootOf(a)) !== comparisonKey(rootOf(b))) return b;
  const as = a.slice(rootOf(a).length).split('/').filter(Boolean);
  const bs = b.slice(rootOf(b).length).split('/').filter(Boolean);
  let i = 0;
  while (i < as.length && i < bs.length && as[i] === bs[i]) i++;
  return [...as.slice(i).map(() => '..'), ...bs.slice(i)].join('/');
}

/** Folders from `dir` up to, but not including, the root (the chapter's `while (currentDir !== root)`). */
export function ancestorsBelowRoot(dir: string): string[] {
  const dirs: string[] = [];
  let current = normalize(dir);
  while (current !== rootOf(current) && current !== '.') {
    dirs.push(current);
    current = dirname(current);
  }
  return dirs;
}
