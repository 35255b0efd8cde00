/**
 * Watches a workspace on disk and reports each burst of changes once (issue 3, Watcher).
 */
import { watch } from 'chokidar';
import type { FSWatcher } from 'chokidar';
import { createBurstCollector } from './coalesce';
import type { WatchRoots } from './watch-scope';
import { isIgnored, watchedRoots } from './watch-scope';

/** Quiet period that ends a burst. Short enough that an edit shows within a frame or two of 100 ms. */
export const BURST_DELAY_MS = 60;

/** A running watcher. */
export interface WorkspaceWatcher {
  /** Resolves once the initial scan is done and events are live. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** Options of `watchWorkspace`. */
export interface WatchOptions {
  readonly delayMs?: number;
  /** Called with an error chokidar reported (permissions, too many watches); watching goes on. */
  readonly onError?: (error: Error) => void;
}

/** Starts watching the home and the kit; `onBurst` gets the distinct changed paths of each burst. */
export function watchWorkspace(
  roots: WatchRoots,
  onBurst: (paths: readonly string[]) => void,
  options: WatchOptions = {},
): WorkspaceWatcher {
  const collector = createBurstCollector(options.delayMs ?? BURST_DELAY_MS, onBurst);
  const watcher: FSWatcher = watch(watchedRoots(roots), {
    ignoreInitial: true,
    // Not following symlinks is what keeps a link back to a parent from looping forever.
    followSymlinks: false,
    depth: 12,
    ignorePermissionErrors: true,
    ignored: (p: string) => isIgnored(roots, p),
  });
  watcher.on('all', (_event, p) => collector.add(p));
  watcher.on('error', (err) => options.onError?.(err instanceof Error ? err : new Error(String(err))));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      collector.dispose();
      await watcher.close();
    },
  };
}
