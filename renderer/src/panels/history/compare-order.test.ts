import { describe, expect, it } from 'vitest';
import { compareKeys, olderFirst } from './compare-order';

describe('compare order', () => {
  it('puts the older snapshot first whichever was picked first', () => {
    const older = '2026-11-29-08-00-00';
    const newer = '2026-11-30-07-59-59';
    expect(olderFirst(older, newer)).toEqual({ before: older, after: newer });
    expect(olderFirst(newer, older)).toEqual({ before: older, after: newer });
  });

  it('orders renders of the same second by their suffix, as numbers', () => {
    expect(compareKeys('2026-11-29-08-00-00', '2026-11-29-08-00-00-1')).toBeLessThan(0);
    expect(compareKeys('2026-11-29-08-00-00-10', '2026-11-29-08-00-00-9')).toBeGreaterThan(0);
    expect(olderFirst('2026-11-29-08-00-00-10', '2026-11-29-08-00-00-2')).toEqual({
      before: '2026-11-29-08-00-00-2',
      after: '2026-11-29-08-00-00-10',
    });
  });
});
