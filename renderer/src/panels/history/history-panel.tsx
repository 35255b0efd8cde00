/**
 * The History tab: every eck-debug snapshot in a virtualised table under a chart of
 * context size over time; one snapshot's files; compare two; replay one; what-if over the
 * filtered ones with the Manifest tab's draft; export and open bundles; clean only when asked.
 */
import { HistoryVerify } from './history-verify';
import { ArchiveSettings } from './archive-settings';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { ApiError } from '../../../../shared/api';
import { apiErrorText } from '../../i18n/api-error-text';
import { usePanelT } from '../../i18n/panel-messages';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import { SplitHandle } from '../../components/split-handle';
import { clampSplit } from '../../components/split-width';
import { useElementWidth } from '../../components/use-element-width';
import { useApi } from '../../store/use-api';
import { currentDraft, sessionDirty } from '../../store/draft-session';
import { filterShown, isHomeHistory, listingFacts, sortRows } from './history-rows';
import { COLUMNAR_FILTER_IDS, columnarOf } from '../../../../shared/history/row-filter';
import { useAfterPaint } from '../../components/use-after-paint';
import { useQuietValue } from '../../components/use-quiet-value';
import { LISTING_QUIET, QUIET_FROM_ROWS } from '../../components/quiet-value';
import { useCodedColumns } from './use-coded-columns';
import { createHistoryStore } from './history-store';
import type { HistoryDraft, HistoryStore, SearchProgress } from './history-store';
import { formatBytes } from '../../format/bytes';
import { indexProgress } from './index-progress';
import { historyMessages } from './messages';
import type { HistoryMessageKey } from './messages';
import { RenderDiffView } from './render-diff-view';
import { SizeChart } from './size-chart';
import { SnapshotDetailView } from './snapshot-detail';
import { useHistoryLink } from './history-link';
import { PathDialog } from './path-dialog';
import { SnapshotTable } from './snapshot-table';
import { compareKeys } from './compare-order';
import { scopeParams, shownScope } from './shown-scope';
import { BackButton } from './back-button';
import { CleanPreview } from './clean-preview';
import './history.css';
import { useDark } from '../../theme/use-dark';

const CLEAN_HOURS = 24;

/** The Manifest tab's unsaved draft, if any. */
function useDraft(): HistoryDraft | null {
  const session = useApp((s) => s.draft.session);
  return useMemo(() => {
    if (session === null || !sessionDirty(session)) return null;
    return { manifestFile: session.pair.manifestFile, overrideText: currentDraft(session).text };
  }, [session]);
}

/** The History panel. */
export default function HistoryPanel(): React.JSX.Element {
  const api = useApi();
  const [store] = useState<HistoryStore>(() => createHistoryStore(api));
  useEffect(() => {
    const off = store.getState().bind();
    void store.getState().load();
    return off;
  }, [store]);
  useHistoryLink(store);
  return <HistoryView store={store} />;
}

function HistoryView({ store }: { readonly store: HistoryStore }): React.JSX.Element {
  const t = usePanelT(historyMessages);
  // The fields this view shows, not the whole state (a what-if's progress re-renders the side pane only).
  const s = useStore(
    store,
    useShallow((st) => ({
      listing: st.listing,
      filters: st.filters,
      sort: st.sort,
      searching: st.searching,
      searchProgress: st.searchProgress,
      selected: st.selected,
      compareWith: st.compareWith,
      error: st.error,
      notice: st.notice,
      clean: st.clean,
      listMs: st.listMs,
      indexStopped: st.indexStopped,
    })),
  );
  const dark = useDark();
  const draft = useDraft();
  // The table and the detail share the width as the Timeline's do: a split the user drags or
  // moves from the keyboard, kept per tab, so columns scroll sideways before they are cut.
  const bodyRef = useRef<HTMLDivElement | null>(null);
  const bodyWidth = useElementWidth(bodyRef);
  const splitPref = useApp((st) => st.view.splits.history ?? null);
  const setSplit = useApp((st) => st.view.setSplit);
  const sideWidth = clampSplit(splitPref, bodyWidth);
  const applyScenario = useApp((st) => st.applyScenario);
  const budget = useApp((st) => st.render?.report.totals.maxBytes ?? null);
  const [searchText, setSearchText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const all = useMemo(() => s.listing?.snapshots ?? [], [s.listing]);
  // The chart may lag behind the table: drawn in a deferred (interruptible) render, it keeps the
  // table's first screen and each pushed delta from waiting for its points; a change of a filter
  // reaches it after the table's paint (at 2M rows the chart's series took a second; the table's
  // filter, 50 ms), and the chart says it is updating meanwhile.
  const chartFilters = useAfterPaint(s.filters);
  const noBrush = useMemo(() => ({ ...chartFilters.value, brush: null }), [chartFilters.value]);
  const deferredAll = useDeferredValue(all);
  const progress = useMemo(() => indexProgress(deferredAll), [deferredAll]);
  // A big listing arriving in parts reaches the chart at most every 2 s, its last part a moment after
  // it lands (quiet-value.ts): each part's chart took half a second at 2M rows, and a filter
  // changed as the last part landed waited behind it.
  const quietAll = useQuietValue(all, all.length > QUIET_FROM_ROWS ? LISTING_QUIET : null);
  const chartAll = useDeferredValue(quietAll.value);
  const language = useApp((st) => st.language);
  // The listing's filterable columns, coded ahead while idle (use-coded-columns.ts).
  const columnar = useCodedColumns(all);
  const chartColumnar = useMemo(
    () => (chartAll === all ? columnar : columnarOf(chartAll, COLUMNAR_FILTER_IDS)),
    [chartAll, all, columnar],
  );
  const chartRows = useMemo(
    () => filterShown(chartAll, noBrush, chartColumnar),
    [chartAll, noBrush, chartColumnar],
  );
  // Over the whole listing: a row's Δ is against its session's previous snapshot, filtered or not.
  const facts = useMemo(() => listingFacts(all), [all]);
  const shown = useMemo(
    () => sortRows(filterShown(all, s.filters, columnar, facts), s.sort, facts),
    [all, s.filters, s.sort, facts, columnar],
  );
  // The what-if and Verify take the rows the table shows, and their buttons say which.
  const scope = useMemo(() => shownScope(shown, all.length), [shown, all.length]);

  // Search as typed, after a pause (the main side reads the context files).
  useEffect(() => {
    const id = setTimeout(() => void store.getState().runSearch(searchText), 250);
    return () => clearTimeout(id);
  }, [searchText, store]);

  const pick = (key: string): void => {
    const st = store.getState();
    if (st.compareWith !== null && st.compareWith !== key) {
      const a = st.compareWith;
      st.markCompare(null);
      void st.runDiff(a, key);
      return;
    }
    void st.select(key);
  };

  const applySnapshotVars = async (key: string): Promise<void> => {
    const r = await store.getState().snapshotScenario(key);
    if (r === null) return;
    await applyScenario(r.scenario);
    setNotice(t('useVarsDone', { count: r.rerooted.length }));
  };

  const [asking, setAsking] = useState<'folder' | 'bundle' | null>(null);
  const home = useApp((st) => st.workspace?.home ?? null);
  /** The path dialog's words for an error of the open call. */
  const problemOf = (error: ApiError | null): string | null => {
    if (error === null) return null;
    if (asking === 'folder' && error.code === 'not-found') {
      return t('dialog.folderMissing', { path: error.path ?? '' });
    }
    if (asking === 'bundle' && error.code === 'read-error')
      return t('dialog.bundleMissing', { error: error.message });
    return t('dialog.failed', { error: apiErrorText(error, language) });
  };
  const openPath = async (path: string): Promise<string | null> =>
    problemOf(
      asking === 'bundle' ? await store.getState().openBundle(path) : await store.getState().openFolder(path),
    );

  const noticeText = ((): string | null => {
    if (notice !== null) return notice;
    if (s.notice === null) return null;
    const [kind, ...rest] = s.notice.split(':');
    if (kind === 'cleaned') return t('cleaned', { count: rest[0] ?? '0' });
    if (kind === 'exportCancelled') return t('exportCancelled');
    if (kind === 'bundle') {
      const files = rest.pop() ?? '0';
      return t('exported', { path: rest.join(':'), files });
    }
    if (kind === 'downloaded') {
      const [files, ...name] = rest;
      return t('downloaded', { name: name.join(':'), files: files ?? '0' });
    }
    return s.notice;
  })();

  const listing = s.listing;
  const selected = s.selected;
  return (
    <div
      className="history-panel"
      data-testid="history-panel"
      data-list-ms={s.listMs === null ? undefined : s.listMs.toFixed(0)}
    >
      <div className="history-toolbar">
        <input
          className="history-search"
          type="search"
          value={searchText}
          placeholder={t('search')}
          onChange={(e) => setSearchText(e.target.value)}
          data-testid="history-search"
        />
        <span className="history-count" data-testid="history-count">
          {t('count', { shown: shown.length, total: all.length })}
        </span>
        <SearchState
          progress={s.searchProgress}
          hits={s.filters.hits?.size ?? 0}
          store={store}
          language={language}
          t={t}
        />
        {progress !== null ? (
          <IndexProgress
            progress={progress}
            stopped={s.indexStopped}
            language={language}
            t={t}
            onRun={(run) => void store.getState().setIndexing(run)}
          />
        ) : null}
        {listing !== null && listing.foreign.length > 0 ? (
          <button
            type="button"
            onClick={() => store.getState().showForeign()}
            data-testid="history-foreign-button"
          >
            {t('foreign', { count: listing.foreign.length })}
          </button>
        ) : null}
        <span className="history-spacer" />
        <button
          type="button"
          disabled={draft === null || shown.length === 0}
          title={draft === null ? t('whatIfNoDraft') : undefined}
          onClick={() => draft && void store.getState().runWhatIf(scope.keys, draft, scope)}
          data-testid="history-what-if"
        >
          {t('whatIfOn', { scope: t(scope.words, scopeParams(scope)) })}
        </button>
        <button type="button" onClick={() => setAsking('folder')} data-testid="history-open-folder">
          {t('openFolder')}
        </button>
        <button
          type="button"
          disabled={listing !== null && isHomeHistory(listing.dir, home)}
          onClick={() => void store.getState().openFolder(null)}
          data-testid="history-home-folder"
        >
          {t('homeFolder')}
        </button>
        <button type="button" onClick={() => setAsking('bundle')} data-testid="history-open-bundle">
          {t('openBundle')}
        </button>
        <button
          type="button"
          onClick={() => void store.getState().askClean(CLEAN_HOURS)}
          data-testid="history-clean"
        >
          {t('clean')}
        </button>
      </div>
      <HistoryVerify scope={listing !== null && isHomeHistory(listing.dir, home) ? scope : null} />
      {listing !== null && isHomeHistory(listing.dir, home) ? <ArchiveSettings store={store} t={t} /> : null}
      {asking !== null ? (
        <PathDialog
          key={asking}
          title={t(asking === 'folder' ? 'dialog.folderTitle' : 'dialog.bundleTitle')}
          label={t(asking === 'folder' ? 'dialog.folderLabel' : 'dialog.bundleLabel')}
          submitLabel={t('dialog.open')}
          cancelLabel={t('cancel')}
          busyLabel={t('dialog.opening')}
          hint={t('dialog.hint')}
          requiredMessage={t('dialog.required')}
          onSubmit={openPath}
          onClose={() => setAsking(null)}
          testId="history-path-dialog"
        />
      ) : null}
      {s.clean !== null ? (
        <CleanPreview
          clean={s.clean}
          language={language}
          t={t}
          onConfirm={() => void store.getState().confirmClean(CLEAN_HOURS)}
          onCancel={() => store.getState().cancelClean()}
        />
      ) : null}
      {s.error !== null || noticeText !== null ? (
        <div
          className={s.error ? 'history-banner history-error' : 'history-banner'}
          data-testid="history-notice"
        >
          <span>{s.error ? apiErrorText(s.error, language) : noticeText}</span>
          <button
            type="button"
            onClick={() => {
              setNotice(null);
              store.getState().dismiss();
            }}
          >
            {t('close')}
          </button>
        </div>
      ) : null}
      {listing?.error ? (
        <div className="history-banner history-error">{t('folderError', { error: listing.error })}</div>
      ) : null}
      <SizeChart
        rows={chartRows}
        updating={chartFilters.stale || quietAll.stale}
        budget={budget}
        brush={s.filters.brush}
        selected={selected}
        onBrush={(b) => store.getState().setBrush(b)}
        onPick={pick}
        t={t}
      />
      {s.compareWith !== null ? (
        <div className="history-banner" data-testid="history-compare-hint">
          <span>
            {s.compareWith}: {t('compareHint')}
          </span>
          <button type="button" onClick={() => store.getState().markCompare(null)}>
            {t('compareCancel')}
          </button>
        </div>
      ) : null}
      <div className="history-body" ref={bodyRef}>
        <div className="history-main">
          {listing === null ? (
            <p>{t('loading')}</p>
          ) : all.length === 0 && !listing.error ? (
            <p>{t('empty', { dir: listing.dir })}</p>
          ) : (
            <SnapshotTable
              rows={shown}
              all={deferredAll}
              facts={facts}
              filters={s.filters}
              sort={s.sort}
              selected={selected}
              compareWith={s.compareWith}
              onSort={(c) => store.getState().setSort(c)}
              onFilter={(c, v) => store.getState().setColumnFilter(c, v)}
              onPick={pick}
              onMove={(k) => void store.getState().moveTo(k)}
              onClose={() => store.getState().closeView()}
              t={t}
            />
          )}
        </div>
        <SplitHandle
          width={sideWidth}
          total={bodyWidth}
          onResize={(w) => setSplit('history', w)}
          label={t('split.label')}
          testId="history-split"
        />
        <aside className="history-side" data-testid="history-side" style={{ flexBasis: sideWidth }}>
          <SidePane store={store} draft={draft} dark={dark} onUseVars={(k) => void applySnapshotVars(k)} />
        </aside>
      </div>
    </div>
  );
}

/** How far the search has read, with Stop while it runs and a way on once stopped. */
function SearchState(props: {
  readonly progress: SearchProgress | null;
  readonly hits: number;
  readonly store: HistoryStore;
  readonly language: string;
  readonly t: PanelTranslate<HistoryMessageKey>;
}): React.JSX.Element | null {
  const { progress: p, store, t } = props;
  if (p === null) return null;
  const n = (v: number): string => v.toLocaleString(props.language);
  const words = { searched: n(p.searched), total: n(p.total), hits: n(props.hits) };
  if (p.next === null) return null;
  return (
    <span className="history-search-state" data-testid="history-search-state" aria-live="polite">
      {/* Before the first part answers there is no count to give yet. */}
      {p.stopped
        ? t('searchStopped', words)
        : p.total === 0
          ? t('searching')
          : t('searchProgress', words)}{' '}
      {p.stopped ? (
        <button
          type="button"
          onClick={() => void store.getState().resumeSearch()}
          data-testid="history-search-resume"
        >
          {t('searchResume')}
        </button>
      ) : (
        <button type="button" onClick={() => store.getState().stopSearch()} data-testid="history-search-stop">
          {t('searchStop')}
        </button>
      )}
    </span>
  );
}

function SidePane(props: {
  readonly store: HistoryStore;
  readonly draft: HistoryDraft | null;
  readonly dark: boolean;
  readonly onUseVars: (key: string) => void;
}): React.JSX.Element {
  const { store, draft, dark } = props;
  const t = usePanelT(historyMessages);
  const s = useStore(
    store,
    useShallow((st) => ({
      view: st.view,
      listing: st.listing,
      detail: st.detail,
      diff: st.diff,
      replay: st.replay,
      whatIf: st.whatIf,
      whatIfScope: st.whatIfScope,
      whatIfProgress: st.whatIfProgress,
      whatIfCancelled: st.whatIfCancelled,
      exporting: st.exporting,
    })),
  );
  const view = s.view;
  switch (view.kind) {
    case 'none':
      return <p className="history-soft">{t('pick')}</p>;
    case 'foreign':
      return (
        <div data-testid="history-foreign">
          <h3>{t('foreignTitle')}</h3>
          <ul>
            {(s.listing?.foreign ?? []).map((f) => (
              <li key={f.name} className="history-mono">
                {f.name}{' '}
                <span className="history-soft">
                  ({t(`foreignKind.${f.kind}`)}
                  {f.bytes === null ? '' : `, ${formatBytes(f.bytes)}`})
                </span>
              </li>
            ))}
          </ul>
        </div>
      );
    case 'detail': {
      const key = view.key;
      const detail = s.detail?.summary.key === key ? s.detail : null;
      return (
        <div>
          <h3 className="history-mono">{key}</h3>
          <div className="history-actions">
            <button type="button" onClick={() => props.onUseVars(key)} data-testid="history-use-vars">
              {t('useVars')}
            </button>
            <button
              type="button"
              onClick={() => void store.getState().runReplay(key, null)}
              data-testid="history-replay"
            >
              {t('replay')}
            </button>
            {draft !== null ? (
              <button
                type="button"
                onClick={() => void store.getState().runReplay(key, draft)}
                data-testid="history-replay-draft"
              >
                {t('replayDraft')}
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => store.getState().markCompare(key)}
              data-testid="history-compare"
            >
              {t('compare')}
            </button>
            <button
              type="button"
              onClick={() => void store.getState().exportBundle(key)}
              disabled={s.exporting}
              data-testid="history-export"
            >
              {t('export')}
            </button>
            {s.exporting ? (
              <span className="history-progress" role="status" data-testid="history-export-progress">
                <progress aria-label={t('exporting')} /> {t('exporting')}{' '}
                <button
                  type="button"
                  onClick={() => void store.getState().cancelExport()}
                  data-testid="history-export-cancel"
                >
                  {t('cancel')}
                </button>
              </span>
            ) : null}
          </div>
          {detail !== null ? <SnapshotDetailView detail={detail} t={t} /> : <p>{t('loading')}</p>}
        </div>
      );
    }
    case 'diff': {
      // Older → newer unless swapped: each side says which it is.
      const aAge = compareKeys(view.a, view.b) <= 0 ? t('older') : t('newer');
      const bAge = compareKeys(view.a, view.b) <= 0 ? t('newer') : t('older');
      return (
        <div data-testid="history-compare-result">
          <h3 data-testid="history-diff-title">{t('diffTitle', { a: view.a, aAge, b: view.b, bAge })}</h3>
          <div className="history-actions">
            <button
              type="button"
              onClick={() => void store.getState().swapDiff()}
              data-testid="history-diff-swap"
            >
              {t('swap')}
            </button>
          </div>
          {s.diff !== null && s.diff.a === view.a && s.diff.b === view.b ? (
            <RenderDiffView
              diff={s.diff.diff}
              before={s.diff.contextA}
              after={s.diff.contextB}
              labels={{
                original: t('contextOf', { age: aAge, key: view.a }),
                modified: t('contextOf', { age: bAge, key: view.b }),
              }}
              tooLarge={{ before: s.diff.tooLarge.a, after: s.diff.tooLarge.b }}
              dark={dark}
              t={t}
            />
          ) : (
            <p>{t('loading')}</p>
          )}
        </div>
      );
    }
    case 'replay':
    case 'bundle':
      return (
        <div
          data-testid={view.kind === 'replay' ? 'history-replay-result' : 'history-bundle-result'}
          onKeyDown={(e) => {
            // Escape goes back as Back does (the table's own Escape handles the table).
            if (e.key === 'Escape' && view.kind === 'replay' && !e.defaultPrevented) {
              e.preventDefault();
              void store.getState().backToSnapshot();
            }
          }}
        >
          {view.kind === 'replay' ? (
            <BackButton
              label={t('back', { key: view.key })}
              onBack={() => void store.getState().backToSnapshot()}
            />
          ) : null}
          <h3>
            {view.kind === 'replay'
              ? t('replayTitle', { key: view.key })
              : t('bundleTitle', { path: view.path })}
          </h3>
          {s.replay !== null ? (
            <>
              {s.replay.usedDraft ? <p className="history-soft">{t('usedDraft')}</p> : null}
              {s.replay.warnings.length > 0 ? (
                <ul className="history-soft">
                  {s.replay.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              ) : null}
              <RenderDiffView
                diff={s.replay.diff}
                before={s.replay.recordedContext}
                after={s.replay.replayedContext}
                labels={{ original: t('contextRecorded'), modified: t('contextReplayed') }}
                tooLarge={{
                  before: s.replay.tooLarge?.recorded ?? null,
                  after: s.replay.tooLarge?.replayed ?? null,
                }}
                dark={dark}
                t={t}
              />
            </>
          ) : (
            <p>{t('loading')}</p>
          )}
        </div>
      );
    case 'what-if':
      return (
        <div data-testid="history-what-if-result">
          {s.whatIfProgress !== null ? (
            <p className="history-progress" data-testid="history-what-if-progress">
              <progress
                value={s.whatIfProgress.done}
                max={s.whatIfProgress.total}
                aria-label={t('whatIfProgressLabel')}
              />{' '}
              {t('whatIfProgress', { done: s.whatIfProgress.done, total: s.whatIfProgress.total })}{' '}
              <button
                type="button"
                onClick={() => store.getState().cancelWhatIf()}
                data-testid="history-what-if-cancel"
              >
                {t('cancel')}
              </button>
            </p>
          ) : null}
          {s.whatIfCancelled !== null ? (
            <p className="panel-note" data-testid="history-what-if-stopped">
              {t('whatIfStopped', { done: s.whatIfCancelled.done, total: s.whatIfCancelled.total })}
            </p>
          ) : null}
          {s.whatIf === null ? (
            <p>{t('loading')}</p>
          ) : (
            <>
              <h3>
                {t('whatIfTitle', {
                  rendered: s.whatIf.rendered,
                  scope: s.whatIfScope === null ? '' : t(s.whatIfScope.words, scopeParams(s.whatIfScope)),
                })}
              </h3>
              {s.whatIf.changes.length === 0 ? <p>{t('whatIfNone')}</p> : null}
              <ul>
                {s.whatIf.changes.map((c) => (
                  <li key={c.key} data-testid="history-what-if-change">
                    <button
                      type="button"
                      className="history-link"
                      onClick={() => void store.getState().select(c.key)}
                    >
                      {c.key}
                    </button>{' '}
                    {[
                      c.sectionsLost.length ? t('whatIfLost', { ids: c.sectionsLost.join(', ') }) : null,
                      c.sectionsGained.length
                        ? t('whatIfGained', { ids: c.sectionsGained.join(', ') })
                        : null,
                      c.truncatedBefore !== c.truncatedAfter
                        ? t('whatIfTrunc', {
                            before: c.truncatedBefore ? t('yes') : t('no'),
                            after: c.truncatedAfter ? t('yes') : t('no'),
                          })
                        : null,
                      c.bytesBefore !== c.bytesAfter
                        ? t('whatIfBytes', {
                            before: formatBytes(c.bytesBefore),
                            after: formatBytes(c.bytesAfter),
                          })
                        : null,
                    ]
                      .filter((x) => x !== null)
                      .join(' · ')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      );
  }
}

/**
 * How far the pass that reads each snapshot's columns is, with Stop reading; once stopped, how
 * far it got, with Resume.
 */
function IndexProgress(props: {
  readonly progress: { readonly done: number; readonly total: number };
  readonly stopped: boolean;
  readonly language: string;
  readonly t: PanelTranslate<HistoryMessageKey>;
  readonly onRun: (run: boolean) => void;
}) {
  const { progress, stopped, t } = props;
  const format = new Intl.NumberFormat(props.language);
  const counts = { done: format.format(progress.done), total: format.format(progress.total) };
  return (
    <span
      className="history-progress"
      data-testid={stopped ? 'history-index-stopped' : 'history-index-progress'}
    >
      {stopped ? null : (
        <>
          <progress value={progress.done} max={progress.total} aria-label={t('indexing.label')} />{' '}
        </>
      )}
      {t(stopped ? 'indexStopped' : 'indexing', counts)}{' '}
      <button
        type="button"
        onClick={() => props.onRun(stopped)}
        data-testid={stopped ? 'history-index-resume' : 'history-index-stop'}
      >
        {t(stopped ? 'indexResume' : 'indexStop')}
      </button>
    </span>
  );
}
