/**
 * The virtualised snapshot table: @tanstack/react-table for the columns and their headers
 * (sorting and filtering are the pure functions of history-rows.ts, so 50,000 rows stay cheap),
 * @tanstack/react-virtual so only the visible rows are in the DOM, and one memoised component
 * per row: a row that stays in view while scrolling, or when another one is selected, is not
 * rendered again. (Running react-table's row model and cells for the rows in view cost ~20 ms
 * per scrolled frame.)
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';
import { tableFeatures, useTable } from '@tanstack/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SnapshotSummary } from '../../../../shared/history/history-types';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { useExactBytes } from '../../components/bytes';
import { formatBytes } from '../../format/bytes';
import { rowKeyAction } from '../../components/row-keys';
import {
  CHOICE_COLUMNS,
  HISTORY_COLUMNS,
  UNKNOWN_CHOICE,
  cellText,
  choicesOf,
  formatSignedBytes,
  timeCellText,
} from './history-rows';
import { assertNever } from '../../../../shared/base/assert-never';
import { HISTORY_COLUMN_TABLE, shownColumns, shownValue } from '../../../../shared/history/history-columns';
import type { ListingFacts, ShownDescriptor } from '../../../../shared/history/history-columns';
import type { HistoryColumnId, HistoryFilters, HistorySort } from './history-rows';
import type { HistoryMessageKey } from './messages';
import { columnMinEm, tableMinEm } from './column-widths';

const features = tableFeatures({});
const ROW_HEIGHT = 26;

/** Props of the table. */
export interface SnapshotTableProps {
  /** Filtered and sorted. */
  readonly rows: readonly SnapshotSummary[];
  /** Every row, for the choices of the filters. */
  readonly all: readonly SnapshotSummary[];
  /** Facts of the whole listing (each row's Δ). */
  readonly facts: ListingFacts;
  readonly filters: HistoryFilters;
  readonly sort: HistorySort;
  readonly selected: string | null;
  readonly compareWith: string | null;
  readonly onSort: (column: HistoryColumnId) => void;
  readonly onFilter: (column: HistoryColumnId, value: string) => void;
  readonly onPick: (key: string) => void;
  /** ↑/↓, PageUp/PageDown, Home/End: the selection moves to that row. */
  readonly onMove: (key: string) => void;
  /** Escape. */
  readonly onClose: () => void;
  readonly t: PanelTranslate<HistoryMessageKey>;
}

/** How each cell look of the column table (`show.display`) draws a value. */
function cellContent(
  s: SnapshotSummary,
  id: HistoryColumnId,
  facts: ListingFacts,
  t: PanelTranslate<HistoryMessageKey>,
): string {
  const d = SHOWN[id];
  const v = shownValue(d, s, facts);
  switch (d.show.display) {
    case 'time':
      return timeCellText(s);
    case 'bytes':
      return typeof v === 'number' ? formatBytes(v) : '';
    case 'signedBytes':
      return typeof v === 'number' ? formatSignedBytes(v) : '';
    case 'yesNo':
      if (s.parseState === 'pending') return t('pending');
      return v === null ? '' : v === true ? t('yes') : t('no');
    case 'text':
      if (s.parseState === 'pending') return t('pending');
      return cellText(s, id, facts);
    default:
      return assertNever(d.show.display);
  }
}

/** The shown descriptors by id. */
const SHOWN = Object.fromEntries(shownColumns(HISTORY_COLUMN_TABLE).map((d) => [d.id, d])) as Record<
  HistoryColumnId,
  ShownDescriptor
>;

/** Each column's own width (its minimum, grown to share the rest) and the row's minimum. */
const CELL_STYLE = Object.fromEntries(
  HISTORY_COLUMNS.map((id) => [id, { flexBasis: `${columnMinEm(SHOWN[id].show.display)}em` }]),
) as Record<HistoryColumnId, CSSProperties>;
const TABLE_STYLE: CSSProperties = {
  minWidth: `${tableMinEm(HISTORY_COLUMNS.map((id) => SHOWN[id].show.display))}em`,
};

/** Props of one row. */
interface SnapshotRowProps {
  readonly s: SnapshotSummary;
  readonly start: number;
  readonly selected: boolean;
  readonly compare: boolean;
  readonly facts: ListingFacts;
  readonly onPick: (key: string) => void;
  readonly t: PanelTranslate<HistoryMessageKey>;
}

/** One row; rendered again only when its snapshot, place or marks change. */
const SnapshotRow = memo(function SnapshotRow({
  s,
  start,
  selected,
  compare,
  facts,
  onPick,
  t,
}: SnapshotRowProps) {
  const exactBytes = useExactBytes();
  const cls = [
    'history-tr',
    'history-row',
    selected ? 'is-selected' : '',
    compare ? 'is-compare' : '',
    s.error !== null ? 'is-malformed' : '',
  ].join(' ');
  return (
    <div
      className={cls}
      role="row"
      data-testid="history-row"
      data-key={s.key}
      aria-selected={selected}
      // Focused by the keyboard moves of the table (not a tab stop: the body is).
      tabIndex={-1}
      title={s.error ?? undefined}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        transform: `translateY(${start}px)`,
      }}
      onClick={() => onPick(s.key)}
    >
      {HISTORY_COLUMNS.map((id) => (
        <div
          key={id}
          className={`history-td history-col-${id}`}
          style={CELL_STYLE[id]}
          role="cell"
          title={
            id === 'bytes' && s.columns.contextBytes !== null
              ? exactBytes(s.columns.contextBytes)
              : id === 'sessionType' && s.columns.sessionInferredFrom !== null
                ? t('sessionInferred', { file: s.columns.sessionInferredFrom })
                : undefined
          }
        >
          {id === 'sessionType' && s.columns.sessionInferredFrom !== null ? (
            // A guess, shown as one: the files do not record it (see session-guess.ts).
            <span className="history-inferred" data-testid="history-session-inferred">
              ≈<span className="visually-hidden">{t('sessionInferredShort')}</span>{' '}
            </span>
          ) : null}
          {cellContent(s, id, facts, t)}
          {id === 'time' && s.error !== null ? (
            <span className="history-malformed" data-testid="history-malformed">
              {' '}
              ⚠ {t('malformed')}
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
});

const NO_DATA: SnapshotSummary[] = [];

/** The table. */
export function SnapshotTable(props: SnapshotTableProps): React.JSX.Element {
  const { rows, t } = props;
  const columns = useMemo<ColumnDef<typeof features, SnapshotSummary>[]>(
    () =>
      HISTORY_COLUMNS.map((id) => ({
        id,
        header: t(`col.${id}`),
        accessorFn: (s: SnapshotSummary) => cellText(s, id),
      })),
    [t],
  );
  const choices = useMemo(() => {
    const out: Partial<Record<HistoryColumnId, string[]>> = {};
    for (const c of CHOICE_COLUMNS) out[c] = choicesOf(props.all, c, props.facts);
    return out;
  }, [props.all, props.facts]);
  // The parent's handler changes on each of its renders; the rows get one that does not.
  const pickRef = useRef(props.onPick);
  useEffect(() => {
    pickRef.current = props.onPick;
  });
  const onPick = useCallback((key: string) => pickRef.current(key), []);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Keyed by position (the default): a key function that changes with the rows would make the
    // virtualizer measure all 12,500 rows again on every pushed delta. React keys are the
    // snapshots' own (below), so a row staying in view keeps its element.
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  // The keys of the Timeline (keyboard.ts): a move selects the row, scrolls it into view and,
  // once it is drawn (it may be outside the rendered window), focuses it, so a screen reader
  // reads it and the next key starts from it.
  const focusKey = useRef<string | null>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const index = props.selected === null ? -1 : rows.findIndex((r) => r.key === props.selected);
    const action = rowKeyAction(e.key, index, rows.length);
    if (action.kind === 'move' || action.kind === 'open') {
      const row = rows[action.index];
      if (row === undefined) return;
      e.preventDefault();
      if (action.kind === 'move') props.onMove(row.key);
      else props.onPick(row.key);
      focusKey.current = row.key;
      virtualizer.scrollToIndex(action.index, { align: 'auto' });
    } else if (action.kind === 'close') {
      e.preventDefault();
      props.onClose();
    }
  };
  useLayoutEffect(() => {
    const key = focusKey.current;
    if (key === null) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
    if (el === null || el === undefined) return;
    focusKey.current = null;
    el.focus({ preventScroll: true });
  });
  // The table holds the columns only: the rows are drawn by `SnapshotRow`.
  const table = useTable({ features, columns, data: NO_DATA });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <div className="history-table" role="table" data-testid="history-table">
      <div className="history-thead" role="rowgroup" style={TABLE_STYLE}>
        <div className="history-tr history-head-row" role="row">
          {headers.map((h) => {
            const id = h.column.id as HistoryColumnId;
            const on = props.sort.column === id;
            const sorted = on ? (props.sort.desc ? ' ▼' : ' ▲') : '';
            return (
              <div
                key={h.id}
                className={`history-th history-col-${id}`}
                style={CELL_STYLE[id]}
                role="columnheader"
                aria-sort={on ? (props.sort.desc ? 'descending' : 'ascending') : 'none'}
                title={id === 'delta' ? t('col.delta.title') : undefined}
              >
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
              <div key={id} className={`history-th history-col-${id}`} style={CELL_STYLE[id]} role="cell">
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
      {/* The body scrolls: a tab stop with a name, whose arrow keys move the selection. */}
      <div
        className="history-tbody"
        style={TABLE_STYLE}
        ref={scrollRef}
        role="rowgroup"
        tabIndex={0}
        aria-label={t('rows.label')}
        onKeyDown={onKeyDown}
        data-testid="history-rows"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const s = rows[item.index];
            if (s === undefined) return null;
            return (
              <SnapshotRow
                key={s.key}
                s={s}
                start={item.start}
                selected={s.key === props.selected}
                compare={s.key === props.compareWith}
                facts={props.facts}
                onPick={onPick}
                t={t}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
