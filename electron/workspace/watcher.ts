/**
 * Watches a workspace on disk and reports each burst of changes once: one
 * platform watcher per folder of the home's scope and of the kit, none per file (* folder-watcher.ts), so being ready costs one listing of each folder, whatever its size.
 */
import { createBurstCollector } from './coalesce';
import type { FolderEntry, FolderWatchFs } from './folder-watcher';
import { watchFolders } from './folder-watcher';
import type { WatchRoots } from './watch-scope';
import { folderScope, isIgnored, watchedRoots } from './watch-scope';

/** Quiet period that ends a burst. Short enough that an edit shows within a frame or two of 100 ms. */
export const BURST_DELAY_MS = 60;

/** Levels of folders below the home and below `kits/` that are watched. */
export const WATCH_DEPTH = 12;

/** A running watcher. */
export interface WorkspaceWatcher {
  /** Resolves once the initial scan is done and events are live. */
  readonly ready: Promise<void>;
  /** Folders watched now. */
  readonly watchedCount: number;
  close(): Promise<void>;
}

/** Options of `watchWorkspace`. */
export interface WatchOptions {
  readonly delayMs?: number;
  /** Called with an error of a folder (permissions, too many watches); watching goes on. */
  readonly onError?: (error: Error) => void;
  /** Each folder listing the watcher took (see `FolderWatchOptions.onListed`). */
  readonly onListed?: (dir: string, entries: readonly FolderEntry[]) => void;
  /** The file-system calls (tests count them). */
  readonly fs?: FolderWatchFs;
}

/** Starts watching the home and the kit; `onBurst` gets the distinct changed paths of each burst. */
export function watchWorkspace(
  roots: WatchRoots,
  onBurst: (paths: readonly string[]) => void,
  options: WatchOptions = {},
): WorkspaceWatcher {
  const collector = createBurstCollector(options.delayMs ?? BURST_DELAY_MS, onBurst);
  const watcher = watchFolders({
    roots: watchedRoots(roots),
    scope: (dir) => folderScope(roots, dir),
    ignored: (p) => isIgnored(roots, p),
    depth: WATCH_DEPTH,
    onPath: (p) => collector.add(p),
    ...(options.onError === undefined ? {} : { onError: options.onError }),
    ...(options.onListed === undefined ? {} : { onListed: options.onListed }),
    ...(options.fs === undefined ? {} : { fs: options.fs }),
  });
  return {
    ready: watcher.ready,
    get watchedCount() {
      return watcher.watchedCount;
    },
    close() {
      collector.dispose();
      watcher.close();
      return Promise.resolve();
    },
  };
}
