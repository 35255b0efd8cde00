/**
 * Rows for tests of code that reads decoded listings (shared/history/listed-rows.ts): a summary
 * read or not yet, and rows sent through the wire and back, as the page holds a pushed part.
 */
import { EMPTY_COLUMNS } from '../history-types';
import type { SnapshotColumns, SnapshotSummary } from '../history-types';
import { decodeRows, encodeRows } from '../listing-wire';

/** A snapshot with `columns` when `read`, else not read yet (the one empty columns, pending). */
export function summaryOf(key: string, time: number, columns: SnapshotColumns, read = true): SnapshotSummary {
  return {
    key,
    timestamp: '',
    suffix: null,
    time,
    files: {},
    missing: [],
    columns: read ? columns : EMPTY_COLUMNS,
    parseState: read ? 'done' : 'pending',
    error: null,
  };
}

/** `rows` encoded for the wire, as JSON, and decoded: one listing's arrays behind its rows. */
export function decoded(rows: readonly SnapshotSummary[]): SnapshotSummary[] {
  const r = decodeRows(JSON.parse(JSON.stringify(encodeRows(rows))));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
