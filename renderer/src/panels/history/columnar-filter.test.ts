/**
 * The columnar filter (shared/history/row-filter.ts) keeps exactly the rows the table's own
 * filter keeps, for every column it answers, and declines the computed ones.
 */
import { describe, expect, it } from 'vitest';
import { snap } from './test-support/snapshot';
import { NO_FILTERS, filterRows, filterShown, listingFacts } from './history-rows';
import type { HistoryFilters } from './history-rows';
import { COLUMNAR_FILTER_IDS, columnarOf, filterColumnar } from '../../../../shared/history/row-filter';
import type { SnapshotSummary } from '../../../../shared/history/history-types';

const SESSIONS = ['dm', 'group-chat', null];
const CHATS = ['private', 'group', null];
const PEERS = ['Ann', 'Bob', 'annette', 'Zoë', null];

/** Rows varied over the filtered columns (a deterministic mix). */
const rows = Array.from({ length: 300 }, (_, i) =>
  snap(`k${String(i).padStart(4, '0')}`, 1000 * i, {
    sessionType: SESSIONS[i % 3] ?? null,
    chatType: CHATS[(i * 7) % 3] ?? null,
    peer: PEERS[(i * 11) % 5] ?? null,
    channel: i % 4 === 0 ? 'aun' : 'feishu',
    truncated: i % 5 === 0 ? null : i % 2 === 0,
  }),
);
const columnar = columnarOf(rows, ['sessionType', 'chatType', 'peer', 'channel', 'truncated']);

function both(filters: HistoryFilters): { rows: string[]; columnar: string[] | null } {
  const kept = filterColumnar(columnar, filters);
  return {
    rows: filterRows(rows, filters, listingFacts(rows)).map((r) => r.key),
    columnar: kept === null ? null : [...kept].map((i) => rows[i]?.key ?? ''),
  };
}

describe('the columnar filter', () => {
  const cases: [string, HistoryFilters][] = [
    ['a time range', { ...NO_FILTERS, brush: { from: 20_000, to: 120_000 } }],
    ['a session type', { ...NO_FILTERS, columns: { sessionType: 'dm' } }],
    ['the unknown session type', { ...NO_FILTERS, columns: { sessionType: '(none)' } }],
    ['a peer, by text, any case', { ...NO_FILTERS, columns: { peer: ' ANN ' } }],
    ['a chat type', { ...NO_FILTERS, columns: { chatType: 'group' } }],
    ['truncated: yes', { ...NO_FILTERS, columns: { truncated: 'yes' } }],
    [
      'all at once',
      {
        ...NO_FILTERS,
        brush: { from: 50_000, to: 250_000 },
        columns: { sessionType: 'group-chat', chatType: 'group', peer: 'b', channel: 'feishu' },
      },
    ],
    ['nothing', NO_FILTERS],
  ];
  it.each(cases)('keeps the rows the table keeps: %s', (_name, filters) => {
    const got = both(filters);
    expect(got.rows.length).toBeGreaterThan(0);
    expect(got.columnar).toEqual(got.rows);
  });

  it('declines a column whose shown value is computed (the caller filters the rows)', () => {
    expect(filterColumnar(columnar, { columns: { bytes: '1' }, brush: null })).toBeNull();
    expect(filterColumnar(columnar, { columns: { where: 'archive' }, brush: null })).toBeNull();
  });
});

describe("the History table's filter through coded columns (filterShown)", () => {
  // Some kept in the archive: the Kept in column is a computed one (the row filter answers it).
  const kept = rows.map((r, i): SnapshotSummary => (i % 3 === 0 ? { ...r, where: 'archive' } : r));
  const facts = listingFacts(kept);
  const shown = (filters: HistoryFilters): string[] =>
    filterShown(kept, filters, columnarOf(kept, COLUMNAR_FILTER_IDS), facts).map((r) => r.key);
  const table = (filters: HistoryFilters): string[] => filterRows(kept, filters, facts).map((r) => r.key);

  it('keeps what filterRows keeps, with search hits and computed columns too', () => {
    const hits = new Set(kept.filter((_, i) => i % 2 === 1).map((r) => r.key));
    const cases: HistoryFilters[] = [
      { ...NO_FILTERS, columns: { sessionType: 'dm' } },
      { ...NO_FILTERS, columns: { peer: ' ANN ', chatType: 'group' }, brush: { from: 20_000, to: 220_000 } },
      { ...NO_FILTERS, columns: { chatType: 'private' }, hits },
      { ...NO_FILTERS, columns: { truncated: 'no', where: 'archive' } },
      { ...NO_FILTERS, columns: { sessionType: '' }, hits },
    ];
    for (const filters of cases) {
      expect(shown(filters).length).toBeGreaterThan(0);
      expect(shown(filters)).toEqual(table(filters));
    }
  });

  it('gives the rows themselves when nothing is set', () => {
    expect(filterShown(rows, { ...NO_FILTERS, columns: { peer: '' } }, columnarOf(rows, []))).toBe(rows);
  });

  it('codes a column and works out the Δ only when first asked, then never again', () => {
    let reads = 0;
    const counted = rows.map((r): SnapshotSummary => {
      const { columns, ...rest } = r;
      return Object.defineProperty({ ...rest }, 'columns', {
        get: () => {
          reads++;
          return columns;
        },
        enumerable: true,
      }) as SnapshotSummary;
    });
    const columnar = columnarOf(counted, COLUMNAR_FILTER_IDS);
    const lazyFacts = listingFacts(counted);
    expect(reads).toBe(0);
    filterShown(counted, { ...NO_FILTERS, columns: { chatType: 'group' } }, columnar, lazyFacts);
    expect(reads).toBe(counted.length);
    filterShown(counted, { ...NO_FILTERS, columns: { chatType: 'private' } }, columnar, lazyFacts);
    expect(reads).toBe(counted.length);
    void lazyFacts.deltas;
    const afterDeltas = reads;
    expect(afterDeltas).toBeGreaterThan(counted.length);
    void lazyFacts.deltas;
    expect(reads).toBe(afterDeltas);
  });
});
