/**
 * Watches what one CLAUDE.md assembly depends on and reports each burst of relevant changes
 * once, with the same burst coalescing as the ECK workspace watcher (../workspace/coalesce.ts).
 */
import { watch } from 'chokidar';
import type { FSWatcher } from 'chokidar';
import { toEnginePath } from '../services/node-fs';
import { createBurstCollector } from '../workspace/coalesce';
import type { ClaudeWatchPlan } from './claude-watch-plan';
import { isRelevantChange } from './claude-watch-plan';

/** A running watcher over one plan. */
export interface ClaudeWatcher {
  /** The plan whose paths filter events now. */
  readonly plan: ClaudeWatchPlan;
  /** Swaps the filter for a plan over the same folders (a re-assembly reached other files). */
  setPlan(plan: ClaudeWatchPlan): void;
  /** Resolves once chokidar's initial scan is done and events are live. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** Options of `watchClaudePlan`. */
export interface ClaudeWatchOptions {
  /** Quiet period of a burst; default the workspace watcher's. */
  readonly delayMs: number;
  readonly onError?: (error: Error) => void;
}

/** Starts watching `plan`; `onBurst` gets the distinct relevant paths of each burst. */
export function watchClaudePlan(
  plan: ClaudeWatchPlan,
  onBurst: (paths: readonly string[]) => void,
  options: ClaudeWatchOptions,
): ClaudeWatcher {
  const collector = createBurstCollector(options.delayMs, onBurst);
  let current = plan;
  const watchers: FSWatcher[] = [];
  const common = { ignoreInitial: true, ignorePermissionErrors: true, followSymlinks: false } as const;
  const listen = (w: FSWatcher): FSWatcher => {
    w.on('all', (_event, p) => {
      const path = toEnginePath(p);
      if (isRelevantChange(current, path)) collector.add(path);
    });
    w.on('error', (err) => options.onError?.(err instanceof Error ? err : new Error(String(err))));
    watchers.push(w);
    return w;
  };
  if (plan.shallowDirs.length > 0) listen(watch([...plan.shallowDirs], { ...common, depth: 0 }));
  if (plan.deepDirs.length > 0) listen(watch([...plan.deepDirs], { ...common, depth: 12 }));
  const ready = Promise.all(
    watchers.map((w) => new Promise<void>((resolve) => w.once('ready', () => resolve()))),
  ).then(() => undefined);
  return {
    get plan() {
      return current;
    },
    setPlan(next) {
      current = next;
    },
    ready,
    async close() {
      collector.dispose();
      await Promise.all(watchers.map((w) => w.close()));
    },
  };
}
