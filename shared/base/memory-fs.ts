/**
 * The one in-memory file system: a tree given as `{ "/abs/path": content }`, folders implied by
 * the paths, symlinks allowed. Tests of the engine, the CLAUDE.md assembly and the workspace
 * caches read through it, and the History tab renders an opened bundle with it (docs/design.md §Style:
 * the code takes a file-reading interface, so fixtures are small trees in memory).
 *
 * It satisfies the engine's `EngineFs` and, with `realpath`, the CLAUDE.md assembly's `ClaudeFs`.
 * Error messages have the Node adapter's shape (`no such file or directory: <path>`).
 */
import type { DirEntry, FileStat, FsError, ReadOnlyFs } from './file-system';
import { dirnamePath, isAbsolutePath, joinPath, normalizePath, rootOf } from './posix-path';
import { utf8Length } from './utf8';

/** A symlink in a tree: its target as written (relative targets resolve from the link's folder). */
export interface MemoryLink {
  readonly symlink: string;
}

/** A tree: absolute path → file text, symlink, or `null` for an empty folder. */
export type MemoryTree = Readonly<Record<string, string | MemoryLink | null>>;

/** An in-memory file system, with per-path call counters and edits for tests of caches and watchers. */
export interface MemoryFs extends ReadOnlyFs {
  readTextLimited(path: string, maxBytes: number): string | FsError;
  /** The path with every symlink resolved; an `FsError` when it does not exist or loops. */
  realpath(path: string): string | FsError;
  /** `readText` calls per normalised path. */
  readonly reads: Map<string, number>;
  /** `list` calls per normalised path. */
  readonly lists: Map<string, number>;
  /** `stat` calls per normalised path. */
  readonly stats: Map<string, number>;
  /** Writes a file (replacing a file or link there); its folders appear as needed. */
  write(path: string, text: string): void;
  /** Removes a file, link or folder and everything below it; its parent folders stay. */
  remove(path: string): void;
}

type Node =
  | { readonly kind: 'file'; readonly text: string }
  | { readonly kind: 'symlink'; readonly target: string }
  | { readonly kind: 'directory' };

const MAX_HOPS = 40;

const failure = (error: string, what: string, path: string): FsError => ({
  error,
  message: `${what}: ${path}`,
});
const enoent = (path: string): FsError => failure('ENOENT', 'no such file or directory', path);

/** Counts one call under `key`. */
function count(counter: Map<string, number>, key: string): void {
  counter.set(key, (counter.get(key) ?? 0) + 1);
}

/**
 * Builds a file system over `tree`. A folder lists its entries in the order they first appear
 * in `tree` (files, links and folders mixed), which stands for the raw order a real file system
 * returns; code that needs an order sorts, as it must on a real disk.
 */
export function createMemoryFs(tree: MemoryTree = {}): MemoryFs {
  const nodes = new Map<string, Node>();
  /** Each folder's children (full paths), in first-seen order. */
  const children = new Map<string, Set<string>>();

  const addFolder = (dir: string): void => {
    if (nodes.get(dir)?.kind === 'directory') return;
    if (dir !== rootOf(dir) && dir !== '.') {
      const parent = dirnamePath(dir);
      addFolder(parent);
      children.get(parent)!.add(dir);
    }
    nodes.set(dir, { kind: 'directory' });
    if (!children.has(dir)) children.set(dir, new Set());
  };
  const put = (path: string, node: Node): void => {
    if (node.kind === 'directory') return addFolder(path);
    const parent = dirnamePath(path);
    addFolder(parent);
    children.get(parent)!.add(path);
    nodes.set(path, node);
  };
  const drop = (path: string): void => {
    for (const child of children.get(path) ?? []) drop(child);
    children.delete(path);
    nodes.delete(path);
  };

  for (const [rawPath, value] of Object.entries(tree)) {
    const path = normalizePath(rawPath);
    if (value === null) put(path, { kind: 'directory' });
    else if (typeof value === 'string') put(path, { kind: 'file', text: value });
    else put(path, { kind: 'symlink', target: value.symlink });
  }

  /** Resolves every link on the way, the last component included. */
  const real = (path: string, hops = 0): string | FsError => {
    if (hops > MAX_HOPS) return failure('ELOOP', 'too many levels of symbolic links (a symlink loop)', path);
    const norm = normalizePath(path);
    const root = rootOf(norm);
    let current = root;
    for (const part of norm.slice(root.length).split('/').filter(Boolean)) {
      const next = joinPath(current, part);
      const node = nodes.get(next);
      if (node?.kind !== 'symlink') {
        current = next;
        continue;
      }
      const resolved = real(
        isAbsolutePath(node.target) ? node.target : joinPath(current, node.target),
        hops + 1,
      );
      if (typeof resolved !== 'string') return resolved;
      current = resolved;
    }
    return current;
  };

  const reads = new Map<string, number>();
  const lists = new Map<string, number>();
  const stats = new Map<string, number>();
  const fs: MemoryFs = {
    reads,
    lists,
    stats,
    stat(path): FileStat | FsError {
      count(stats, normalizePath(path));
      const r = real(path);
      if (typeof r !== 'string') return r;
      const node = nodes.get(r);
      if (node?.kind === 'file') return { kind: 'file', size: utf8Length(node.text), mtimeMs: 0 };
      if (node?.kind === 'directory') return { kind: 'directory', size: 0, mtimeMs: 0 };
      return enoent(path);
    },
    readText(path): string | FsError {
      count(reads, normalizePath(path));
      const r = real(path);
      if (typeof r !== 'string') return r;
      const node = nodes.get(r);
      if (node?.kind === 'file') return node.text;
      return node?.kind === 'directory' ? failure('EISDIR', 'is a directory', path) : enoent(path);
    },
    readTextLimited(path, maxBytes): string | FsError {
      const r = real(path);
      const node = typeof r === 'string' ? nodes.get(r) : undefined;
      if (node?.kind === 'file' && utf8Length(node.text) > maxBytes)
        return failure('EFBIG', 'file too large to read', path);
      return fs.readText(path);
    },
    list(path): readonly DirEntry[] | FsError {
      count(lists, normalizePath(path));
      const r = real(path);
      if (typeof r !== 'string') return r;
      const node = nodes.get(r);
      if (node?.kind !== 'directory')
        return node ? failure('ENOTDIR', 'not a directory', path) : enoent(path);
      const entries: DirEntry[] = [];
      for (const child of children.get(r) ?? []) {
        const kind = nodes.get(child)!.kind;
        entries.push({ name: child.slice(child.lastIndexOf('/') + 1), kind });
      }
      return entries;
    },
    realpath(path): string | FsError {
      const r = real(path);
      if (typeof r !== 'string') return r;
      return nodes.has(r) ? r : enoent(path);
    },
    write(path, text): void {
      const p = normalizePath(path);
      if (nodes.get(p)?.kind === 'directory') drop(p);
      put(p, { kind: 'file', text });
    },
    remove(path): void {
      const p = normalizePath(path);
      if (!nodes.has(p)) return;
      drop(p);
      children.get(dirnamePath(p))?.delete(p);
    },
  };
  return fs;
}
