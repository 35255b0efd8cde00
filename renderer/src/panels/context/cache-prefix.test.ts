import { describe, expect, it } from 'vitest';
import { nextContextHistory } from '../../store/context-history';
import { cachePrefix, commonPrefixLength } from './cache-prefix';

describe('commonPrefixLength', () => {
  it.each([
    ['', '', 0],
    ['abc', 'abc', 3],
    ['abc', 'abd', 2],
    ['abc', 'abcdef', 3],
    ['x'.repeat(1000) + 'a', 'x'.repeat(1000) + 'b', 1000],
    ['规则一', '规则二', 2],
  ])('%j vs %j → %d', (a, b, n) => {
    expect(commonPrefixLength(a, b)).toBe(n);
  });

  it('never splits a surrogate pair', () => {
    expect(commonPrefixLength('a\u{1F600}', 'a\u{1F601}')).toBe(1);
  });
});

describe('context history and the cache prefix', () => {
  it('marks where the text first differs from the previous different render', () => {
    let h = nextContextHistory({ current: null, previous: null }, 'header\nA\nfooter');
    expect(cachePrefix(h)).toBeNull();
    h = nextContextHistory(h, 'header\nB\nfooter');
    expect(cachePrefix(h)).toEqual({ offset: 7, bytes: 7, identical: false });
    // A re-render with the same text keeps the marker of the last change.
    const same = nextContextHistory(h, 'header\nB\nfooter');
    expect(same).toBe(h);
  });

  it('counts the cached prefix in UTF-8 bytes', () => {
    const h = nextContextHistory(nextContextHistory({ current: null, previous: null }, '规则 a'), '规则 b');
    expect(cachePrefix(h)).toMatchObject({ offset: 3, bytes: 7 });
  });
});
