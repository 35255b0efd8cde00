/**
 * The prompt-cache prefix marker: the offset where the context first differs from
 * the previous render. Providers cache a prompt by its prefix, so everything after that
 * offset is what a change invalidates.
 */
import type { ContextHistory } from '../../store/context-history';

/** Length of the common prefix of two strings (UTF-16 code units). */
export function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  // Compare in chunks first: contexts are tens of kilobytes and usually share most of it.
  const CHUNK = 256;
  while (i + CHUNK <= n && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  // Never split a surrogate pair: step back to the pair's start.
  if (i > 0 && i < n && isHighSurrogate(a.charCodeAt(i - 1))) i--;
  return i;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Where the current context first differs from the previous one. */
export interface CachePrefix {
  /** Offset of the first difference; equals the length when the text only grew or is equal. */
  readonly offset: number;
  /** UTF-8 bytes of the unchanged prefix (what stays cached). */
  readonly bytes: number;
  readonly identical: boolean;
}

/** The cache prefix of the current context, or null before there is a previous render. */
export function cachePrefix(h: ContextHistory): CachePrefix | null {
  if (h.current === null || h.previous === null) return null;
  const offset = commonPrefixLength(h.previous, h.current);
  return {
    offset,
    bytes: new TextEncoder().encode(h.current.slice(0, offset)).length,
    identical: h.previous === h.current,
  };
}
