/**
 * The narrowest each History column may be, from how it shows (its descriptor's `display`), so
 * a new column gets a width without a second list. Below the sum the table scrolls sideways
 * instead of cutting cells ("≈ auxili…") or breaking headers mid-word ("Truncate / d").
 * In `em` of the table's font, so the widths follow the text size.
 */
import type { CellDisplay } from '../../../../shared/history/history-columns';
import { assertNever } from '../../../../shared/base/assert-never';

/** The minimum width of a column that shows as `display`, in em. */
export function columnMinEm(display: CellDisplay): number {
  switch (display) {
    case 'time':
      // "2026-11-30 22:21:01.123" and a malformed mark's start.
      return 15.5;
    case 'bytes':
    case 'signedBytes':
      // "−19.5 KB", "1,023.9 KB".
      return 6.5;
    case 'yesNo':
      // The header "Truncated" in bold, with its sort arrow.
      return 6.5;
    case 'text':
      // "≈ auxiliary", "feishu", "14 / 16".
      return 7.5;
    default:
      return assertNever(display);
  }
}

/** The narrowest the row may be: the sum of its columns'. */
export function tableMinEm(displays: readonly CellDisplay[]): number {
  return displays.reduce((sum, d) => sum + columnMinEm(d), 0);
}
