/**
 * The virtualised snapshot table: @tanstack/react-table for columns and cells (sorting and
 * filtering are the pure functions of history-rows.ts, so 50,000 rows stay cheap), and
 * @tanstack/react-virtual so only the visible rows are in the DOM.
 */
import { useMemo, useRef } from 'react';
import { tableFeatures, useTable } from '@tanstack/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SnapshotSummary } from '../../../../shared/debug-files/history-types';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { CHOICE_COLUMNS, HISTORY_COLUMNS, UNKNOWN_CHOICE, cellText, choicesOf } from './history-rows';
import type { HistoryColumnId, HistoryFilters, HistorySort } from './history-rows';
import type { HistoryMessageKey } from './messages';

const features = tableFeatures({});
const ROW_HEIGHT = 26;

/** Props of the table. */
export interface SnapshotTableProps {
  /** Filtered and sorted. */
  readonly rows: readonly SnapshotSummary[];
  /** Every row, for the choices of the filters. */
  readonly all: readonly SnapshotSummary[];
  readonly filters: HistoryFilters;
  readonly sort: HistorySort;
  readonly selected: string | null;
  readonly compareWith: string | null;
  readonly onSort: (column: HistoryColumnId) => void;
  readonly onFilter: (column: HistoryColumnId, value: string) => void;
  readonly onPick: (key: string) => void;
  readonly t: PanelTranslate<HistoryMessageKey>;
}

function timeText(s: SnapshotSummary): string {
  const d = new Date(s.time);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const base = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return s.suffix === null ? base : `${base} (${s.suffix})`;
}

/** The table. */
export function SnapshotTable(props: SnapshotTableProps): React.JSX.Element {
  const { rows, t } = props;
  const columns = useMemo<ColumnDef<typeof features, SnapshotSummary>[]>(
    () =>
      HISTORY_COLUMNS.map((id) => ({
        id,
        header: t(`col.${id}`),
        accessorFn: (s: SnapshotSummary) => cellText(s, id),
        cell: (info) => {
          const s = info.row.original;
          if (id === 'time') return timeText(s);
          if (s.parseState === 'pending' && id !== 'bytes') return t('pending');
          if (id === 'truncated')
            return s.columns.truncated === null ? '' : s.columns.truncated ? t('yes') : t('no');
          return cellText(s, id);
        },
      })),
    [t],
  );
  const choices = useMemo(() => {
    const out: Partial<Record<HistoryColumnId, string[]>> = {};
    for (const c of CHOICE_COLUMNS) out[c] = choicesOf(props.all, c);
    return out;
  }, [props.all]);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Keyed by position (the default): a key function that changes with the rows would make the
    // virtualizer measure all 12,500 rows again on every pushed delta.
    overscan: 12,
  });
  // Only the rows in view go through the table: sorting and filtering are done already, so the
  // table's row model stays a few dozen rows even for 50,000 files.
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  const data = useMemo(() => rows.slice(first, last + 1), [rows, first, last]);
  const table = useTable({ features, columns, data });
  const tableRows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <div className="history-table" role="table" data-testid="history-table">
      <div className="history-thead" role="rowgroup">
        <div className="history-tr history-head-row" role="row">
          {headers.map((h) => {
            const id = h.column.id as HistoryColumnId;
            const sorted = props.sort.column === id ? (props.sort.desc ? ' ▼' : ' ▲') : '';
            return (
              <div key={h.id} className={`history-th history-col-${id}`} role="columnheader">
                <button
                  type="button"
                  className="history-sort"
                  onClick={() => props.onSort(id)}
                  data-testid={`history-sort-${id}`}
                >
                  <table.FlexRender header={h} />
                  {sorted}
                </button>
              </div>
            );
          })}
        </div>
        <div className="history-tr history-filter-row" role="row">
          {HISTORY_COLUMNS.map((id) => {
            const value = props.filters.columns[id] ?? '';
            const options = choices[id];
            return (
              <div key={id} className={`history-th history-col-${id}`}>
                {options ? (
                  <select
                    value={value}
                    onChange={(e) => props.onFilter(id, e.target.value)}
                    data-testid={`history-filter-${id}`}
                    aria-label={`${t(`col.${id}`)} ${t('filter.text')}`}
                  >
                    <option value="">{t('filter.any')}</option>
                    {options.map((o) => (
                      <option key={o} value={o}>
                        {o === UNKNOWN_CHOICE ? t('none') : o === 'yes' ? t('yes') : o === 'no' ? t('no') : o}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    value={value}
                    placeholder={t('filter.text')}
                    onChange={(e) => props.onFilter(id, e.target.value)}
                    data-testid={`history-filter-${id}`}
                    aria-label={`${t(`col.${id}`)} ${t('filter.text')}`}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div className="history-tbody" ref={scrollRef} role="rowgroup">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = tableRows[item.index - first];
            if (!row) return null;
            const s = row.original;
            const cls = [
              'history-tr',
              'history-row',
              s.key === props.selected ? 'is-selected' : '',
              s.key === props.compareWith ? 'is-compare' : '',
              s.error !== null ? 'is-malformed' : '',
            ].join(' ');
            return (
              <div
                key={item.key}
                className={cls}
                role="row"
                data-testid="history-row"
                data-key={s.key}
                aria-selected={s.key === props.selected}
                title={s.error ?? undefined}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${item.start}px)`,
                }}
                onClick={() => props.onPick(s.key)}
              >
                {row.getAllCells().map((cell) => (
                  <div key={cell.id} className={`history-td history-col-${cell.column.id}`} role="cell">
                    <table.FlexRender cell={cell} />
                    {cell.column.id === 'time' && s.error !== null ? (
                      <span className="history-malformed" data-testid="history-malformed">
                        {' '}
                        ⚠ {t('malformed')}
                      </span>
                    ) : null}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
