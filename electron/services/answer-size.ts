/**
 * The size of an answer's JSON, estimated by a walk (answers that carry file content
 * are kept under `MAX_ANSWER_BYTES`). Cheaper than `JSON.stringify` (no string is built), and it
 * stops as soon as the total passes `stopAbove`, so a 60 MB answer costs no more than the cap.
 * Strings count their UTF-8 bytes plus quotes; escapes are not counted (a small under-count for
 * text full of quotes and newlines, which the cap's headroom covers).
 */

/** Bytes of `value`'s JSON, or some number above `stopAbove` once it is known to be larger. */
export function jsonBytes(value: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  const stack: unknown[] = [value];
  let total = 0;
  while (stack.length > 0 && total <= stopAbove) {
    const v = stack.pop();
    if (typeof v === 'string') total += Buffer.byteLength(v, 'utf8') + 2;
    else if (typeof v === 'number') total += String(v).length;
    else if (typeof v === 'boolean') total += v ? 4 : 5;
    else if (v === null) total += 4;
    else if (Array.isArray(v)) {
      total += 2 + Math.max(0, v.length - 1);
      for (const item of v) stack.push(item === undefined ? null : item);
    } else if (typeof v === 'object') {
      total += 2;
      for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
        if (item === undefined || typeof item === 'function') continue;
        total += Buffer.byteLength(key, 'utf8') + 4;
        stack.push(item);
      }
    }
  }
  return total;
}
