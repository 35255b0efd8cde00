/**
 * Watches trees of folders with one platform watcher per folder, never one per file:
 * a folder's watcher reports every change of the entries inside it, so a kit folder
 * of 100,000 files costs one listing and one watch, not 100,000 stats and watches (what chokidar
 * did: 9.4 s before a kit like that was ready). A folder whose entries are never needed one by
 * one (the home's `data/`) is watched without being listed at all, and one that is somebody
 * else's to watch (`data/eck-debug`, the History service's) is neither listed nor watched: its
 * appearing or going is still seen by its parent's watcher.
 *
 * Each folder is listed at most once while it exists, and one without subfolders not at all
 * (its link count says so); only a folder that appears later is listed, when it appears. Symlinks are never followed (a link back to a parent cannot loop).
 */
import fs from 'node:fs';
import path from 'node:path';

/** What the watcher does with one folder. */
export type FolderScope =
  /** List it, watch it and walk into its subfolders. */
  | 'walk'
  /** Watch it (its entries' changes are reported) without listing it or walking into it. */
  | 'watch'
  /** Neither list nor watch it. */
  | 'skip';

/** An entry of a listing (a `Dirent`): its name and type, links not followed. */
export interface FolderEntry {
  readonly name: string;
  isDirectory(): boolean;
  isFile(): boolean;
  isSymbolicLink(): boolean;
}

/** One platform watcher. */
export interface FolderWatchHandle {
  close(): void;
}

/** The file-system calls the watcher makes, injectable so tests can count them. */
export interface FolderWatchFs {
  /** One listing of a folder (names and types, no stat per entry). */
  readdir(dir: string): Promise<readonly FolderEntry[]>;
  /** Watches one folder, not recursively; `name` is `null` when the platform could not say. */
  watch(
    dir: string,
    onEvent: (name: string | null) => void,
    onError: (error: Error) => void,
  ): FolderWatchHandle;
  /** What a changed path is now: a folder (not a link to one), something else, or gone. */
  kind(p: string): Promise<'directory' | 'other' | 'missing'>;
  /**
   * `false` when a folder surely has no subfolders, so it need not be listed to be walked: one
   * stat, no listing of a 100,000-file kit folder. `true` when it may have some.
   */
  mayHaveSubfolders(dir: string): Promise<boolean>;
}

/** The platform's calls. */
export const nodeFolderWatchFs: FolderWatchFs = {
  readdir: (dir) => fs.promises.readdir(dir, { withFileTypes: true }),
  watch(dir, onEvent, onError) {
    const watcher = fs.watch(dir, (_event, name) => onEvent(name === null ? null : String(name)));
    watcher.on('error', onError);
    return watcher;
  },
  async kind(p) {
    try {
      return (await fs.promises.lstat(p)).isDirectory() ? 'directory' : 'other';
    } catch {
      return 'missing';
    }
  },
  async mayHaveSubfolders(dir) {
    try {
      // A folder's link count is 2 + its subfolders on ext4, xfs, tmpfs, 2 + its entries on
      // APFS/HFS+: 2 means none either way. File systems that do not count (btrfs, NTFS: 1)
      // never say 2, and are listed.
      return (await fs.promises.stat(dir)).nlink !== 2;
    } catch {
      return true;
    }
  },
};

/** Options of `watchFolders`. */
export interface FolderWatchOptions {
  /** The folders to start from (each is treated as `scope` says; a missing one is skipped). */
  readonly roots: readonly string[];
  /** What to do with a folder. */
  readonly scope: (dir: string) => FolderScope;
  /** `true` for a changed path that is not to be reported. */
  readonly ignored: (p: string) => boolean;
  /** Levels of folders below a root that are walked. */
  readonly depth: number;
  /** One changed path (a file, or a folder that appeared or went). */
  readonly onPath: (p: string) => void;
  /**
   * Gets each listing the watcher took, when nothing changed in that folder while it was
   * taken: a cache can keep it (the watcher reports every later change), so the folder need
   * not be listed again by anyone.
   */
  readonly onListed?: (dir: string, entries: readonly FolderEntry[]) => void;
  /** A folder could not be listed or watched (permissions, the platform's watch limit). */
  readonly onError?: (error: Error) => void;
  readonly fs?: FolderWatchFs;
}

/** A running folder watcher. */
export interface FolderWatcher {
  /** Resolves once every folder there at the start is watched. */
  readonly ready: Promise<void>;
  /** Folders watched now (for tests and diagnostics). */
  readonly watchedCount: number;
  close(): void;
}

/** Starts watching; see the file comment. */
export function watchFolders(options: FolderWatchOptions): FolderWatcher {
  const io = options.fs ?? nodeFolderWatchFs;
  const watched = new Map<string, FolderWatchHandle>();
  /** Folders that changed while being listed: their listing is not handed on. */
  const changedWhileListed = new Set<string>();
  let closed = false;

  const report = (p: string): void => {
    if (!closed && !options.ignored(p)) options.onPath(p);
  };
  const fail = (dir: string, error: unknown): void => {
    const message = error instanceof Error ? error.message : String(error);
    options.onError?.(new Error(`${dir}: ${message}`));
  };

  /** Closes the watchers of `p` and of every folder under it (it went, or was renamed). */
  const unwatchUnder = (p: string): void => {
    const prefix = p.endsWith(path.sep) ? p : p + path.sep;
    for (const [dir, handle] of watched) {
      if (dir === p || dir.startsWith(prefix)) {
        handle.close();
        watched.delete(dir);
      }
    }
  };

  const onEvent = (dir: string, depth: number, name: string | null): void => {
    if (closed) return;
    changedWhileListed.add(dir);
    // No name: the platform lost track; the folder itself is what changed.
    if (name === null) {
      report(dir);
      return;
    }
    const p = path.join(dir, name);
    if (options.ignored(p)) return;
    report(p);
    void io.kind(p).then((kind) => {
      if (closed) return;
      if (kind !== 'directory') unwatchUnder(p);
      else if (!watched.has(p)) void add(p, depth + 1, true);
    });
  };

  /**
   * Watches `dir` (first, so nothing created while it is listed is missed) and, when it is
   * walked, lists it once and goes on into its subfolders. `late`: the folder appeared after
   * the start, so what is already inside it is reported too.
   */
  const add = async (dir: string, depth: number, late: boolean): Promise<void> => {
    if (closed || watched.has(dir) || depth > options.depth) return;
    const scope = options.scope(dir);
    if (scope === 'skip') return;
    try {
      watched.set(
        dir,
        io.watch(
          dir,
          (name) => onEvent(dir, depth, name),
          (error) => {
            // The folder went (its parent's watcher reports that) or can no longer be watched.
            watched.get(dir)?.close();
            watched.delete(dir);
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') fail(dir, error);
          },
        ),
      );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') fail(dir, error);
      return;
    }
    if (scope !== 'walk') return;
    // A folder there at the start that has no subfolders is watched, not listed; one that
    // appears later is listed, since what is already in it must be reported.
    if (!late && !(await io.mayHaveSubfolders(dir))) return;
    let entries: readonly FolderEntry[];
    changedWhileListed.delete(dir);
    try {
      entries = await io.readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') fail(dir, error);
      return;
    }
    if (closed) return;
    if (!changedWhileListed.has(dir)) options.onListed?.(dir, entries);
    changedWhileListed.delete(dir);
    const below: Promise<void>[] = [];
    for (const entry of entries) {
      // Only folders (and, when late, every entry) need a path: none is made per file.
      if (!late && !entry.isDirectory()) continue;
      const p = path.join(dir, entry.name);
      if (late) report(p);
      if (entry.isDirectory() && !options.ignored(p)) below.push(add(p, depth + 1, late));
    }
    await Promise.all(below);
  };

  const ready = Promise.all(options.roots.map((root) => add(path.resolve(root), 0, false))).then(
    () => undefined,
  );
  return {
    ready,
    get watchedCount() {
      return watched.size;
    },
    close() {
      closed = true;
      for (const handle of watched.values()) handle.close();
      watched.clear();
    },
  };
}
