import { describe, expect, it } from 'vitest';
import { KeyCodeTable, KeySlots } from './key-codes';

/** A small generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 48271) % 2147483647;
    return s / 2147483647;
  };
}

describe('KeyCodeTable', () => {
  it('answers as a Map does through thousands of sets and deletes, runs of collisions included', () => {
    const rand = random(7);
    const table = new KeyCodeTable(16);
    const model = new Map<number, number>();
    // Few distinct codes in a small table: long probe runs, deletes in their middle, and growth.
    for (let step = 0; step < 20_000; step++) {
      const code = Math.floor(rand() * 3000) * 1_048_576 + Math.floor(rand() * 3);
      if (rand() < 0.4) expect(table.delete(code)).toBe(model.delete(code));
      else {
        table.set(code, step);
        model.set(code, step);
      }
      if (step % 997 === 0)
        for (let c = 0; c < 3000; c++)
          for (let s = 0; s < 3; s++) {
            const k = c * 1_048_576 + s;
            expect(table.get(k)).toBe(model.get(k) ?? -1);
          }
    }
    expect(table.size).toBe(model.size);
    for (const [k, v] of model) expect(table.get(k)).toBe(v);
    table.clear();
    expect([table.size, table.get([...model.keys()][0] as number)]).toEqual([0, -1]);
  });
});

describe('KeySlots', () => {
  it('finds keys with and without codes, sliced or not, and forgets deleted ones', () => {
    const slots = new KeySlots();
    // "-07" has no code (a leading zero), "-7" has one; an odd string has none either.
    const keys = ['2026-01-02-03-04-05', '2026-01-02-03-04-05-7', '2026-01-02-03-04-05-07', 'not-a-key'];
    keys.forEach((k, i) => slots.set(k, i));
    expect(keys.map((k) => slots.get(k))).toEqual([0, 1, 2, 3]);
    expect(keys.map((k) => slots.getIn(`vars-${k}.json`, 5, 5 + k.length))).toEqual([0, 1, 2, 3]);
    expect(slots.size).toBe(4);
    expect(slots.delete('2026-01-02-03-04-05-07')).toBe(true);
    expect(slots.delete('2026-01-02-03-04-05-7')).toBe(true);
    expect(slots.delete('2026-01-02-03-04-05-7')).toBe(false);
    expect(keys.map((k) => slots.has(k))).toEqual([true, false, false, true]);
    expect(slots.get('2026-01-02-03-04-06')).toBeUndefined();
    slots.clear();
    expect([slots.size, slots.get(keys[0] as string)]).toEqual([0, undefined]);
  });
});
