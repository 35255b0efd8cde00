/**
 * Strings of their own. V8 keeps a slice of 13 characters or more as a view that holds its
 * whole parent alive: a key sliced out of a file name holds the name, a section id sliced out of
 * a manifest report holds the report's text. What outlives its source is copied.
 */

/** Reused by `ownCopy` (what is copied is at most a few dozen characters). */
const COPY_CODES: number[] = [];

/**
 * `s` as a string of its own. At 250,000 snapshots the History's keys held 24 MB (a 32-byte view
 * and a 52-byte name each) where copies hold 12. About 0.1 µs a key. Longer strings are returned
 * as they are.
 */
export function ownCopy(s: string): string {
  const n = s.length;
  if (n > 64) return s;
  COPY_CODES.length = n;
  for (let i = 0; i < n; i++) COPY_CODES[i] = s.charCodeAt(i);
  return String.fromCharCode.apply(null, COPY_CODES);
}

/**
 * Copies of strings that repeat (section ids, session ids), one per distinct text: the first
 * time a text is seen it is copied (`ownCopy`), later the same copy is answered, so a view is
 * let go at once and nothing is copied twice. At most `max` texts are kept; past that the set
 * starts again (a home with more distinct ids than that pays a copy per new one). A text over
 * `ownCopy`'s 64 characters is kept as it came, so such an id holds one text for the set.
 */
export class OwnStrings {
  private readonly seen = new Map<string, string>();

  constructor(private readonly max = 4096) {}

  of(s: string): string {
    const known = this.seen.get(s);
    if (known !== undefined) return known;
    if (this.seen.size >= this.max) this.seen.clear();
    const own = ownCopy(s);
    this.seen.set(own, own);
    return own;
  }
}
