/**
 * An EngineFs that remembers what it read until the watcher says a path changed.
 *
 * Why: every keystroke in the vars editor re-renders (docs/design.md §Promises, "Large inputs stay fast"),
 * and re-reading the kit each time would cost far more than the engine itself. The watcher
 * is the only source of invalidation, so a change nobody saw stays stale until the next burst
 * or `clear()`.
 */
import type { DirEntry, EngineFs, FileStat, FsError } from '../../shared/engine';

/** An EngineFs with a cache that can be dropped per path. */
export interface CachingFs extends EngineFs {
  /** Drops cached entries of these paths, of everything under them, and their parents' listings. */
  invalidate(paths: readonly string[]): void;
  /**
   * Keeps a listing someone else took (the watcher's), unless one is cached: valid
   * until the watcher reports a change, as any cached entry.
   */
  seedList(path: string, entries: readonly DirEntry[]): void;
  /** The cached listing of a folder, if any (never lists). */
  cachedList(path: string): readonly DirEntry[] | undefined;
  /** Drops the whole cache. */
  clear(): void;
  /** Number of cached entries (for tests and the status bar). */
  readonly size: number;
}

/** Wraps an EngineFs with a per-path cache of stat, readText and list results (errors included). */
export function createCachingFs(inner: EngineFs): CachingFs {
  const stats = new Map<string, FileStat | FsError>();
  const texts = new Map<string, string | FsError>();
  const lists = new Map<string, readonly DirEntry[] | FsError>();
  const maps = [stats, texts, lists] as const;

  function remember<T>(map: Map<string, T>, key: string, read: () => T): T {
    const hit = map.get(key);
    if (hit !== undefined) return hit;
    const value = read();
    map.set(key, value);
    return value;
  }

  function dropUnder(prefix: string): void {
    const withSlash = prefix.endsWith('/') ? prefix : `${prefix}/`;
    for (const map of maps) {
      for (const key of map.keys()) if (key === prefix || key.startsWith(withSlash)) map.delete(key);
    }
  }

  return {
    stat: (p) => remember(stats, p, () => inner.stat(p)),
    readText: (p) => remember(texts, p, () => inner.readText(p)),
    list: (p) => remember(lists, p, () => inner.list(p)),
    ...(inner.byteLength ? { byteLength: inner.byteLength } : {}),
    readTextLimited: (p, maxBytes) =>
      remember(texts, p, () =>
        inner.readTextLimited ? inner.readTextLimited(p, maxBytes) : inner.readText(p),
      ),
    invalidate(paths) {
      for (const raw of paths) {
        const p = toSlash(raw);
        // A rename or delete also changes the parent folder's listing (and a stat of it).
        const parent = parentOf(p);
        lists.delete(parent);
        stats.delete(parent);
        dropUnder(p);
      }
    },
    seedList(raw, entries) {
      const p = toSlash(raw);
      if (!lists.has(p)) lists.set(p, entries);
    },
    cachedList(raw) {
      const hit = lists.get(toSlash(raw));
      return hit === undefined || 'error' in hit ? undefined : hit;
    },
    clear() {
      for (const map of maps) map.clear();
    },
    get size() {
      return stats.size + texts.size + lists.size;
    },
  };
}

function toSlash(p: string): string {
  // The engine speaks `/`-separated paths (EngineFs doc); chokidar gives native ones on Windows.
  return p.replace(/\\/g, '/');
}

function parentOf(p: string): string {
  const i = p.lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}
