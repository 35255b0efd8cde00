/**
 * Number and value formatting of the Timeline and the other tabs: shares, var values as JSON.
 * Sizes use the app's one byte format (bytes.ts), re-exported here so one import serves a row.
 */
import { isTooLargeMarker } from '../../../shared/api/answer-caps';
import { formatBytes } from './bytes';

export { formatBytes };

function trim(x: number): string {
  return x.toFixed(1).replace(/\.0$/, '');
}

/** A share as a percentage: `17%`, `0.4%`, `<0.1%`. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return '—';
  const pct = (part / whole) * 100;
  if (pct > 0 && pct < 0.1) return '<0.1%';
  return `${pct < 10 ? trim(pct) : Math.round(pct)}%`;
}

/** Longest value text shown inline before it is cut with `…`. */
export const MAX_VALUE_CHARS = 60;

/**
 * A var value as written in JSON (`null`, `"group"`, `0`, `{"a":1}`); `undefined` (absent)
 * returns null so the caller can say "(not set)" in the user's language.
 */
export function formatValue(value: unknown): string | null {
  if (value === undefined) return null;
  // Over its cap the main side sent its marker (answer-caps.ts): its size stands for it.
  if (isTooLargeMarker(value)) return `… (${formatBytes(value.tooLarge.bytes)})`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}
