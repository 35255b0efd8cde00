import { describe, expect, it } from 'vitest';
import { snap } from './test-support/snapshot';
import { largestJumps } from './chart-jumps';
import type { ChartJump } from './chart-jumps';
import { sessionOf } from '../../../../shared/history/context-delta';
import type { SnapshotSummary } from '../../../../shared/history/history-types';
import { mulberry32 } from '../../../../shared/testing/mulberry32';

const alice = { sessionType: 'main', channel: 'aun', peerKey: 'alice' };
const bob = { sessionType: 'main', channel: 'aun', peerKey: 'bob' };

describe('the largest jumps of the History chart', () => {
  it('are the biggest growths between consecutive snapshots of one session, largest first', () => {
    const rows = [
      snap('a1', 1000, { ...alice, contextBytes: 1000 }),
      snap('b1', 2000, { ...bob, contextBytes: 50_000 }),
      snap('a2', 3000, { ...alice, contextBytes: 9000 }), // +8000 over a1, not over b1
      snap('b2', 4000, { ...bob, contextBytes: 52_000 }), // +2000
      snap('a3', 5000, { ...alice, contextBytes: 8000 }), // shrank
      snap('a4', 6000, { ...alice, contextBytes: 20_000 }), // +12000
      snap('b3', 7000, { ...bob, contextBytes: 52_500 }), // +500
    ];
    expect(largestJumps(rows).map((j) => [j.key, j.growth])).toEqual([
      ['a4', 12_000],
      ['a2', 8000],
      ['b2', 2000],
    ]);
    expect(largestJumps(rows, 1)[0]).toEqual({
      key: 'a4',
      time: 6000,
      bytes: 20_000,
      before: 8000,
      growth: 12_000,
    });
  });

  it('follows the recorded session id over the guess, and skips rows with no session or size', () => {
    const rows = [
      snap('x1', 1000, { sessionId: 's1', contextBytes: 100 }),
      snap('n1', 1500, { contextBytes: 1 }), // no session: never compared
      snap('n2', 1600, { contextBytes: 90_000 }),
      snap('x2', 2000, { sessionId: 's1', contextBytes: null }),
      snap('x3', 3000, { sessionId: 's1', ...alice, contextBytes: 400 }),
    ];
    expect(largestJumps(rows).map((j) => [j.key, j.before, j.growth])).toEqual([['x3', 100, 300]]);
  });

  it('tells guessed sessions of one peer apart by session type and channel', () => {
    const rows = [
      snap('m1', 1000, { ...alice, contextBytes: 100 }),
      snap('g1', 2000, { ...alice, sessionType: 'group', contextBytes: 5000 }),
      snap('f1', 3000, { ...alice, channel: 'feishu', contextBytes: 9000 }),
      snap('m2', 4000, { ...alice, contextBytes: 300 }), // +200 over m1, not -8700 over f1
      snap('g2', 5000, { ...alice, sessionType: 'group', contextBytes: 5100 }), // +100
    ];
    expect(largestJumps(rows).map((j) => [j.key, j.before, j.growth])).toEqual([
      ['m2', 100, 200],
      ['g2', 5000, 100],
    ]);
  });

  it('orders by time whatever order the listing comes in, and marks nothing in a flat history', () => {
    const rows = [
      snap('a2', 2000, { ...alice, contextBytes: 300 }),
      snap('a1', 1000, { ...alice, contextBytes: 100 }),
    ];
    expect(largestJumps(rows).map((j) => j.key)).toEqual(['a2']);
    const flat = [1, 2, 3].map((i) => snap(`f${i}`, i * 1000, { ...alice, contextBytes: 500 }));
    expect(largestJumps(flat)).toEqual([]);
  });
});

describe('largestJumps against sorting every growth', () => {
  /** The plain way: every row sorted, every growth kept, all of them sorted. */
  function plain(rows: readonly SnapshotSummary[], max: number): ChartJump[] {
    const ordered = [...rows].sort((a, b) => a.time - b.time || a.key.localeCompare(b.key));
    const last = new Map<string, number>();
    const all: ChartJump[] = [];
    for (const s of ordered) {
      const session = sessionOf(s);
      const bytes = s.columns.contextBytes;
      if (session === null || bytes === null) continue;
      const before = last.get(session);
      last.set(session, bytes);
      if (before !== undefined && bytes - before >= 1)
        all.push({ key: s.key, time: s.time, bytes, before, growth: bytes - before });
    }
    return all.sort((a, b) => b.growth - a.growth || a.time - b.time).slice(0, max);
  }

  it('marks the same jumps, in or out of time order, with ties in growth and time', () => {
    const rand = mulberry32(11);
    for (let round = 0; round < 40; round++) {
      const rows = Array.from({ length: 120 }, (_, i) =>
        snap(`k${String(i).padStart(3, '0')}`, 1000 * Math.floor(rand() * 60), {
          sessionType: 'main',
          channel: 'aun',
          peerKey: `p${Math.floor(rand() * 4)}`,
          contextBytes: rand() < 0.1 ? null : 100 * Math.floor(rand() * 8),
        }),
      );
      if (round % 2 === 0) rows.sort((a, b) => a.time - b.time || a.key.localeCompare(b.key));
      for (const max of [0, 1, 3, 10]) expect(largestJumps(rows, max)).toEqual(plain(rows, max));
    }
  });
});
