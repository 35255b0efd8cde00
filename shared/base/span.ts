/** Half-open range `[start, end)` of UTF-16 code units in a string (a block's place in a context text). */
export interface Span {
  readonly start: number;
  readonly end: number;
}
