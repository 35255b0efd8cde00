/**
 * The chart reads decoded rows from their listings' arrays (listed-rows.ts `columnReader`), not
 * through their columns views: its points, budget steps and jumps must be what the same rows as
 * plain objects give, across two decoded parts, rows not read yet, recorded and guessed sessions.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_COLUMNS } from '../../../../shared/history/history-types';
import type { SnapshotSummary } from '../../../../shared/history/history-types';
import { decoded, summaryOf } from '../../../../shared/history/test-support/decoded-rows';
import { plainRow } from '../../../../shared/history/listed-rows';
import { largestJumps } from './chart-jumps';
import { chartModel } from './history-rows';

function row(i: number): SnapshotSummary {
  const key = `2026-11-01-08-${String(Math.floor(i / 60)).padStart(2, '0')}-${String(i % 60).padStart(2, '0')}`;
  return summaryOf(
    key,
    1_000 * i,
    {
      ...EMPTY_COLUMNS,
      // Every third a recorded session, the others guessed from the peer (or none).
      sessionId: i % 3 === 0 ? `s-${i % 4}` : null,
      sessionType: i % 2 === 0 ? 'dm' : null,
      channel: 'feishu',
      peerKey: i % 5 === 0 ? null : `p${i % 3}`,
      contextBytes: i % 7 === 0 ? null : 1000 + ((i * 37) % 900),
      truncated: i % 11 === 0 ? true : i % 4 === 0 ? null : false,
      budgetBytes: i % 6 === 0 ? null : 4000 + (i % 3) * 100,
    },
    i % 9 !== 0,
  );
}

describe('the chart over decoded rows', () => {
  const source = Array.from({ length: 240 }, (_, i) => row(i));
  // Two pushed parts, each its own listing's arrays.
  const rows = [...decoded(source.slice(0, 100)), ...decoded(source.slice(100))];
  const plain = rows.map(plainRow);

  it.each([40, 1000])('draws the points and budget steps the plain rows give (%i columns)', (width) => {
    const strip = (m: ReturnType<typeof chartModel>) => ({
      ...m,
      points: m.points.map(({ snapshot, ...p }) => ({ ...p, snapshot: snapshot.key })),
    });
    const got = strip(chartModel(rows, 5000, width, 100));
    expect(got).toEqual(strip(chartModel(plain, 5000, width, 100)));
    expect(got.points.length).toBeGreaterThan(0);
    expect(got.budget.length).toBeGreaterThan(1);
  });

  it('marks the jumps the plain rows give', () => {
    const got = largestJumps(rows, 5);
    expect(got).toEqual(largestJumps(plain, 5));
    expect(got).toHaveLength(5);
  });
});
