import { describe, expect, it } from 'vitest';
import { NumberColumn } from './number-column';

describe('NumberColumn', () => {
  it('gives back every value exactly, narrow while they are 32-bit integers, wide from the first that is not', () => {
    const col = new NumberColumn(8);
    const small = [0, 1, -1, 2147483647, -2147483647, Number.NaN, 5723, 102400];
    small.forEach((v, i) => col.set(i, v));
    expect(col.isWide).toBe(false);
    expect(small.map((_, i) => col.get(i))).toEqual(small);
    // A time in ms, then the narrow form's own "none" value, -0 and a fraction: each exact.
    col.set(1, 1767225600000);
    expect(col.isWide).toBe(true);
    col.set(2, -2147483648);
    col.set(3, -0);
    col.set(4, 0.5);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => col.get(i))).toEqual([
      0,
      1767225600000,
      -2147483648,
      -0,
      0.5,
      Number.NaN,
      5723,
      102400,
    ]);
  });

  it('goes wide for a value the narrow form would lose', () => {
    for (const v of [-2147483648, -0, 2147483648, 1.5, Number.MAX_SAFE_INTEGER, Infinity]) {
      const col = new NumberColumn(2);
      col.set(0, 7);
      col.set(1, v);
      expect(col.isWide).toBe(true);
      expect([col.get(0), col.get(1)]).toEqual([7, v]);
    }
  });

  it('keeps its values when resized, narrow or wide, new places empty', () => {
    for (const wide of [false, true]) {
      const col = new NumberColumn(2);
      col.set(0, 3);
      col.set(1, wide ? 0.25 : 4);
      col.resize(4);
      expect(col.length).toBe(4);
      expect([0, 1, 2, 3].map((i) => col.get(i))).toEqual([3, wide ? 0.25 : 4, Number.NaN, Number.NaN]);
      col.resize(1);
      expect(col.get(0)).toBe(3);
    }
  });
});
