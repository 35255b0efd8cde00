/**
 * An in-memory `ClaudeFs` with symlinks, for tests and demos (STYLE.md habit 4: the engine
 * takes a file-reading interface, so fixtures can be small trees in memory).
 */

import type { ClaudeFs, DirEntry, FileStat, FsError } from './types';
import { dirnamePath, isAbsolutePath, joinPath, normalizePath, rootOf } from '../base/posix-path';

/** A symlink in a tree: its target as written (relative targets resolve from the link's folder). */
export interface MemoryLink {
  readonly symlink: string;
}

/** A tree: absolute path → file text, symlink, or `null` for an empty folder. */
export type MemoryTree = Readonly<Record<string, string | MemoryLink | null>>;

const MAX_HOPS = 40;

/**
 * Builds a `ClaudeFs` over `tree`; folders of every entry exist implicitly. A folder lists its
 * entries in the order they first appear in `tree` (files, links and folders mixed), which
 * stands for the raw order a real file system returns.
 */
export function createMemoryFs(tree: MemoryTree): ClaudeFs {
  const files = new Map<string, string>();
  const links = new Map<string, string>();
  const dirs = new Set<string>();
  /** Every path in first-seen order (parents before children). */
  const order: string[] = [];
  const seen = new Set<string>();
  const note = (path: string): void => {
    if (!seen.has(path)) {
      seen.add(path);
      order.push(path);
    }
  };
  const addParents = (path: string): void => {
    const chain: string[] = [];
    for (let d = dirnamePath(path); !dirs.has(d); d = dirnamePath(d)) {
      dirs.add(d);
      chain.push(d);
      if (d === rootOf(d)) break;
    }
    for (const d of chain.reverse()) note(d);
  };
  for (const [rawPath, value] of Object.entries(tree)) {
    const path = normalizePath(rawPath);
    addParents(path);
    note(path);
    if (value === null) dirs.add(path);
    else if (typeof value === 'string') files.set(path, value);
    else links.set(path, value.symlink);
  }

  /** Resolves every link on the way, the last component included. */
  const real = (path: string, hops = 0): string | FsError => {
    if (hops > MAX_HOPS) return { error: 'ELOOP', message: `ELOOP: too many symbolic links, ${path}` };
    const norm = normalizePath(path);
    const root = rootOf(norm);
    let current = root;
    for (const part of norm.slice(root.length).split('/').filter(Boolean)) {
      const next = joinPath(current, part);
      const link = links.get(next);
      if (link === undefined) {
        current = next;
        continue;
      }
      const resolved = real(isAbsolutePath(link) ? link : joinPath(current, link), hops + 1);
      if (typeof resolved !== 'string') return resolved;
      current = resolved;
    }
    return current;
  };
  const enoent = (path: string): FsError => ({
    error: 'ENOENT',
    message: `ENOENT: no such file or directory, ${path}`,
  });

  return {
    stat(path): FileStat | FsError {
      const r = real(path);
      if (typeof r !== 'string') return r;
      const text = files.get(r);
      if (text !== undefined) return { kind: 'file', size: utf8Length(text), mtimeMs: 0 };
      if (dirs.has(r)) return { kind: 'directory', size: 0, mtimeMs: 0 };
      return enoent(path);
    },
    readText(path): string | FsError {
      const r = real(path);
      if (typeof r !== 'string') return r;
      const text = files.get(r);
      if (text !== undefined) return text;
      return dirs.has(r)
        ? { error: 'EISDIR', message: `EISDIR: illegal operation on a directory, ${path}` }
        : enoent(path);
    },
    list(path): readonly DirEntry[] | FsError {
      const r = real(path);
      if (typeof r !== 'string') return r;
      if (!dirs.has(r))
        return files.has(r) ? { error: 'ENOTDIR', message: `ENOTDIR: ${path}` } : enoent(path);
      const entries: DirEntry[] = [];
      for (const p of order) {
        if (p === r || dirnamePath(p) !== r) continue;
        const name = p.slice(p.lastIndexOf('/') + 1);
        const kind = files.has(p) ? 'file' : links.has(p) ? 'symlink' : 'directory';
        entries.push({ name, kind });
      }
      return entries;
    },
    realpath(path): string | FsError {
      const r = real(path);
      if (typeof r !== 'string') return r;
      return files.has(r) || dirs.has(r) ? r : enoent(path);
    },
  };
}

/** UTF-8 byte length without `TextEncoder` (not in the shared layer's lib). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}
