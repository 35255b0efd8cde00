/**
 * Free-text search over the snapshots' context files: read lazily on the main side,
 * kept in a bounded cache, dropped when the watcher says a snapshot changed.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { HistoryIndex } from './history-index';

/**
 * Largest total of cached context text, in UTF-16 units (up to 2 bytes each): at most 32 MB of
 * serve's memory. It was 96M units (up to 192 MB, most of serve's 300 MB goal at 250,000
 * snapshots), and holding that many texts cost the search itself a fifth of its time in the
 * collector (250,000 contexts: 1.44–1.66× `cat` with it, 1.29–1.51× with this); a warm re-read
 * is about 10 µs a file, so a bigger cache saved little.
 */
const CACHE_CHARS = 16 * 1024 * 1024;

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
  /**
   * The candidates of the search under way, kept between its parts: listing them costs a look at
   * every key of the timeline (about 30 ms at 250,000), and a search asked for it again on each of
   * its 60–80 parts, twice the reading itself. A part from 0 starts a search and lists them anew.
   */
  private running: { index: HistoryIndex; asked: readonly string[] | undefined; list: string[] } | null =
    null;

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
   * The search's candidates: the ones its earlier parts went through when this part goes on from
   * them (the same index, the same keys asked), else listed now. So one search's parts see one
   * list: a snapshot written while it runs is found by the next search, as a `grep` over a
   * folder does, and one deleted counts as unreadable.
   */
  private candidatesOf(index: HistoryIndex, keys: readonly string[] | undefined, from: number): string[] {
    const r = this.running;
    if (from > 0 && r !== null && r.index === index && sameKeys(r.asked, keys)) return r.list;
    const list = index.keysWithFile('context', keys);
    this.running = { index, asked: keys, list };
    return list;
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
    const candidates = this.candidatesOf(index, keys, from);
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
    // A search read to its end lets its list go (2 MB at 250,000 keys).
    if (i >= candidates.length && this.running?.list === candidates) this.running = null;
    return {
      keys: hits,
      searched: i - first,
      unreadable,
      next: i < candidates.length ? i : null,
      total: candidates.length,
    };
  }
}

/** Whether two calls asked about the same keys (both all, or the same list). */
function sameKeys(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
