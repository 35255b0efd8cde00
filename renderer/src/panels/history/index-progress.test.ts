import { describe, expect, it } from 'vitest';
import { EMPTY_COLUMNS } from '../../../../shared/history/history-types';
import type { SnapshotSummary } from '../../../../shared/history/history-types';
import { indexProgress } from './index-progress';

const row = (key: string, parseState: 'pending' | 'done'): SnapshotSummary => ({
  key,
  timestamp: key,
  suffix: null,
  time: 0,
  files: {},
  missing: [],
  columns: EMPTY_COLUMNS,
  parseState,
  error: null,
});

describe('history index progress', () => {
  it('counts the snapshots read so far, and is gone once all are', () => {
    expect(indexProgress([row('a', 'done'), row('b', 'pending'), row('c', 'pending')])).toEqual({
      done: 1,
      total: 3,
    });
    expect(indexProgress([row('a', 'done')])).toBeNull();
    expect(indexProgress([])).toBeNull();
  });
});
