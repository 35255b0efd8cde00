// Adding a History column is one descriptor with its reader (as new-section-type.test.ts shows
// for section types). This test plants a made-up column, `varCount` (how many vars the render
// had), the way a real one would be added: one entry in the column table. Nothing else is
// given it, yet the background pass reads it, the wire form carries it, and the table's rows
// show, filter and sort by it; the real table keeps not knowing it.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  HISTORY_COLUMN_TABLE,
  shownColumns,
  storedColumns,
} from '../../../../shared/history/history-columns';
import type {
  ColumnDescriptor,
  ColumnTable,
  HistoryColumnId,
  ShownIdOf,
  SnapshotColumns,
  StoredColumnsOf,
} from '../../../../shared/history/history-columns';
import { decodeRows, encodeRows } from '../../../../shared/history/listing-wire';
import { plainRow } from '../../../../shared/history/listed-rows';
import { snapshotColumns } from '../../../../shared/history/snapshot-columns';
import { DEBUG_FILE_KINDS } from '../../../../shared/debug-files/names';
import type { ParsedVarsFile } from '../../../../shared/debug-files/parse-vars';
import type { SnapshotSummary } from '../../../../shared/history/history-types';
import { NO_FILTERS, cellText, choicesOf, filterRows, sortRows } from './history-rows';
import { historyMessages } from './messages';

// The one step: a descriptor and its reader.
const VAR_COUNT = {
  id: 'varCount',
  kind: 'number',
  read: (p) => (p.vars === null ? null : Object.keys(p.vars.vars).length),
  show: { filter: 'text', display: 'text' },
} as const satisfies ColumnDescriptor<'varCount', 'number'>;
const TABLE = [...HISTORY_COLUMN_TABLE, VAR_COUNT] as const satisfies ColumnTable;

const vars = (n: number): ParsedVarsFile => ({
  vars: Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, i])),
  descriptions: {},
  shape: 'plain',
});

/** A read snapshot whose columns the planted table read from its vars. */
function row(key: string, time: number, parsed: ParsedVarsFile | null): SnapshotSummary {
  return {
    key,
    timestamp: key,
    suffix: null,
    time,
    files: {},
    missing: [...DEBUG_FILE_KINDS], // No files: every kind is missing, as the wire form says.
    columns: snapshotColumns(parsed, null, 100, TABLE),
    parseState: 'done',
    error: null,
  };
}

const ROWS = [
  row('2026-12-01-10-00-00', 1000, vars(3)),
  row('2026-12-01-10-00-01', 2000, vars(12)),
  row('2026-12-01-10-00-02', 3000, null),
  row('2026-12-01-10-00-03', 4000, vars(7)),
];

const countOf = (s: SnapshotSummary): unknown => (s.columns as Readonly<Record<string, unknown>>).varCount;

describe('a new History column, added as one descriptor in the column table', () => {
  it('gets its type from the descriptor: a stored and shown column of the planted table only', () => {
    expectTypeOf<StoredColumnsOf<typeof TABLE>>().toHaveProperty('varCount').toEqualTypeOf<number | null>();
    expectTypeOf<ShownIdOf<typeof TABLE>>().extract<'varCount'>().toEqualTypeOf<'varCount'>();
    expectTypeOf<SnapshotColumns>().not.toHaveProperty('varCount');
    expectTypeOf<'varCount'>().not.toExtend<HistoryColumnId>();
    // A real shown column has a header in both languages, or the table's `t('col.<id>')` fails.
    for (const id of shownColumns(HISTORY_COLUMN_TABLE).map((d) => d.id)) {
      expect(historyMessages.en[`col.${id}` as keyof typeof historyMessages.en], id).toBeTruthy();
      expect(historyMessages['zh-CN'][`col.${id}` as keyof typeof historyMessages.en], id).toBeTruthy();
    }
  });

  it('is read by the background pass from the parsed files', () => {
    expect(ROWS.map(countOf)).toEqual([3, 12, null, 7]);
    expect(storedColumns(TABLE).map((d) => d.id)).toContain('varCount');
    // The real table reads no such column.
    expect(snapshotColumns(vars(3), null, 100)).not.toHaveProperty('varCount');
  });

  it('travels in the wire form as a number column and is read back', () => {
    const wire = JSON.parse(JSON.stringify(encodeRows(ROWS, TABLE))) as {
      numbers: Record<string, unknown>;
    };
    expect(wire.numbers.varCount).toEqual([3, 12, null, 7]);
    const back = decodeRows(wire, TABLE);
    // Decoded rows read through getters (listed-rows.ts): compared as plain objects.
    expect(back.ok && back.value.map(plainRow)).toEqual(ROWS);
    // A wire form missing the planted column says which one.
    const { varCount: _dropped, ...rest } = wire.numbers;
    expect(decodeRows({ ...wire, numbers: rest }, TABLE)).toEqual({
      ok: false,
      error: 'history rows: varCount is missing',
    });
  });

  it('is a table column: a cell text, a filter and a sort', () => {
    expect(shownColumns(TABLE).map((d) => d.id)).toContain('varCount');
    expect(ROWS.map((s) => cellText(s, 'varCount', undefined, TABLE))).toEqual(['3', '12', '', '7']);
    const filtered = filterRows(
      ROWS,
      { ...NO_FILTERS, columns: { varCount: '1' } as never },
      undefined,
      TABLE,
    );
    expect(filtered.map(countOf)).toEqual([12]);
    const sorted = sortRows(ROWS, { column: 'varCount', desc: true }, undefined, TABLE);
    expect(sorted.map(countOf)).toEqual([12, 7, 3, null]);
    expect(choicesOf(ROWS, 'varCount', undefined, TABLE)).toEqual(['(none)', '12', '3', '7']);
    // The real table has no such column: its filter and sort leave the rows as they are.
    expect(filterRows(ROWS, { ...NO_FILTERS, columns: { varCount: '1' } as never })).toHaveLength(4);
  });
});
