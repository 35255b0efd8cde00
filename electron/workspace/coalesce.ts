/**
 * Turns a burst of file events into one call (a `git checkout` of the kit, 1,000
 * files, becomes one re-render).
 *
 * Trailing debounce: every event restarts the quiet period, and the callback runs once the
 * disk has been quiet for it, with every distinct path of the burst. A single edit (one or
 * two events: a save, or an editor's write-and-rename) waits `delayMs`; anything bigger waits
 * four times that plus one more `delayMs` per 100 pending paths, at most `MAX_QUIET_MS`:
 * chokidar reports a mass change (a `git checkout`) in batches whose gaps grow when the machine
 * is busy, and one re-render a little later beats several in a row.
 */

/** The longest quiet period a burst can ask for. */
export const MAX_QUIET_MS = 1500;

/** The quiet period for a burst of `pending` paths. */
export function quietPeriod(delayMs: number, pending: number): number {
  if (pending <= 2) return delayMs;
  return Math.min(delayMs * (4 + Math.floor(pending / 100)), Math.max(delayMs, MAX_QUIET_MS));
}

/** Timer functions, injectable so tests can use fake ones. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Collects paths and flushes them once the burst is over. */
export interface BurstCollector {
  add(path: string): void;
  /** Flushes now if anything is pending (used on close). */
  flush(): void;
  /** Drops pending paths and the timer without calling back. */
  dispose(): void;
  readonly pending: number;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Creates a collector that calls `onBurst` with the distinct paths of each quiet-terminated burst. */
export function createBurstCollector(
  delayMs: number,
  onBurst: (paths: readonly string[]) => void,
  timers: Timers = realTimers,
): BurstCollector {
  let paths = new Set<string>();
  let timer: unknown = null;

  function fire(): void {
    timer = null;
    if (paths.size === 0) return;
    const burst = [...paths];
    paths = new Set();
    onBurst(burst);
  }

  return {
    add(path) {
      paths.add(path);
      if (timer !== null) timers.clearTimeout(timer);
      timer = timers.setTimeout(fire, quietPeriod(delayMs, paths.size));
    },
    flush() {
      if (timer !== null) timers.clearTimeout(timer);
      fire();
    },
    dispose() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      paths = new Set();
    },
    get pending() {
      return paths.size;
    },
  };
}
