/** A read snapshot for the History tests: its key, time and the columns a test cares about. */
import { EMPTY_COLUMNS } from '../../../../../shared/history/history-types';
import type { SnapshotColumns, SnapshotSummary } from '../../../../../shared/history/history-types';

export const snap = (
  key: string,
  time: number,
  columns: Partial<SnapshotColumns> = {},
  suffix: number | null = null,
): SnapshotSummary => ({
  key,
  timestamp: key,
  suffix,
  time,
  files: {},
  missing: [],
  columns: { ...EMPTY_COLUMNS, ...columns },
  parseState: 'done',
  error: null,
});
