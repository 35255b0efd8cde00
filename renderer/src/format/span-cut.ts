/**
 * Cuts a text at the spans of the items that cover it, in text order: the one loop behind the
 * Context tab's section blocks and the Claude Code view's file blocks, which tint each block
 * by the item it belongs to.
 */

/** An item whose block covers `[span.start, span.end)` of the text, or nothing (`null`). */
export interface Spanned<K> {
  readonly key: K;
  readonly span: { readonly start: number; readonly end: number } | null;
}

/** A run of the text: the gaps between blocks (`key` null), or one item's block. */
export interface SpanRun<K> {
  readonly text: string;
  readonly key: K | null;
  /** Index of the item among those with a span (its tint colour); -1 for a gap. */
  readonly tint: number;
}

/**
 * The runs of `text`. Spans are clipped to the text and to the end of the previous block, so
 * overlapping or out-of-range spans from a stale report never repeat or lose a character.
 */
export function cutAtSpans<K>(text: string, items: readonly Spanned<K>[]): SpanRun<K>[] {
  const blocks = items
    .filter((item) => item.span !== null)
    .map((item, tint) => ({ key: item.key, tint, start: item.span?.start ?? 0, end: item.span?.end ?? 0 }))
    .sort((a, b) => a.start - b.start);
  const runs: SpanRun<K>[] = [];
  let at = 0;
  for (const block of blocks) {
    const start = Math.max(block.start, at);
    const end = Math.min(block.end, text.length);
    if (end <= start) continue;
    if (start > at) runs.push({ text: text.slice(at, start), key: null, tint: -1 });
    runs.push({ text: text.slice(start, end), key: block.key, tint: block.tint });
    at = end;
  }
  if (at < text.length) runs.push({ text: text.slice(at), key: null, tint: -1 });
  return runs;
}
