/**
 * Free-text search over the snapshots' context files: read lazily on the main side,
 * kept in a bounded cache, dropped when the watcher says a snapshot changed.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { HistoryIndex } from './history-index';

/** Largest total of cached context text, in UTF-16 units (about 2 bytes each). */
const CACHE_CHARS = 96 * 1024 * 1024;

/**
 * The longest the search reads without giving the event loop a turn. It reads synchronously in
 * such slices (as the index pass does): a small file read at once costs a sixth of the four
 * thread-pool round trips of an async one (56 → 9 µs a file, 25k files), and other requests
 * still wait at most a slice.
 */
const SLICE_MS = 12;

/** The cache and the search. */
export class ContextSearch {
  private readonly cache = new Map<string, string>();
  private chars = 0;
  private dir = '';

  /** Drops cached texts (`null`: all). */
  invalidate(keys: readonly string[] | null): void {
    if (keys === null) {
      this.cache.clear();
      this.chars = 0;
      return;
    }
    for (const key of keys) {
      const text = this.cache.get(key);
      if (text === undefined) continue;
      this.chars -= text.length;
      this.cache.delete(key);
    }
  }

  private textOf(index: HistoryIndex, key: string): string | null {
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const read = index.readSnapshotFileNow(key, 'context');
    if (!read.ok) return null;
    if (this.chars + read.text.length <= CACHE_CHARS) {
      this.cache.set(key, read.text);
      this.chars += read.text.length;
    }
    return read.text;
  }

  /**
   * Keys (among `keys`, else all) whose context contains `query`, case-insensitively, from the
   * candidate `from` on, until `budgetMs` has passed: the window asks again from `next` while
   * it shows what came, so the first matches appear at once and a Stop is simply not asking.
   * The candidates keep the listing's order, so one search's calls see the same list.
   */
  async search(
    index: HistoryIndex,
    query: string,
    keys?: readonly string[],
    from = 0,
    budgetMs = Number.POSITIVE_INFINITY,
  ): Promise<ContextSearchPart> {
    if (index.dir !== this.dir) {
      this.invalidate(null);
      this.dir = index.dir;
    }
    const started = performance.now();
    // A case-insensitive literal: the regex engine scans the text in place, where lower-casing
    // each context first copied every text once more (about a third of the pass).
    const needle = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');
    const candidates = index.keysWithFile('context', keys);
    const hits: string[] = [];
    let unreadable = 0;
    let i = Math.min(from, candidates.length);
    const first = i;
    let slice = started;
    while (i < candidates.length) {
      const key = candidates[i] as string;
      i += 1;
      const text = this.textOf(index, key);
      if (text === null) unreadable++;
      else if (needle.test(text)) hits.push(key);
      const now = performance.now();
      if (now - started >= budgetMs) break;
      if (now - slice >= SLICE_MS) {
        await yieldToLoop();
        slice = performance.now();
      }
    }
    return {
      keys: hits,
      searched: i - first,
      unreadable,
      next: i < candidates.length ? i : null,
      total: candidates.length,
    };
  }
}

/** One call's share of a search. */
export interface ContextSearchPart {
  /** Matches among the candidates this call read. */
  readonly keys: string[];
  /** Candidates this call read. */
  readonly searched: number;
  readonly unreadable: number;
  /** Where the next call goes on; `null` when every candidate has been read. */
  readonly next: number | null;
  /** All candidates (snapshots with a context file). */
  readonly total: number;
}
