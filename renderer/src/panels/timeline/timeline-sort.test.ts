import { describe, expect, it } from 'vitest';
import { KITS, fileSection, renderKit } from '../../../../shared/engine/__fixtures__/kit';
import { timelineRows } from './timeline-rows';
import { ariaSort, nextSort, sortRows, timelineSortOf } from './timeline-sort';

const x = (n: number): string => 'x'.repeat(n);

/** Sizes with ties (a, c and e are all 50 bytes), one section the when drops, one unordered. */
const report = renderKit(
  {
    sections: [
      fileSection('a', '$KITS/a.md', { order: 1 }),
      fileSection('b', '$KITS/b.md', { order: 2 }),
      fileSection('c', '$KITS/c.md', { order: 3 }),
      fileSection('off', '$KITS/a.md', { order: 4, when: { var: 'chatType', eq: 'group' } }),
      fileSection('e', '$KITS/e.md', { order: 5 }),
      fileSection('big', '$KITS/big.md', { order: 6 }),
    ],
    files: {
      [`${KITS}/a.md`]: x(50),
      [`${KITS}/b.md`]: x(10),
      [`${KITS}/c.md`]: x(50),
      [`${KITS}/e.md`]: x(50),
      [`${KITS}/big.md`]: x(900),
    },
  },
  { chatType: null },
);
const rows = timelineRows(report);
const ids = (sorted: readonly { id: string }[]): string[] => sorted.map((r) => r.id);

describe('Timeline sort', () => {
  it('sorts by bytes largest first, ties in merged order (stable), and back', () => {
    expect(ids(sortRows(rows, { column: 'bytes', desc: true }))).toEqual(['big', 'a', 'c', 'e', 'b', 'off']);
    expect(ids(sortRows(rows, { column: 'bytes', desc: false }))).toEqual(['off', 'b', 'a', 'c', 'e', 'big']);
    expect(sortRows(rows, null)).toBe(rows);
    // The rows themselves are not reordered.
    expect(ids(rows)).toEqual(['a', 'b', 'c', 'off', 'e', 'big']);
  });

  it('sorts by status: loaded first, ties in merged order', () => {
    expect(ids(sortRows(rows, { column: 'status', desc: false }))).toEqual([
      'a',
      'b',
      'c',
      'e',
      'big',
      'off',
    ]);
    expect(ids(sortRows(rows, { column: 'status', desc: true }))).toEqual(['off', 'a', 'b', 'c', 'e', 'big']);
  });

  it('sorts by order and by files', () => {
    expect(ids(sortRows(rows, { column: 'order', desc: true }))).toEqual(['big', 'e', 'off', 'c', 'b', 'a']);
    expect(ids(sortRows(rows, { column: 'files', desc: true }))).toEqual(['a', 'b', 'c', 'e', 'big', 'off']);
  });

  it('a click cycles first direction → reversed → merged order; another column starts over', () => {
    let s = nextSort(null, 'bytes');
    expect(s).toEqual({ column: 'bytes', desc: true });
    expect(ariaSort(s, 'bytes')).toBe('descending');
    expect(ariaSort(s, 'order')).toBe('none');
    s = nextSort(s, 'bytes');
    expect(s).toEqual({ column: 'bytes', desc: false });
    expect(ariaSort(s, 'bytes')).toBe('ascending');
    expect(nextSort(s, 'bytes')).toBeNull();
    expect(nextSort(s, 'order')).toEqual({ column: 'order', desc: false });
  });

  it("takes the tab's remembered sort only when it names a Timeline column", () => {
    expect(timelineSortOf({ column: 'files', desc: false })).toEqual({ column: 'files', desc: false });
    expect(timelineSortOf({ column: 'time', desc: true })).toBeNull();
    expect(timelineSortOf(undefined)).toBeNull();
  });
});
