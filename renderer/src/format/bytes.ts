/**
 * The one byte format of the app: sizes as people read them — `412 B`, `25.2 KB`,
 * `1.5 MB`, always one decimal above a kilobyte so a column of sizes lines up — with the exact
 * count kept for a tooltip (`25,841 bytes`). 1 KB = 1024 bytes, as the engine's notes count.
 */

const KB = 1024;
const MB = 1024 * 1024;

/** A byte count for people: `412 B`, `25.2 KB`, `100.0 KB`, `1.5 MB`. */
export function formatBytes(n: number): string {
  const abs = Math.abs(n);
  if (abs < KB) return `${n} B`;
  if (abs < MB) return `${(n / KB).toFixed(1)} KB`;
  return `${(n / MB).toFixed(1)} MB`;
}

/** The exact count with digit grouping (`25,841`), for the tooltip next to {@link formatBytes}. */
export function exactByteCount(n: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(n);
}
