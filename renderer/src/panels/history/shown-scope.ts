/**
 * What a figure over "the snapshots" counts: the rows the table shows after its filters, never
 * the whole folder behind the user's back, and it says which ("the 12 of 40 shown").
 */
import { MAX_WHAT_IF } from '../../../../shared/api/methods/history';

/** The snapshots an action over the table takes, and how to say it. */
export interface ShownScope {
  readonly keys: readonly string[];
  /** Rows the table shows now. */
  readonly shown: number;
  /** Snapshots in the folder. */
  readonly total: number;
  /** Message key of the words, with `shown`, `total` and `n` (the keys taken). */
  readonly words: 'scope.all' | 'scope.shown' | 'scope.first';
}

/** The scope of the shown rows, in the table's order, at most `cap` of them. */
export function shownScope(
  rows: readonly { readonly key: string }[],
  total: number,
  cap: number = MAX_WHAT_IF,
): ShownScope {
  const keys = rows.slice(0, cap).map((r) => r.key);
  const words = keys.length < rows.length ? 'scope.first' : rows.length < total ? 'scope.shown' : 'scope.all';
  return { keys, shown: rows.length, total, words };
}

/** The params of the scope's words. */
export function scopeParams(scope: ShownScope): Readonly<Record<string, number>> {
  return { n: scope.keys.length, shown: scope.shown, total: scope.total };
}
