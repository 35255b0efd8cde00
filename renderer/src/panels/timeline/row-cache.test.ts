import { describe, expect, it } from 'vitest';
import { KITS, fileSection, renderKit } from '../../../../shared/engine/__fixtures__/kit';
import { RowCache, memoByObject } from './row-cache';
import { timelineRows } from './timeline-rows';

const kit = (b: string) =>
  renderKit({
    sections: [fileSection('a', '$KITS/a.md', { order: 1 }), fileSection('b', '$KITS/b.md', { order: 2 })],
    files: { [`${KITS}/a.md`]: 'aaaa', [`${KITS}/b.md`]: b },
  });

describe('RowCache', () => {
  it('keeps the objects of unchanged rows and replaces the changed ones', () => {
    const cache = new RowCache();
    const first = cache.stabilize(timelineRows(kit('b')));
    const same = cache.stabilize(timelineRows(kit('b')));
    expect(same[0]).toBe(first[0]);
    expect(same[1]).toBe(first[1]);
    const changed = cache.stabilize(timelineRows(kit('bbbbbbbb')));
    expect(changed[0]).toBe(first[0]);
    expect(changed[1]).not.toBe(first[1]);
    expect(changed[1]?.bytes).toBe(8);
  });
});

describe('memoByObject', () => {
  it('computes once per object', () => {
    let calls = 0;
    const f = memoByObject((o: { n: number }) => {
      calls++;
      return o.n * 2;
    });
    const o = { n: 2 };
    expect([f(o), f(o), f({ n: 3 })]).toEqual([4, 4, 6]);
    expect(calls).toBe(2);
  });
});
