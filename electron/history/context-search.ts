/**
 * Free-text search over the snapshots' context files: read lazily on the main side,
 * kept in a bounded cache, dropped when the watcher says a snapshot changed.
 */
import type { HistoryIndex } from './history-index';

/** Largest total of cached context text, in UTF-16 units (about 2 bytes each). */
const CACHE_CHARS = 96 * 1024 * 1024;

/** Files read at once. */
const READ_PARALLEL = 32;

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

  private async textOf(index: HistoryIndex, key: string): Promise<string | null> {
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const read = await index.readSnapshotFile(key, 'context');
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
    const needle = query.toLowerCase();
    const candidates = (keys ?? index.listing().snapshots.map((s) => s.key)).filter(
      (k) => index.snapshot(k)?.files.context !== undefined,
    );
    const hits: string[] = [];
    let unreadable = 0;
    let i = Math.min(from, candidates.length);
    const first = i;
    while (i < candidates.length) {
      const chunk = candidates.slice(i, i + READ_PARALLEL);
      const texts = await Promise.all(chunk.map((k) => this.textOf(index, k)));
      texts.forEach((text, j) => {
        if (text === null) unreadable++;
        else if (text.toLowerCase().includes(needle)) hits.push(chunk[j] as string);
      });
      i += chunk.length;
      if (performance.now() - started >= budgetMs) break;
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
