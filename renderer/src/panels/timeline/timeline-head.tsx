/**
 * The Timeline's column header: Status, Order, Files and Bytes sort on click (or
 * Enter / Space, they are buttons), each header says its state in `aria-sort`. Section, Why
 * and tokens do not sort. The header is a one-row table of its own: the rows below are a
 * listbox (arrows move the selection), which cannot hold column headers.
 */
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { TimelineKey } from './messages';
import type { TimelineSort, TimelineSortColumn } from './timeline-sort';
import { ariaSort } from './timeline-sort';
import type { TimelineViewKey } from './view-messages';

/** Props of the header. */
export interface TimelineHeadProps {
  readonly sort: TimelineSort | null;
  readonly onSort: (column: TimelineSortColumn) => void;
  readonly t: PanelTranslate<TimelineKey>;
  readonly v: PanelTranslate<TimelineViewKey>;
}

const ARROWS = { ascending: ' ▲', descending: ' ▼', none: '' } as const;

function SortHeader({
  column,
  label,
  sort,
  onSort,
  v,
}: {
  readonly column: TimelineSortColumn;
  readonly label: string;
  readonly sort: TimelineSort | null;
  readonly onSort: (column: TimelineSortColumn) => void;
  readonly v: PanelTranslate<TimelineViewKey>;
}) {
  const state = ariaSort(sort, column);
  return (
    <span role="columnheader" aria-sort={state} className="sort-head">
      <button
        type="button"
        className={state === 'none' ? 'sort-button' : 'sort-button sorted'}
        onClick={() => onSort(column)}
        title={v('sort.by', { column: label })}
        data-testid={`sort-${column}`}
      >
        {label}
        <span aria-hidden="true">{ARROWS[state]}</span>
      </button>
    </span>
  );
}

/** The header row. */
export function TimelineHead({ sort, onSort, t, v }: TimelineHeadProps) {
  const props = { sort, onSort, v };
  return (
    <div role="table" aria-label={v('sort.header')} className="timeline-head-table">
      <div role="row" className="timeline-head" data-testid="timeline-head">
        <SortHeader column="status" label={t('col.status')} {...props} />
        <SortHeader column="order" label={t('col.order')} {...props} />
        <span role="columnheader">{t('col.section')}</span>
        <span role="columnheader">{t('col.why')}</span>
        <span role="none" className="head-size">
          <SortHeader column="files" label={v('sort.files')} {...props} />
          <span aria-hidden="true"> · </span>
          <SortHeader column="bytes" label={v('sort.bytes')} {...props} />
          <span aria-hidden="true"> · </span>
          <span role="columnheader">{v('sort.tokens')}</span>
        </span>
      </div>
    </div>
  );
}
