/**
 * The width of a detail pane beside a table (the detail beside the table, not over
 * it). The pane keeps a readable minimum and never takes so much that the table has no room
 * to scroll in; the table itself scrolls sideways below its columns' width instead of cutting.
 */

/** Narrowest detail pane (its header buttons still fit on two lines). */
export const MIN_DETAIL = 320;
/** Narrowest table beside it (the status and order columns and part of the section). */
export const MIN_TABLE = 360;
/** The width a pane opens at before the user chose one. */
export const DEFAULT_DETAIL = 480;
/** One arrow key's step, and Shift+arrow's. */
export const KEY_STEP = 24;
export const KEY_STEP_LARGE = 120;

/** The pane's width for a wish (`null`: the default) in a container `total` px wide. */
export function clampSplit(wish: number | null, total: number): number {
  const max = Math.max(MIN_DETAIL, total - MIN_TABLE);
  const w = wish ?? DEFAULT_DETAIL;
  return Math.round(Math.min(max, Math.max(MIN_DETAIL, Number.isFinite(w) ? w : DEFAULT_DETAIL)));
}

/** The range the separator announces (`aria-valuemin` / `aria-valuemax`). */
export function splitRange(total: number): { readonly min: number; readonly max: number } {
  return { min: MIN_DETAIL, max: Math.max(MIN_DETAIL, total - MIN_TABLE) };
}

/**
 * The width after a key on the separator, or `null` for a key it does not handle. The pane is
 * on the right: ← widens it, → narrows it; Home / End jump to the widest / narrowest.
 */
export function splitKey(key: string, shift: boolean, width: number, total: number): number | null {
  const step = shift ? KEY_STEP_LARGE : KEY_STEP;
  const { min, max } = splitRange(total);
  switch (key) {
    case 'ArrowLeft':
      return clampSplit(width + step, total);
    case 'ArrowRight':
      return clampSplit(width - step, total);
    case 'Home':
      return max;
    case 'End':
      return min;
    default:
      return null;
  }
}
