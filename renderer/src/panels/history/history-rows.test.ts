import { describe, expect, it } from 'vitest';
import { snap } from './test-support/snapshot';
import { mulberry32 } from '../../../../shared/testing/mulberry32';
import type { HistoryListing, SnapshotSummary } from '../../../../shared/history/history-types';
import {
  NO_FILTERS,
  applyDelta,
  brushRange,
  cellText,
  chartModel,
  choicesOf,
  filterRows,
  firstSortDesc,
  formatSignedBytes,
  isHomeHistory,
  listingFacts,
  sortRows,
  timeCellText,
} from './history-rows';

const rows = [
  snap('a', 1000, { chatType: 'group', contextBytes: 300, truncated: true, peer: 'Ann' }),
  snap('b', 2000, { chatType: 'private', contextBytes: 100, truncated: false, peer: 'Bob' }),
  snap('c', 3000, { chatType: null, contextBytes: null, truncated: null }),
  snap('b2', 2000, { chatType: 'private', contextBytes: 200, truncated: false }, 2),
];

describe('filterRows', () => {
  it('filters Time by what the cell shows (and prefixes of it), and by the file timestamp', () => {
    // 2026-11-30 18:15:19 local time, the key as evolcore names the files.
    const at = new Date(2026, 10, 30, 18, 15, 19).getTime();
    const timed = [
      snap('2026-11-30-18-15-19', at),
      snap('2026-11-30-18-15-19-2', at, {}, 2),
      snap('2026-12-01-09-00-00', new Date(2026, 11, 1, 9, 0, 0).getTime()),
    ];
    expect(timeCellText(timed[0]!)).toBe('2026-11-30 18:15:19');
    expect(timeCellText(timed[1]!)).toBe('2026-11-30 18:15:19 (2)');
    const keys = (wanted: string): string[] =>
      filterRows(timed, { ...NO_FILTERS, columns: { time: wanted } }).map((r) => r.key);
    expect(keys('2026-11-30 18:15:19')).toEqual(['2026-11-30-18-15-19', '2026-11-30-18-15-19-2']);
    expect(keys('2026-11-30 18:1')).toHaveLength(2);
    expect(keys(' 2026-12-01 ')).toEqual(['2026-12-01-09-00-00']);
    expect(keys('2026-11-30-18-15-19')).toHaveLength(2);
    expect(keys('2026-11-30 18:15:20')).toEqual([]);
  });

  it('filters Bytes by the exact count or by the size as shown', () => {
    const sized = [snap('k', 1, { contextBytes: 25841 }), snap('m', 2, { contextBytes: 1000 })];
    const keys = (wanted: string): string[] =>
      filterRows(sized, { ...NO_FILTERS, columns: { bytes: wanted } }).map((r) => r.key);
    expect(keys('25841')).toEqual(['k']);
    expect(keys('25.2 KB')).toEqual(['k']);
  });

  it('filters a choice column exactly, "(none)" choosing the unknown ones', () => {
    expect(filterRows(rows, { ...NO_FILTERS, columns: { chatType: 'private' } }).map((r) => r.key)).toEqual([
      'b',
      'b2',
    ]);
    expect(filterRows(rows, { ...NO_FILTERS, columns: { chatType: '(none)' } }).map((r) => r.key)).toEqual([
      'c',
    ]);
    expect(choicesOf(rows, 'chatType')).toEqual(['(none)', 'group', 'private']);
  });
  it('filters a text column by substring, the brush by time and the search by hits', () => {
    expect(filterRows(rows, { ...NO_FILTERS, columns: { peer: 'an' } }).map((r) => r.key)).toEqual(['a']);
    expect(filterRows(rows, { ...NO_FILTERS, brush: { from: 1500, to: 2500 } }).map((r) => r.key)).toEqual([
      'b',
      'b2',
    ]);
    expect(filterRows(rows, { ...NO_FILTERS, hits: new Set(['c']) }).map((r) => r.key)).toEqual(['c']);
  });
});

describe('sortRows', () => {
  it('sorts by time (rows come oldest first, in the listing order), either way', () => {
    const oldestFirst = [rows[0]!, rows[1]!, rows[3]!, rows[2]!];
    expect(sortRows(oldestFirst, { column: 'time', desc: false }).map((r) => r.key)).toEqual([
      'a',
      'b',
      'b2',
      'c',
    ]);
    expect(sortRows(oldestFirst, { column: 'time', desc: true }).map((r) => r.key)).toEqual([
      'c',
      'b2',
      'b',
      'a',
    ]);
  });
  it('puts unknown values last in both directions', () => {
    expect(sortRows(rows, { column: 'bytes', desc: false }).map((r) => r.key)).toEqual(['b', 'b2', 'a', 'c']);
    expect(sortRows(rows, { column: 'bytes', desc: true }).map((r) => r.key)).toEqual(['a', 'b2', 'b', 'c']);
  });
});

describe('applyDelta', () => {
  const listing: HistoryListing = { dir: '/d', snapshots: rows.slice(0, 2), foreign: [], error: null };
  it('replaces, adds in time order and removes', () => {
    const next = applyDelta(listing, {
      dir: '/d',
      upserts: [snap('z', 500), snap('b', 2000, { chatType: 'group' })],
      removed: ['a'],
      foreign: null,
      reset: false,
    });
    expect(next.snapshots.map((s) => s.key)).toEqual(['z', 'b']);
    expect(next.snapshots[1]?.columns.chatType).toBe('group');
  });
  it('merges new rows into their time order as a full stable sort would, ties after the listed', () => {
    const rand = mulberry32(3);
    const at = (n: number): number => 1000 * Math.floor(rand() * n);
    for (let round = 0; round < 50; round++) {
      const listed = Array.from({ length: 40 }, (_, i) => snap(`l${i}`, at(30), {}, rand() < 0.2 ? 2 : null));
      // Sorted, as a listing is; every fifth round not, which the merge must not trust.
      if (round % 5 !== 0) listed.sort((a, b) => a.time - b.time || (a.suffix ?? 0) - (b.suffix ?? 0));
      const added = Array.from({ length: 15 }, (_, i) => snap(`n${i}`, at(40), {}, rand() < 0.2 ? 3 : null));
      const expected = [...listed, ...added]
        .sort((a, b) => a.time - b.time || (a.suffix ?? 0) - (b.suffix ?? 0))
        .map((s) => s.key);
      const next = applyDelta(
        { dir: '/d', snapshots: listed, foreign: [], error: null },
        { dir: '/d', upserts: added, removed: [], foreign: null, reset: false },
      );
      expect(next.snapshots.map((s) => s.key)).toEqual(expected);
    }
  });
  it('ignores a delta of another folder, and keeps the object when nothing changed', () => {
    const other = { dir: '/x', upserts: [snap('q', 1)], removed: [], foreign: null, reset: false };
    expect(applyDelta(listing, other)).toBe(listing);
    expect(applyDelta(listing, { ...other, dir: '/d', upserts: [] })).toBe(listing);
  });
});

describe('chartModel budget line', () => {
  const at = (key: string, time: number, budgetBytes: number | null, parsed = true): SnapshotSummary => ({
    ...snap(key, time, { contextBytes: 100, budgetBytes }),
    parseState: parsed ? 'done' : 'pending',
  });
  it('steps through each snapshot’s own budget, today’s where one recorded none', () => {
    const m = chartModel(
      [at('a', 0, 400), at('b', 10, 400), at('c', 20, null), at('d', 30, 800), at('e', 40, 800)],
      600,
      40,
      80,
    );
    expect(m.budget.map((s) => [s.x1, s.x2, s.bytes])).toEqual([
      [0, 20, 400],
      [20, 30, 600],
      [30, 40, 800],
    ]);
    expect(m.maxBytes).toBe(800);
    expect(m.budget[2]?.y).toBe(0);
    expect(m.budget[0]?.y).toBe(40);
  });
  it('leaves out snapshots not read yet, and draws nothing without any budget', () => {
    const m = chartModel([at('a', 0, 400), at('b', 10, null, false), at('c', 20, 500)], null, 20, 50);
    expect(m.budget.map((s) => [s.x1, s.x2, s.bytes])).toEqual([
      [0, 19, 400],
      [19, 20, 500],
    ]);
    expect(chartModel([at('a', 0, null)], null, 20, 50).budget).toEqual([]);
  });
  it('keeps at most one level per pixel column (the largest) for 12,500 snapshots', () => {
    const many = Array.from({ length: 12_500 }, (_, i) => at(`k${i}`, i, i % 2 ? 900 : 300));
    const m = chartModel(many, null, 100, 50);
    expect(m.budget).toEqual([{ x1: 0, x2: 100, y: 0, bytes: 900 }]);
    expect(m.points).toHaveLength(100);
  });
});

describe('chartModel', () => {
  it('places sized snapshots over time and the budget line on the same scale', () => {
    const m = chartModel(rows, 600, 100, 60);
    expect(m.points.map((p) => p.key)).toEqual(['a', 'b', 'b2']);
    expect(m.points[0]).toMatchObject({ x: 0, y: 30, truncated: true });
    expect(m.budget).toEqual([{ x1: 0, x2: 100, y: 0, bytes: 600 }]);
    expect(brushRange(m, 100, 50, 0)).toEqual({ from: 1000, to: 2000 });
  });
  it('draws at most one point per pixel column, keeping the largest and any truncation', () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      snap(`k${i}`, i, { contextBytes: i === 3 ? 900 : 10, truncated: i === 5 }),
    );
    const m = chartModel(many, null, 10, 100);
    expect(m.points).toHaveLength(10);
    expect(m.points[0]).toMatchObject({ key: 'k3', truncated: true });
    expect(m.points.filter((p) => p.truncated)).toHaveLength(1);
  });
});

describe('the home history', () => {
  it("is the home's data/eck-debug, with either separator or a trailing one", () => {
    expect(isHomeHistory('/h/.evolcore/data/eck-debug', '/h/.evolcore')).toBe(true);
    expect(isHomeHistory('C:\\u\\.evolcore\\data\\eck-debug\\', 'C:\\u\\.evolcore')).toBe(true);
    expect(isHomeHistory('/tmp/colleague/eck-debug', '/h/.evolcore')).toBe(false);
    expect(isHomeHistory('/h/.evolcore/data/eck-debug', null)).toBe(false);
  });
});

describe('the Δ column', () => {
  // Two sessions interleaved: the Δ of each row is against its own session's previous render.
  const alice = { sessionId: 's-alice' };
  const bob = { sessionId: 's-bob' };
  const listing = [
    snap('a1', 1000, { ...alice, contextBytes: 10_000 }),
    snap('b1', 2000, { ...bob, contextBytes: 2_000 }),
    snap('a2', 3000, { ...alice, contextBytes: 11_229 }),
    snap('b2', 4000, { ...bob, contextBytes: 1_660 }),
    snap('a3', 5000, { ...alice, contextBytes: 11_229 }),
  ];
  const facts = listingFacts(listing);

  it('shows signed bytes against the same session (a true minus sign, nothing for the first)', () => {
    expect(listing.map((s) => cellText(s, 'delta', facts))).toEqual(['', '-8000', '1229', '-340', '0']);
    expect(formatSignedBytes(1229)).toBe('+1.2 KB');
    expect(formatSignedBytes(-340)).toBe('\u2212340 B');
    expect(formatSignedBytes(0)).toBe('0 B');
  });

  it('sorts with the largest growth first, unknown last, and a first click sorts it so', () => {
    expect(firstSortDesc('delta')).toBe(true);
    expect(firstSortDesc('bytes')).toBe(false);
    expect(sortRows(listing, { column: 'delta', desc: true }, facts).map((r) => r.key)).toEqual([
      'a2',
      'a3',
      'b2',
      'b1',
      'a1',
    ]);
  });

  it('keeps each row’s Δ from the whole listing when the table is filtered, and filters by it', () => {
    const onlyBob = filterRows(listing, { ...NO_FILTERS, hits: new Set(['b2']) }, facts);
    expect(onlyBob.map((s) => cellText(s, 'delta', facts))).toEqual(['-340']);
    // What the cell shows finds the row, as the raw count does.
    expect(
      filterRows(listing, { ...NO_FILTERS, columns: { delta: '+1.2' } }, facts).map((r) => r.key),
    ).toEqual(['a2']);
    expect(
      filterRows(listing, { ...NO_FILTERS, columns: { delta: '-340' } }, facts).map((r) => r.key),
    ).toEqual(['b2']);
  });
});

describe('the Kept in column', () => {
  const kept = [
    { ...snap('k1', 1000), where: 'archive' as const },
    snap('k2', 2000),
    { ...snap('k3', 3000), where: 'both' as const },
    { ...snap('k4', 4000), where: 'archive' as const },
  ];

  it('says live for a row of the folder alone, and filters and sorts like the other columns', () => {
    expect(kept.map((s) => cellText(s, 'where'))).toEqual(['archive', 'live', 'both', 'archive']);
    expect(choicesOf(kept, 'where')).toEqual(['archive', 'both', 'live']);
    const only = (wanted: string): string[] =>
      filterRows(kept, { ...NO_FILTERS, columns: { where: wanted } }).map((s) => s.key);
    expect(only('archive')).toEqual(['k1', 'k4']);
    expect(only('live')).toEqual(['k2']);
    // Ties keep time order; descending puts live first (alphabetical on the raw values).
    expect(sortRows(kept, { column: 'where', desc: false }).map((s) => s.key)).toEqual([
      'k1',
      'k4',
      'k3',
      'k2',
    ]);
    expect(sortRows(kept, { column: 'where', desc: true }).map((s) => s.key)).toEqual([
      'k2',
      'k3',
      'k1',
      'k4',
    ]);
  });

  it('keeps where a row is kept through a pushed delta that moves it to the archive', () => {
    const listing: HistoryListing = {
      dir: '/d',
      snapshots: [snap('k1', 1000), snap('k2', 2000)],
      foreign: [],
      error: null,
    };
    const next = applyDelta(listing, {
      dir: '/d',
      upserts: [
        { ...snap('k1', 1000), where: 'archive' },
        { ...snap('k0', 500), where: 'archive' },
      ],
      removed: [],
      foreign: null,
      reset: false,
    });
    expect(next.snapshots.map((s) => `${s.key} ${s.where ?? 'live'}`)).toEqual([
      'k0 archive',
      'k1 archive',
      'k2 live',
    ]);
  });
});
