/**
 * Keeps the Timeline's row objects stable across renders: a row whose data did not change is
 * the same object as before, so its memoised component skips the re-render. Most renders
 * (a file saved, a var typed) change a few sections, not all of them.
 */
import type { TimelineRow } from './timeline-rows';

/** What a row shows, as one string: equal signatures mean the same row on screen. */
export function rowSignature(row: TimelineRow): string {
  return JSON.stringify(row, (_key, value: unknown) => (value === undefined ? null : value));
}

/** Reuses unchanged rows from the previous render. */
export class RowCache {
  private last = new Map<string, { readonly row: TimelineRow; readonly signature: string }>();

  /** `next` with every row equal to the previous one of its id replaced by that object. */
  stabilize(next: readonly TimelineRow[]): TimelineRow[] {
    const seen = new Map<string, { readonly row: TimelineRow; readonly signature: string }>();
    const out = next.map((row) => {
      const signature = rowSignature(row);
      const prev = this.last.get(row.id);
      const kept = prev !== undefined && prev.signature === signature ? prev.row : row;
      seen.set(row.id, { row: kept, signature });
      return kept;
    });
    this.last = seen;
    return out;
  }
}

/** A per-object memo of a derived value (the reason words of a row, per language). */
export function memoByObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}
