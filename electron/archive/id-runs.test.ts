import { describe, expect, it } from 'vitest';
import { fromRuns, toRuns } from './id-runs';
import { mulberry32 } from '../../shared/testing/mulberry32';

describe('block ids as runs', () => {
  it('writes consecutive ids as one id and a count', () => {
    expect(toRuns([5, 6, 7, 8, 40, 2, 3])).toEqual([5, -3, 40, 2, -1]);
    expect(toRuns([])).toEqual([]);
  });

  it('reads back every list it wrote', () => {
    const rand = mulberry32(7);
    for (let n = 0; n < 200; n++) {
      const ids = Array.from({ length: Math.floor(rand() * 50) }, (_, i) =>
        rand() < 0.7 ? i : Math.floor(rand() * 30),
      );
      expect(fromRuns(toRuns(ids))).toEqual(ids);
    }
  });

  it('refuses what it never writes: a count first, a fraction', () => {
    expect(fromRuns([-2, 4])).toBeNull();
    expect(fromRuns([1.5])).toBeNull();
  });
});
