/**
 * The columnar filter codes decoded rows straight from their listings' arrays (listed-rows.ts
 * `listedCoder`): every row's code must name the value its own getters give, for text, number
 * and flag columns, rows not read yet, a column the listing lacks, and rows of two listings
 * with string tables of their own mixed with plain rows, as the History merges pushed parts.
 */
import { describe, expect, it } from 'vitest';
import { COLUMNAR_FILTER_IDS, columnarOf } from './row-filter';
import { EMPTY_COLUMNS } from './history-types';
import type { SnapshotSummary } from './history-types';
import { decoded, summaryOf } from './test-support/decoded-rows';
import { HISTORY_COLUMN_TABLE, storedColumns } from './history-columns';

const PEERS = ['Ann', 'Bob', '小明', null];

function row(i: number, read: boolean, peers = PEERS): SnapshotSummary {
  const key = `2026-11-${String(1 + (i % 28)).padStart(2, '0')}-08-00-${String(i % 60).padStart(2, '0')}-${i}`;
  return summaryOf(
    key,
    1_000 * i,
    {
      ...EMPTY_COLUMNS,
      sessionType: i % 3 === 0 ? null : i % 3 === 1 ? 'dm' : 'group-chat',
      chatType: i % 2 === 0 ? 'group' : 'private',
      peer: peers[i % peers.length] ?? null,
      contextBytes: i % 4 === 0 ? null : 1000 + (i % 7),
      truncated: i % 5 === 0 ? null : i % 2 === 0,
    },
    read,
  );
}

const scalar = (v: unknown): string | number | boolean | null =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;

describe('coding decoded rows from their arrays', () => {
  it("gives every row the code of the value its getters read, over two listings' parts and plain rows", () => {
    const first = decoded(Array.from({ length: 60 }, (_, i) => row(i, i % 6 !== 0)));
    // Another part: its own string table, in another order, with a value the first lacks.
    const second = decoded(
      Array.from({ length: 40 }, (_, i) => row(100 + i, i % 5 !== 0, ['Zoë', 'Bob', null])),
    );
    const plain = Array.from({ length: 10 }, (_, i) => row(200 + i, true));
    // Merged by time, as the page merges pushed parts: the rows of the parts interleave.
    const all = [...first, ...second, ...plain].sort((a, b) => (a.key < b.key ? -1 : 1));
    const ids = [...COLUMNAR_FILTER_IDS, 'contextBytes', 'notAColumn'];
    const columnar = columnarOf(all, ids);
    for (const id of ids) {
      const col = columnar.column(id);
      if (col === null) throw new Error(`no column ${id}`);
      const got = all.map((_, i) => col.values[col.codes[i] as number]);
      const want = all.map((r) => scalar((r.columns as unknown as Record<string, unknown>)[id]));
      expect(got, id).toEqual(want);
      // One code per distinct value: a filter decides each value once.
      expect(new Set(col.values).size, id).toBe(col.values.length);
    }
    expect([...columnar.time]).toEqual(all.map((r) => r.time));
  });

  it('covers the stored columns the filter answers, which decoded rows carry', () => {
    const stored = new Set(storedColumns(HISTORY_COLUMN_TABLE).map((d) => d.id));
    for (const id of COLUMNAR_FILTER_IDS) expect(stored.has(id), id).toBe(true);
  });
});
