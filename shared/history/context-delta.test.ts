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

  it('follows the recorded session id over the guess from session type, channel and peer', () => {
    // Two sessions of the same peer (a new chat): the id tells them apart, the guess could not.
    const d = contextDeltas([
      row('s1a', 1000, { ...alice, sessionId: 's-1' }),
      row('s2a', 4000, { ...alice, sessionId: 's-2' }),
      row('s1b', 1100, { ...alice, sessionId: 's-1' }),
      row('s2b', 4500, { ...alice, sessionId: 's-2' }),
    ]);
    expect(d.get('s1b')).toBe(100);
    expect(d.get('s2b')).toBe(500);
    // The same id follows a peer whose columns changed (a renamed channel).
    const e = contextDeltas([
      row('x1', 200, { sessionId: 's-9', channel: 'a' }),
      row('y1', 900),
      row('x2', 260, { sessionId: 's-9', channel: 'b' }),
    ]);
    expect(e.get('x2')).toBe(60);
  });
});
