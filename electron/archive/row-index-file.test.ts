import { describe, expect, it } from 'vitest';
import {
  decodeRowIndex,
  encodeRowIndex,
  factsAt,
  FactColumnsBuilder,
  fileAtOf,
  keyAt,
  keyBytes,
  newFileAt,
  rowOfKey,
} from './row-index-file';
import type { RowFacts, RowIndexData } from './row-index-file';

/** Facts of every shape: text, flags, numbers, nulls, a fact absent, a row with none. */
const FACTS: (RowFacts | null)[] = [
  { peer: 'Ann', truncated: true, bytes: 10, exact: 1.5, note: null },
  { peer: 'Bob', truncated: false, bytes: 20, exact: null },
  null,
  { peer: null, truncated: null, bytes: 10, exact: 3.25, note: 'x' },
  { peer: 'Ann', truncated: true, bytes: 30, exact: 4 },
];
const KEYS = [
  '2026-01-01-00-00-00',
  '2026-01-01-00-00-00-10',
  '2026-01-01-00-00-00-2',
  '2026-01-02-00-00-00',
  'a',
];

function data(logBytes: number, maxInterned?: number): RowIndexData {
  const b = new FactColumnsBuilder(maxInterned);
  for (const f of FACTS) b.add(f);
  const n = KEYS.length;
  const fileAt = newFileAt(n, logBytes);
  for (let i = 0; i < n; i++) if (i !== 2) fileAt[i * 4] = logBytes - 100 + i;
  const keyEnds = new Uint32Array(n);
  KEYS.reduce((end, k, i) => (keyEnds[i] = end + k.length), 0);
  const byKey = Uint32Array.from(KEYS.keys()).sort((x, y) =>
    (KEYS[x] as string) < (KEYS[y] as string) ? -1 : 1,
  );
  return {
    generation: 3,
    indexEnd: logBytes,
    packEnd: 7,
    rawBytes: 9,
    lastAt: logBytes - 40,
    lastLength: 32,
    lastCrc: 0xdeadbeef,
    rows: {
      count: n,
      keyBlob: Buffer.from(KEYS.join(''), 'latin1'),
      keyEnds,
      time: Float64Array.from(KEYS, (_, i) => 1000 * i),
      archivedAt: new Float64Array(n).fill(5),
      fileAt,
      byKey,
      hasFacts: Uint8Array.from(FACTS, (f) => (f === null ? 0 : 1)),
      facts: b.finish(),
    },
    blocks: {
      count: 2,
      offset: Float64Array.of(0, 7),
      stored: Uint32Array.of(7, 3),
      length: Uint32Array.of(9, 9),
      // The second deflated with the first as its dictionary.
      codec: Uint8Array.of(1, 2),
      dict: Uint32Array.of(0xffffffff, 0),
      digest: new Uint8Array(64).fill(3, 0, 32).fill(4, 32),
    },
  };
}

describe('the row index file', () => {
  it.each([
    ['interned facts, a log under 4 GiB', 5000, undefined],
    ['numbers kept as such, a log over 4 GiB', 2 ** 33, 1],
  ])('gives back every row, key and fact: %s', (_name, logBytes, maxInterned) => {
    const d = data(logBytes, maxInterned);
    if (maxInterned !== undefined) expect(d.rows.facts.some((f) => f.kind === 'number')).toBe(true);
    const back = decodeRowIndex(encodeRowIndex(d), 3);
    expect(back).not.toBeNull();
    const rows = back?.rows ?? d.rows;
    expect(FACTS.map((_, i) => factsAt(rows, i))).toEqual(FACTS);
    expect(KEYS.map((_, i) => keyAt(rows, i))).toEqual(KEYS);
    expect(KEYS.map((k) => rowOfKey(rows, keyBytes(k)))).toEqual([0, 1, 2, 3, 4]);
    expect(rowOfKey(rows, keyBytes('2026-01-01-00-00-00-3'))).toBe(-1);
    expect(KEYS.map((_, i) => fileAtOf(rows, i, 0))).toEqual(
      KEYS.map((_, i) => (i === 2 ? undefined : logBytes - 100 + i)),
    );
    expect(fileAtOf(rows, 0, 1)).toBeUndefined();
    expect(back).toMatchObject({ indexEnd: logBytes, packEnd: 7, rawBytes: 9, lastCrc: 0xdeadbeef });
    expect(back?.blocks).toEqual(d.blocks);
  });

  it('is refused for another generation', () => {
    expect(decodeRowIndex(encodeRowIndex(data(5000)), 4)).toBeNull();
  });
});
