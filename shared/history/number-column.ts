/**
 * A column of numbers (NaN for none) kept in 4 bytes a value while every value is a 32-bit
 * integer, and in 8 from the first value that is not. File sizes and section counts are small
 * integers, so the History's row store holds them at half the size of a Float64Array (8 MB less
 * at 250,000 snapshots); a column of times goes wide at its first value and stays exact.
 */

/** The narrow form's "no value" (NaN); a value equal to it is stored wide. */
const NONE = -0x80000000;

export class NumberColumn {
  private narrow: Int32Array | null;
  private wide: Float64Array | null = null;

  constructor(length = 0) {
    this.narrow = new Int32Array(length).fill(NONE);
  }

  get length(): number {
    return (this.narrow ?? (this.wide as Float64Array)).length;
  }

  /** Whether the column went to 8 bytes a value. */
  get isWide(): boolean {
    return this.wide !== null;
  }

  /** The value at `i`, NaN for none. */
  get(i: number): number {
    const narrow = this.narrow;
    if (narrow === null) return (this.wide as Float64Array)[i] as number;
    const v = narrow[i] as number;
    return v === NONE ? Number.NaN : v;
  }

  /** Sets `i` to `v` (NaN: none). */
  set(i: number, v: number): void {
    const narrow = this.narrow;
    if (narrow === null) {
      (this.wide as Float64Array)[i] = v;
      return;
    }
    if (v !== v) narrow[i] = NONE;
    // `| 0` is `v` exactly for a 32-bit integer; -0 would come back as 0.
    else if ((v | 0) === v && v !== NONE && !Object.is(v, -0)) narrow[i] = v;
    else {
      this.widen();
      (this.wide as Float64Array)[i] = v;
    }
  }

  /** A longer column, the first `length` values kept (new ones none). */
  resize(length: number): void {
    if (this.narrow !== null) {
      const next = new Int32Array(length).fill(NONE);
      next.set(this.narrow.subarray(0, Math.min(this.narrow.length, length)));
      this.narrow = next;
      return;
    }
    const wide = this.wide as Float64Array;
    const next = new Float64Array(length).fill(Number.NaN);
    next.set(wide.subarray(0, Math.min(wide.length, length)));
    this.wide = next;
  }

  private widen(): void {
    const narrow = this.narrow as Int32Array;
    const wide = new Float64Array(narrow.length);
    for (let i = 0; i < narrow.length; i++) {
      const v = narrow[i] as number;
      wide[i] = v === NONE ? Number.NaN : v;
    }
    this.wide = wide;
    this.narrow = null;
  }
}
