/**
 * An in-memory EngineFs for tests: a flat map of absolute file paths to contents.
 */
import type { DirEntry, EngineFs, FileStat, FsError } from '../../../shared/engine/types';

/** A mutable in-memory tree plus counters of how often each operation ran. */
export interface MemoryFs extends EngineFs {
  readonly files: Map<string, string>;
  readonly calls: { stat: number; readText: number; list: number };
}

/** Builds an in-memory EngineFs; folders exist implicitly as prefixes of file paths. */
export function createMemoryFs(initial: Record<string, string> = {}): MemoryFs {
  const files = new Map(Object.entries(initial));
  const calls = { stat: 0, readText: 0, list: 0 };
  const enoent = (p: string): FsError => ({ error: 'ENOENT', message: `no such file: ${p}` });
  const isDir = (p: string): boolean => {
    const prefix = p.endsWith('/') ? p : `${p}/`;
    for (const key of files.keys()) if (key.startsWith(prefix)) return true;
    return false;
  };
  return {
    files,
    calls,
    stat(p): FileStat | FsError {
      calls.stat++;
      const text = files.get(p);
      if (text !== undefined)
        return { kind: 'file', size: new TextEncoder().encode(text).length, mtimeMs: 0 };
      return isDir(p) ? { kind: 'directory', size: 0, mtimeMs: 0 } : enoent(p);
    },
    readText(p) {
      calls.readText++;
      return files.get(p) ?? enoent(p);
    },
    list(p): readonly DirEntry[] | FsError {
      calls.list++;
      if (!isDir(p)) return enoent(p);
      const prefix = p.endsWith('/') ? p : `${p}/`;
      const entries = new Map<string, DirEntry>();
      for (const key of files.keys()) {
        if (!key.startsWith(prefix)) continue;
        const rest = key.slice(prefix.length);
        const slash = rest.indexOf('/');
        const name = slash < 0 ? rest : rest.slice(0, slash);
        entries.set(name, { name, kind: slash < 0 ? 'file' : 'directory' });
      }
      return [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    },
  };
}
