/**
 * Keyboard moves of a row list (the Timeline, the History table, the Claude Code files):
 * ↑/↓ between rows, Home/End, PageUp/PageDown, Enter opens the row, `/` focuses the search.
 */

/** What a key does in the row list. */
export type RowKeyAction =
  | { readonly kind: 'move'; readonly index: number }
  | { readonly kind: 'open'; readonly index: number }
  | { readonly kind: 'close' }
  | { readonly kind: 'search' }
  | { readonly kind: 'none' };

/** Rows a PageUp/PageDown jumps. */
export const PAGE_ROWS = 10;

/** The action of a key, given the current row (`-1` = none) and the number of rows. */
export function rowKeyAction(key: string, index: number, count: number): RowKeyAction {
  if (count === 0) return key === '/' ? { kind: 'search' } : { kind: 'none' };
  const clamp = (i: number): number => Math.min(count - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowDown':
      return { kind: 'move', index: index < 0 ? 0 : clamp(index + 1) };
    case 'ArrowUp':
      return { kind: 'move', index: index < 0 ? count - 1 : clamp(index - 1) };
    case 'PageDown':
      return { kind: 'move', index: clamp(index + PAGE_ROWS) };
    case 'PageUp':
      return { kind: 'move', index: clamp(index - PAGE_ROWS) };
    case 'Home':
      return { kind: 'move', index: 0 };
    case 'End':
      return { kind: 'move', index: count - 1 };
    case 'Enter':
      return index < 0 ? { kind: 'none' } : { kind: 'open', index };
    case 'Escape':
      return { kind: 'close' };
    case '/':
      return { kind: 'search' };
    default:
      return { kind: 'none' };
  }
}
