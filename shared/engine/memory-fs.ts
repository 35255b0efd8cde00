/**
 * An in-memory EngineFs for tests and for rendering a bundle: a tree given as
 * `{ "/abs/path": "content" }`, folders implied by the paths.
 */
import type { DirEntry, EngineFs, FileStat, FsError } from './types';
import { dirnamePath, normalizePath } from '../base/posix-path';

/** A file tree: absolute path → text content. A `null` value marks an empty folder. */
export type MemoryTree = Readonly<Record<string, string | null>>;

const enoent = (path: string): FsError => ({
  error: 'ENOENT',
  message: `no such file or directory: ${path}`,
});

/** UTF-8 byte length without TextEncoder (the pure layer has no DOM or node types). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < text.length &&
      (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    ) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Builds an EngineFs over a tree; `reads` counts readText calls per path (for tests). */
export function createMemoryFs(
  tree: MemoryTree,
): EngineFs & { readonly reads: Map<string, number>; readonly lists: Map<string, number> } {
  const files = new Map<string, string>();
  const dirs = new Map<string, Map<string, DirEntry>>();
  const addDir = (dir: string): Map<string, DirEntry> => {
    let d = dirs.get(dir);
    if (!d) {
      d = new Map();
      dirs.set(dir, d);
      if (dir !== '/') {
        const parent = dirnamePath(dir);
        addDir(parent).set(dir, { name: dir.slice(dir.lastIndexOf('/') + 1), kind: 'directory' });
      }
    }
    return d;
  };
  addDir('/');
  for (const [rawPath, content] of Object.entries(tree)) {
    const path = normalizePath(rawPath);
    if (content === null) {
      addDir(path);
      continue;
    }
    files.set(path, content);
    addDir(dirnamePath(path)).set(path, { name: path.slice(path.lastIndexOf('/') + 1), kind: 'file' });
  }
  const reads = new Map<string, number>();
  const lists = new Map<string, number>();
  return {
    reads,
    lists,
    stat(path: string): FileStat | FsError {
      const p = normalizePath(path);
      const f = files.get(p);
      if (f !== undefined) return { kind: 'file', size: utf8Length(f), mtimeMs: 0 };
      if (dirs.has(p)) return { kind: 'directory', size: 0, mtimeMs: 0 };
      return enoent(p);
    },
    readText(path: string): string | FsError {
      const p = normalizePath(path);
      reads.set(p, (reads.get(p) ?? 0) + 1);
      const f = files.get(p);
      if (f !== undefined) return f;
      if (dirs.has(p)) return { error: 'EISDIR', message: `is a directory: ${p}` };
      return enoent(p);
    },
    readTextLimited(path: string, maxBytes: number): string | FsError {
      const p = normalizePath(path);
      const f = files.get(p);
      if (f !== undefined && utf8Length(f) > maxBytes)
        return { error: 'EFBIG', message: `file too large to read: ${p}` };
      return this.readText(path);
    },
    list(path: string): readonly DirEntry[] | FsError {
      const p = normalizePath(path);
      lists.set(p, (lists.get(p) ?? 0) + 1);
      const d = dirs.get(p);
      if (d) return [...d.values()];
      if (files.has(p)) return { error: 'ENOTDIR', message: `not a directory: ${p}` };
      return enoent(p);
    },
  };
}
