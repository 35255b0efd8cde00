import { describe, expect, it } from 'vitest';
import { contextDeltas } from './context-delta';
import { EMPTY_COLUMNS } from './history-types';
import type { SnapshotColumns, SnapshotSummary } from './history-types';

let clock = 0;
/** A read snapshot with the given context size and session columns. */
function row(
  key: string,
  contextBytes: number | null,
  columns: Partial<SnapshotColumns> = {},
): SnapshotSummary {
  clock += 1000;
  return {
    key,
    timestamp: key,
    suffix: null,
    time: clock,
    files: {},
    missing: [],
    columns: { ...EMPTY_COLUMNS, contextBytes, ...columns },
    parseState: 'done',
    error: null,
  };
}

const alice = { sessionType: 'main', channel: 'feishu', peerKey: 'alice' };
const bob = { sessionType: 'main', channel: 'feishu', peerKey: 'bob' };

describe('contextDeltas', () => {
  it('measures against the previous snapshot of the same session, skipping other sessions', () => {
    const d = contextDeltas([row('a1', 1000, alice), row('b1', 5000, bob), row('a2', 1500, alice)]);
    expect(d.get('a1')).toBeNull();
    expect(d.get('b1')).toBe(4000); // No earlier bob: against the snapshot before it.
    expect(d.get('a2')).toBe(500); // Against a1, not b1.
  });

  it('measures a row without a session against the snapshot just before it', () => {
    const d = contextDeltas([row('x', 2000, alice), row('y', 1200)]);
    expect(d.get('y')).toBe(-800);
  });

  it('is unknown where either size is unknown', () => {
    const d = contextDeltas([row('p', null, alice), row('q', 300, alice), row('r', null)]);
    expect(d.get('q')).toBeNull();
    expect(d.get('r')).toBeNull();
  });

  it('tells the same peer in another session type apart', () => {
    const d = contextDeltas([
      row('m1', 100, alice),
      row('g1', 900, { ...alice, sessionType: 'group' }),
      row('m2', 150, alice),
    ]);
    expect(d.get('m2')).toBe(50);
  });
});
