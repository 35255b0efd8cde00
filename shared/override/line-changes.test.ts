import { describe, expect, it } from 'vitest';
import { MAX_EDIT_DISTANCE, lineChanges } from './line-changes';

const lines = (...xs: string[]): string => xs.join('\n');

describe('lineChanges', () => {
  it('is zero for equal texts', () => {
    expect(lineChanges('a\nb', 'a\nb')).toEqual({ added: 0, removed: 0 });
  });

  it('counts a block added in the middle and one removed at the end', () => {
    const before = lines('head', 'x', 'tail', 'gone1', 'gone2');
    const after = lines('head', 'x', 'new1', 'new2', 'new3', 'tail');
    expect(lineChanges(before, after)).toEqual({ added: 3, removed: 2 });
  });

  it('counts a changed line as one removed and one added', () => {
    expect(lineChanges(lines('a', 'b', 'c'), lines('a', 'B', 'c'))).toEqual({ added: 1, removed: 1 });
  });

  it('counts from and to an empty text', () => {
    expect(lineChanges('', lines('a', 'b'))).toEqual({ added: 2, removed: 0 });
    expect(lineChanges(lines('a', 'b', 'c'), '')).toEqual({ added: 0, removed: 3 });
  });

  it('finds the shortest script when lines repeat (not a greedy match)', () => {
    // a b a b → b a b a: one line off the front, one onto the back.
    expect(lineChanges(lines('a', 'b', 'a', 'b'), lines('b', 'a', 'b', 'a'))).toEqual({
      added: 1,
      removed: 1,
    });
  });

  it('falls back to counting by value past the bound, still exact for disjoint texts', () => {
    const n = MAX_EDIT_DISTANCE;
    const before = Array.from({ length: n }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: n }, (_, i) => `new ${i}`).join('\n');
    const started = Date.now();
    expect(lineChanges(before, after)).toEqual({ added: n, removed: n });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
