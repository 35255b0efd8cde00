/**
 * The Timeline tab: every section of the merged manifest in order, why it loaded or
 * not, its budgets, and the budget picture above. Rows are virtualised so a manifest of
 * 1,000 sections scrolls; the selected row opens its source, trace and rendered block.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { usePanelT } from '../../i18n/panel-messages';
import { useApp, useAppStore } from '../../store/store-context';
import { useApi } from '../../store/use-api';
import { useSectionLink } from '../../components/section-link';
import { BudgetBars } from './budget-bars';
import { budgetPicture } from './budget-picture';
import { rowKeyAction } from '../../components/row-keys';
import { timelineMessages } from './messages';
import { reasonText } from './reason-text';
import { SectionDetail } from './section-detail';
import { TimelineRowView } from './timeline-row';
import { failureText } from './hazard-text';
import { RowCache, memoByObject } from './row-cache';
import type { TimelineRow } from './timeline-rows';
import { filterRows, timelineRows } from './timeline-rows';
import './timeline.css';
import { RenderBand } from '../../components/draft-band';
import { useRowMarks } from '../../components/use-row-marks';
import { shownRender } from '../../store/shown-render';
import { VerifyBar } from './verify-bar';
import { BomNote } from '../../components/bom-note';
import { SearchBox } from '../../components/search-box';
import { useDark } from '../../theme/use-dark';
import { CopyLinkButton } from '../../components/copy-link-button';
import { SplitHandle } from '../../components/split-handle';
import { clampSplit } from '../../components/split-width';
import { SkippedDetail } from './skipped-detail';
import { TimelineHead } from './timeline-head';
import { nextSort, sortRows, timelineSortOf } from './timeline-sort';
import type { TimelineSortColumn } from './timeline-sort';
import { timelineViewMessages } from './view-messages';
import { useElementWidth } from '../../components/use-element-width';
import './timeline-view.css';

/** First guess of a row's height before it is measured. */
const ROW_ESTIMATE = 76;

/** The Timeline panel. */
export default function TimelinePanel() {
  const t = usePanelT(timelineMessages);
  const v = usePanelT(timelineViewMessages);
  const language = useApp((s) => s.language);
  const sortPref = useApp((s) => s.view.sorts.timeline);
  const setSort = useApp((s) => s.view.setSort);
  const splitPref = useApp((s) => s.view.splits.timeline ?? null);
  const setSplit = useApp((s) => s.view.setSplit);
  const sort = useMemo(() => timelineSortOf(sortPref), [sortPref]);
  // The draft's render while a draft is unsaved, else the saved one.
  const render = useApp(shownRender);
  const marks = useRowMarks();
  const failed = useApp((s) => s.failedRender);
  const api = useApi();
  const scenario = useApp((s) => s.scenario);
  const setTab = useApp((s) => s.setTab);
  const dark = useDark();
  const store = useAppStore();
  useSectionLink('timeline');
  const selectedId = useApp((s) => s.focus.selected);
  const open = useApp((s) => s.focus.open);
  // Rows of the previous render, reused where unchanged, for as long as the tab is mounted.
  const [rowCache] = useState(() => new RowCache());
  const [query, setQuery] = useState('');
  const listRef = useRef<HTMLDivElement | null>(null);
  const panelRef = useRef<HTMLElement | null>(null);
  const report = render?.report ?? null;

  // Render timing for the perf spec: from the start of this render to the DOM commit.
  const renderStart = performance.now();
  const rows = useMemo(
    () => (report === null ? [] : rowCache.stabilize(timelineRows(report))),
    [report, rowCache],
  );
  const reasonOf = useMemo(() => memoByObject((row: TimelineRow) => reasonText(t, row.explanation)), [t]);
  const picture = useMemo(() => (report === null ? null : budgetPicture(report)), [report]);
  const shown = useMemo(() => sortRows(filterRows(rows, query), sort), [rows, query, sort]);
  const panelWidth = useElementWidth(panelRef);
  const onSort = useCallback(
    (column: TimelineSortColumn): void => setSort('timeline', nextSort(sort, column)),
    [setSort, sort],
  );
  const selectedIndex = shown.findIndex((r) => r.id === selectedId);
  // Recorded once per new render (later commits are the virtualiser measuring rows): React's
  // render and commit, then the layout it causes, read synchronously so the figure is the work
  // of that frame (paint excluded).
  const timedSeq = useRef(-1);
  useLayoutEffect(() => {
    const el = panelRef.current;
    const seq = render?.seq ?? 0;
    if (el === null || seq === timedSeq.current) return;
    timedSeq.current = seq;
    el.dataset['renderMs'] = (performance.now() - renderStart).toFixed(2);
    el.getBoundingClientRect();
    el.dataset['layoutMs'] = (performance.now() - renderStart).toFixed(2);
    el.dataset['renderSeq'] = String(seq);
  });

  // TanStack Virtual returns fresh functions each render; the rows it feeds are memoised by data.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    getItemKey: (i) => shown[i]?.id ?? i,
  });

  const selectId = useCallback(
    (id: string, openIt: boolean): void => {
      const focus = store.getState().focus;
      focus.select(id, openIt || focus.open);
    },
    [store],
  );
  const openId = useCallback((id: string): void => store.getState().focus.select(id, true), [store]);
  const select = (index: number, openIt: boolean): void => {
    const row = shown[index];
    if (row !== undefined) selectId(row.id, openIt);
  };

  // Bring a newly selected row into view, once: every scroll re-renders this component, and
  // scrolling back to the selection on each would fight the user's own scrolling.
  const scrollTo = virtualizer.scrollToIndex;
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    // A selection not in the list yet (a link opened before the render came): once it is.
    if (selectedId === scrolledFor.current || selectedIndex < 0) return;
    scrolledFor.current = selectedId;
    scrollTo(selectedIndex, { align: 'auto' });
  }, [selectedId, selectedIndex, scrollTo]);

  const onListKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const action = rowKeyAction(e.key, selectedIndex, shown.length);
    switch (action.kind) {
      case 'move':
        e.preventDefault();
        select(action.index, false);
        break;
      case 'open':
        e.preventDefault();
        select(action.index, true);
        break;
      case 'close':
        store.getState().focus.setOpen(false);
        break;
      case 'search':
      case 'none':
        break;
    }
  };

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown' || e.key === 'Enter') {
      e.preventDefault();
      listRef.current?.focus();
      if (selectedIndex < 0) select(0, e.key === 'Enter');
    }
  };

  const showInContext = useCallback(
    (id: string): void => {
      store.getState().focus.revealInContext(id);
      setTab('context');
    },
    [store, setTab],
  );

  if (report === null || picture === null) {
    return <p className="panel-note">{t('panel.loading')}</p>;
  }
  const selectedSection = open ? report.sections.find((s) => s.id === selectedId) : undefined;
  const maxBytes = report.totals.maxBytes;
  const selectedRow =
    selectedSection === undefined ? undefined : rows.find((r) => r.id === selectedSection.id);
  const detailWidth = clampSplit(splitPref, panelWidth);
  const aid = scenario?.vars['selfAid'];
  const linkAgent = scenario?.presetId != null && typeof aid === 'string' && aid !== '' ? aid : null;

  return (
    <section className="timeline-panel" aria-label={t('panel.label')} data-testid="timeline" ref={panelRef}>
      <div className="timeline-main">
        {failed !== null && <p className="panel-note warn">{t('panel.failed')}</p>}
        <BomNote />
        {report.failure !== null && (
          <p className="panel-note error" role="alert" data-testid="render-failure">
            {failureText(t, report.failure)}
          </p>
        )}
        <RenderBand />
        <BudgetBars picture={picture} t={t} selected={selectedId} onSelect={openId} />
        <div className="timeline-toolbar">
          <SearchBox
            value={query}
            onChange={setQuery}
            label={t('search.placeholder')}
            className="timeline-search"
            testId="timeline-search"
            onKeyDown={onSearchKey}
          />
          <span className="muted">{t('search.count', { shown: shown.length, total: rows.length })}</span>
          <span className="muted timeline-keys">{t('help.keys')}</span>
        </div>
        <VerifyBar dark={dark} />
        {rows.length === 0 && <p className="panel-note">{t('panel.noSections')}</p>}
        {/* Below its columns' width the table scrolls sideways instead of cutting a column. */}
        <div className="timeline-table" data-testid="timeline-table">
          <div className="timeline-table-inner">
            <TimelineHead sort={sort} onSort={onSort} t={t} v={v} />
            <div
              ref={listRef}
              className="timeline-list"
              role="listbox"
              tabIndex={0}
              aria-label={t('panel.label')}
              aria-activedescendant={
                selectedIndex >= 0 ? `timeline-row-${shown[selectedIndex]?.index ?? 0}` : undefined
              }
              onKeyDown={onListKey}
              data-testid="timeline-list"
            >
              <div className="timeline-spacer" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const row = shown[item.index];
                  if (row === undefined) return null;
                  return (
                    <div
                      key={item.key}
                      data-index={item.index}
                      ref={virtualizer.measureElement}
                      className="timeline-item"
                      style={{ transform: `translateY(${item.start}px)` }}
                    >
                      <TimelineRowView
                        row={row}
                        reason={reasonOf(row)}
                        maxBytes={maxBytes}
                        selected={row.id === selectedId}
                        mark={marks.get(row.id)}
                        t={t}
                        language={language}
                        onSelect={selectId}
                      />
                    </div>
                  );
                })}
              </div>
            </div>
          </div>
        </div>
      </div>
      {selectedSection !== undefined && (
        <SplitHandle
          width={detailWidth}
          total={panelWidth}
          onResize={(w) => setSplit('timeline', w)}
          label={v('split.label')}
          testId="timeline-split"
        />
      )}
      {selectedSection !== undefined && (
        <SectionDetail
          key={selectedSection.id}
          section={selectedSection}
          report={report}
          seq={render?.seq ?? 0}
          contextTooLarge={render?.tooLarge?.context ?? null}
          api={api}
          t={t}
          dark={dark}
          onShowInContext={showInContext}
          onClose={() => store.getState().focus.setOpen(false)}
          width={detailWidth}
          headerExtra={
            <CopyLinkButton
              link={{
                tab: 'timeline',
                preset: scenario?.presetId ?? null,
                agent: linkAgent,
                section: selectedSection.id,
              }}
              label={v('link.copy')}
              copiedLabel={v('link.copied')}
              failedLabel={v('link.copyFailed')}
              testId="section-copy-link"
            />
          }
          skipped={
            selectedRow !== undefined && selectedRow.status !== 'ok' ? (
              <SkippedDetail explanation={selectedRow.explanation} t={t} v={v} />
            ) : null
          }
        />
      )}
    </section>
  );
}
