/**
 * State of the History tab: the listing (kept live from `onDidChangeHistory`), filters, sort,
 * the selected and compared snapshots, and the results of detail, diff, replay, what-if,
 * export and clean calls. One store per mounted panel.
 */
import { SEARCH_PART_MS } from '../../../../shared/history/search-part';
import type { OverrideDraftInput } from '../../../../shared/api/methods/history';
import { createStore } from 'zustand/vanilla';
import type { ApiError, ApiResult, InspectorApi } from '../../../../shared/api';
import type { WireListing } from '../../../../shared/history/listing-wire';
import type { HistoryListing } from '../../../../shared/history/history-types';
import type {
  BundleDownload,
  HistoryDelta,
  ReplayResult,
  SnapshotDetail,
  SnapshotDiff,
} from '../../../../shared/api/history-models';
import type { HistoryMethodOutputs } from '../../../../shared/api/methods/history';
import { decodeListing, decodeRows } from '../../../../shared/history/listing-wire';
import type { ArchiveSettingsShape, ArchiveStatsShape } from '../../../../shared/api/methods/archive';
import { withKeep } from './archive-keep';
import type { HistoryColumnId, HistoryFilters, HistorySort } from './history-rows';
import { NO_FILTERS, applyDelta, firstSortDesc } from './history-rows';
import { nextDeltaWait } from './delta-pacing';
import { olderFirst } from './compare-order';
import type { ShownScope } from './shown-scope';
import { downloadBundle } from '../../api/bundle-download';

/** How long pushed deltas are gathered before the table is updated. */

/** The draft override to use, if the Manifest tab holds one (the wire schema's input). */
export type HistoryDraft = OverrideDraftInput;

/** What the right-hand pane shows. */
export type HistoryView =
  | { readonly kind: 'none' }
  | { readonly kind: 'detail'; readonly key: string }
  /** `a` is the left ("before") side: the older one unless the user swapped them. */
  | { readonly kind: 'diff'; readonly a: string; readonly b: string }
  | { readonly kind: 'replay'; readonly key: string }
  | { readonly kind: 'bundle'; readonly path: string }
  | { readonly kind: 'what-if' }
  | { readonly kind: 'foreign' };

/** Snapshots per what-if call: small enough for the progress to move, large enough to stay cheap. */
export const WHAT_IF_CHUNK = 100;

/** How far the search has read. */
export interface SearchProgress {
  readonly searched: number;
  readonly total: number;
  /** The `from` of the next part; `null` once all is read. */
  readonly next: number | null;
  readonly stopped: boolean;
}

/** The state. */
export interface HistoryState {
  readonly listing: HistoryListing | null;
  readonly loading: boolean;
  readonly filters: HistoryFilters;
  readonly sort: HistorySort;
  readonly search: string;
  readonly searching: boolean;
  /**
   * The free-text search read in parts (the first matches show at once): candidates read so far
   * and in all, where the next part starts, and whether the user stopped it; `null` when none.
   */
  readonly searchProgress: SearchProgress | null;
  readonly selected: string | null;
  /** The second snapshot of a compare. */
  readonly compareWith: string | null;
  readonly view: HistoryView;
  readonly detail: SnapshotDetail | null;
  readonly diff: SnapshotDiff | null;
  readonly replay: ReplayResult | null;
  readonly whatIf: HistoryMethodOutputs['whatIf'] | null;
  /** Which snapshots the last what-if took (the rows shown then), to say so over its result. */
  readonly whatIfScope: ShownScope | null;
  /** Snapshots of the running what-if rendered so far, and in all; `null` when none runs. */
  readonly whatIfProgress: { readonly done: number; readonly total: number } | null;
  /** Where the last what-if was stopped (its result covers the snapshots done); `null` when it was not. */
  readonly whatIfCancelled: { readonly done: number; readonly total: number } | null;
  /** A bundle is being written (its size is not known ahead, so the progress is indeterminate). */
  readonly exporting: boolean;
  /** The user stopped the pass that reads each snapshot's columns (its rows keep "…"). */
  readonly indexStopped: boolean;
  readonly busy: boolean;
  readonly error: ApiError | null;
  readonly notice: string | null;
  readonly clean: HistoryMethodOutputs['cleanOldSnapshots'] | null;
  /** Wall time of the last listing call (request to answer), for the perf spec. */
  readonly listMs: number | null;
  /** The home's archive: its numbers and the user's settings; `null` until asked (after the rows). */
  readonly archive: {
    readonly stats: ArchiveStatsShape;
    readonly settings: ArchiveSettingsShape;
  } | null;
  /** The retention just saved, for the control's status line; `null` before a save. */
  readonly archiveSaved: ArchiveSettingsShape | null;
}

/** The actions. */
export interface HistoryActions {
  load(): Promise<void>;
  /** Reads the archive's numbers and settings (asked once the listing is shown). */
  loadArchive(): Promise<void>;
  /** Stores the retention (`null`: keep all); the archive applies it at its next run. */
  saveArchiveKeep(keepDays: number | null): Promise<void>;
  /** Stops (`false`) or resumes (`true`) the main side's pass that reads each snapshot's columns. */
  setIndexing(run: boolean): Promise<void>;
  bind(): () => void;
  setColumnFilter(column: HistoryColumnId, value: string): void;
  setBrush(brush: HistoryFilters['brush']): void;
  setSort(column: HistoryColumnId): void;
  runSearch(query: string): Promise<void>;
  /** Stops the search after the part in flight; its matches so far stay shown. */
  stopSearch(): void;
  /** Reads the rest of a stopped search. */
  resumeSearch(): Promise<void>;
  select(key: string): Promise<void>;
  /**
   * The keyboard's move (↑/↓, Home/End): the selection goes to `key`; an open detail follows it,
   * any other view stays (as in the Timeline, Enter opens).
   */
  moveTo(key: string): Promise<void>;
  /**
   * Escape: a compare being picked is cancelled; a replay goes back to its snapshot; else the side
   * pane's view closes (the selection stays).
   */
  closeView(): void;
  markCompare(key: string | null): void;
  /** Compares two snapshots, the older on the left whichever was picked first. */
  runDiff(a: string, b: string): Promise<void>;
  /** Turns the open compare round: the right side goes left. */
  swapDiff(): Promise<void>;
  /** From a replay, back to the snapshot it replayed, its actions with it. */
  backToSnapshot(): Promise<void>;
  runReplay(key: string, draft: HistoryDraft | null): Promise<void>;
  /** Renders the snapshots with the draft in chunks, so it shows progress and can be stopped. */
  runWhatIf(keys: readonly string[], draft: HistoryDraft, scope?: ShownScope): Promise<void>;
  /** Stops the running what-if after the chunk in flight. */
  cancelWhatIf(): void;
  exportBundle(key: string): Promise<void>;
  /** Asks the running export to stop before it writes. */
  cancelExport(): Promise<void>;
  /** Opens a bundle; its error is returned (for the path dialog) and the view stays as it was. */
  openBundle(path: string): Promise<ApiError | null>;
  /** Lists another folder; a folder that cannot be listed is returned as an error, nothing changes. */
  openFolder(dir: string | null): Promise<ApiError | null>;
  askClean(hours: number): Promise<void>;
  confirmClean(hours: number): Promise<void>;
  cancelClean(): void;
  /** The snapshot as a scenario of the workspace (re-rooted), or `null` after an error. */
  snapshotScenario(key: string): Promise<HistoryMethodOutputs['snapshotAsScenario'] | null>;
  showForeign(): void;
  dismiss(): void;
}

/** Saves a bundle `serve` offered as a browser download (bundle-download.ts; a fake in tests). */
export type DeliverDownload = (download: BundleDownload) => Promise<ApiResult<{ readonly name: string }>>;

/** Creates the store over the API. */
export function createHistoryStore(api: InspectorApi, deliver: DeliverDownload = downloadBundle) {
  let detailSeq = 0;
  let whatIfRun = 0;
  return createStore<HistoryState & HistoryActions>()((set, get) => {
    const failed = (error: ApiError): void => set({ error, busy: false });
    /**
     * Reads the search `query` part after part from where its progress says, adding each part's
     * matches to the table's filter as they come; it ends when all is read, when the user stops
     * it, or when another query (or none) replaced it.
     */
    const readSearchParts = async (query: string): Promise<void> => {
      const q = query.trim();
      const current = (): SearchProgress | null => (get().search === query ? get().searchProgress : null);
      for (let p = current(); p !== null && p.next !== null && !p.stopped; p = current()) {
        const r = await api.searchSnapshots({ query: q, from: p.next, budgetMs: SEARCH_PART_MS });
        const now = current();
        if (now === null) return;
        if (!r.ok) {
          set({ searching: false, searchProgress: null });
          failed(r.error);
          return;
        }
        const hits = new Set(get().filters.hits ?? []);
        for (const k of r.value.keys) hits.add(k);
        set({
          filters: { ...get().filters, hits },
          searching: r.value.next !== null && !now.stopped,
          searchProgress: {
            searched: p.searched + r.value.searched,
            total: r.value.total,
            next: r.value.next,
            stopped: now.stopped,
          },
        });
      }
    };
    /** Takes a listing call's answer: its columns decoded into rows. */
    const listed = (r: ApiResult<WireListing>, t0: number): void => {
      const decoded = r.ok ? decodeListing(r.value) : null;
      if (decoded?.ok) {
        set({ listing: decoded.value, loading: false, listMs: performance.now() - t0 });
        return;
      }
      set({ loading: false });
      failed(
        r.ok ? { code: 'invalid-message', message: decoded?.ok === false ? decoded.error : '' } : r.error,
      );
    };
    /** Compares with `a` on the left, as given. */
    const diff = async (a: string, b: string): Promise<void> => {
      set({ busy: true, view: { kind: 'diff', a, b }, diff: null });
      const r = await api.diffSnapshots({ a, b });
      const view = get().view;
      // A swap or another compare asked meanwhile: this answer is not the one shown.
      if (view.kind !== 'diff' || view.a !== a || view.b !== b) return;
      if (r.ok) set({ diff: r.value, busy: false });
      else failed(r.error);
    };
    return {
      listing: null,
      loading: false,
      filters: NO_FILTERS,
      sort: { column: 'time', desc: true },
      search: '',
      searching: false,
      searchProgress: null,
      selected: null,
      compareWith: null,
      view: { kind: 'none' },
      detail: null,
      diff: null,
      replay: null,
      whatIf: null,
      whatIfScope: null,
      whatIfProgress: null,
      whatIfCancelled: null,
      exporting: false,
      indexStopped: false,
      busy: false,
      error: null,
      notice: null,
      clean: null,
      listMs: null,
      archive: null,
      archiveSaved: null,
      async load() {
        set({ loading: true });
        const t0 = performance.now();
        listed(await api.getHistory(), t0);
        // After the rows: the archive's numbers never hold up the first screen.
        void get().loadArchive();
        // A pass stopped before this panel was opened stays stopped: say so, offer Resume.
        const indexing = await api.historyIndexing({});
        if (indexing.ok) set({ indexStopped: indexing.value.stopped });
      },
      async loadArchive() {
        const [stats, settings] = await Promise.all([api.getArchiveStats(), api.getArchiveSettings()]);
        if (stats.ok && settings.ok) set({ archive: { stats: stats.value, settings: settings.value } });
        else if (!stats.ok) failed(stats.error);
        else if (!settings.ok) failed(settings.error);
      },
      async saveArchiveKeep(keepDays) {
        const current = get().archive;
        if (current === null) return;
        const r = await api.setArchiveSettings(withKeep(current.settings, keepDays));
        if (!r.ok) {
          failed(r.error);
          return;
        }
        set({ archive: { ...current, settings: r.value }, archiveSaved: r.value });
      },
      async setIndexing(run) {
        const r = await api.historyIndexing({ run });
        if (r.ok) set({ indexStopped: r.value.stopped });
        else failed(r.error);
      },
      bind() {
        // Deltas arriving together are applied in one go: one table update per burst.
        let queued: HistoryDelta[] = [];
        let timer: ReturnType<typeof setTimeout> | null = null;
        // What the last burst cost, measured to just after React drew it (nextDeltaWait).
        let lastCost = 0;
        const flush = (): void => {
          timer = null;
          const started = performance.now();
          const batch = queued;
          queued = [];
          let listing = get().listing;
          for (const delta of batch) {
            // Rows of the folder shown before (its pass was still pushing): nothing to do here.
            if (listing !== null && !delta.reset && listing.dir !== delta.dir) continue;
            const upserts = delta.reset ? null : decodeRows(delta.upserts);
            if (upserts === null || !upserts.ok || listing === null) {
              // A reset, or rows that do not decode: list again.
              void get().load();
              return;
            }
            listing = applyDelta(listing, { ...delta, upserts: upserts.value });
          }
          if (listing !== get().listing) {
            set({ listing });
            // The store's subscribers render in a microtask: a task after it sees them done.
            setTimeout(() => (lastCost = performance.now() - started), 0);
          }
        };
        const off = api.onDidChangeHistory((delta) => {
          queued.push(delta);
          timer ??= setTimeout(flush, nextDeltaWait(lastCost));
        });
        return () => {
          off();
          if (timer !== null) clearTimeout(timer);
        };
      },
      setColumnFilter(column, value) {
        const f = get().filters;
        set({ filters: { ...f, columns: { ...f.columns, [column]: value } } });
      },
      setBrush: (brush) => set({ filters: { ...get().filters, brush } }),
      setSort(column) {
        const s = get().sort;
        set({
          sort: s.column === column ? { column, desc: !s.desc } : { column, desc: firstSortDesc(column) },
        });
      },
      async runSearch(query) {
        const q = query.trim();
        set({ search: query });
        if (q === '') {
          set({ filters: { ...get().filters, hits: null }, searching: false, searchProgress: null });
          return;
        }
        set({
          searching: true,
          filters: { ...get().filters, hits: new Set() },
          searchProgress: { searched: 0, total: 0, next: 0, stopped: false },
        });
        await readSearchParts(query);
      },
      stopSearch() {
        const p = get().searchProgress;
        if (p !== null && p.next !== null) set({ searchProgress: { ...p, stopped: true }, searching: false });
      },
      async resumeSearch() {
        const p = get().searchProgress;
        if (p === null || p.next === null || !p.stopped) return;
        set({ searchProgress: { ...p, stopped: false }, searching: true });
        await readSearchParts(get().search);
      },
      async select(key) {
        const seq = ++detailSeq;
        set({ selected: key, view: { kind: 'detail', key } });
        const r = await api.getSnapshot({ key });
        if (seq !== detailSeq) return;
        if (r.ok) set({ detail: r.value });
        else failed(r.error);
      },
      async moveTo(key) {
        if (get().view.kind === 'detail') await get().select(key);
        else set({ selected: key });
      },
      closeView() {
        const view = get().view;
        if (get().compareWith !== null) set({ compareWith: null });
        else if (view.kind === 'replay') void get().backToSnapshot();
        else set({ view: { kind: 'none' } });
      },
      markCompare: (key) => set({ compareWith: key }),
      async runDiff(a, b) {
        const { before, after } = olderFirst(a, b);
        await diff(before, after);
      },
      async swapDiff() {
        const view = get().view;
        if (view.kind === 'diff') await diff(view.b, view.a);
      },
      async backToSnapshot() {
        const view = get().view;
        if (view.kind === 'replay') await get().select(view.key);
      },
      async runReplay(key, draft) {
        set({ busy: true, view: { kind: 'replay', key }, replay: null });
        const r = await api.replaySnapshot({ key, ...(draft ? { draft } : {}) });
        if (r.ok) set({ replay: r.value, busy: false });
        else failed(r.error);
      },
      async runWhatIf(keys, draft, scope) {
        const run = ++whatIfRun;
        const total = keys.length;
        set({
          busy: true,
          view: { kind: 'what-if' },
          whatIf: null,
          whatIfScope: scope ?? null,
          whatIfCancelled: null,
          whatIfProgress: { done: 0, total },
        });
        let rendered = 0;
        let failedCount = 0;
        const changes: HistoryMethodOutputs['whatIf']['changes'][number][] = [];
        for (let at = 0; at < total; at += WHAT_IF_CHUNK) {
          const r = await api.whatIf({ keys: keys.slice(at, at + WHAT_IF_CHUNK), draft });
          if (run !== whatIfRun) return; // Cancelled, or another run started.
          if (!r.ok) {
            set({ whatIfProgress: null });
            failed(r.error);
            return;
          }
          rendered += r.value.rendered;
          failedCount += r.value.failed;
          changes.push(...r.value.changes);
          // The result so far is shown as it grows, and kept when the run is stopped.
          set({
            whatIf: { rendered, changes: [...changes], failed: failedCount },
            whatIfProgress: { done: Math.min(total, at + WHAT_IF_CHUNK), total },
          });
        }
        set({ whatIfProgress: null, busy: false });
      },
      cancelWhatIf() {
        const progress = get().whatIfProgress;
        if (progress === null) return;
        whatIfRun++;
        set({
          whatIfProgress: null,
          whatIfCancelled: progress,
          busy: false,
          whatIf: get().whatIf ?? { rendered: 0, changes: [], failed: 0 },
        });
      },
      async exportBundle(key) {
        if (get().exporting) return;
        set({ busy: true, exporting: true });
        // The user says where: the desktop app's save dialog, or the browser's download.
        const r = await api.exportBundle({ key, saveAs: true });
        const offered = r.ok ? r.value.download : null;
        const saved = offered === null ? null : await deliver(offered);
        set({ exporting: false });
        if (saved !== null && !saved.ok) failed(saved.error);
        else if (saved !== null)
          set({ busy: false, notice: `downloaded:${r.ok ? r.value.files : 0}:${saved.value.name}` });
        else if (r.ok) set({ busy: false, notice: `bundle:${r.value.path ?? ''}:${r.value.files}` });
        else if (r.error.code === 'cancelled') set({ busy: false, notice: 'exportCancelled' });
        else failed(r.error);
      },
      async cancelExport() {
        // The export's own answer ("cancelled") ends it; this only asks the main side to stop.
        const r = await api.cancelExport();
        if (!r.ok) failed(r.error);
      },
      async openBundle(path) {
        set({ busy: true });
        const r = await api.openBundle({ path });
        if (!r.ok) {
          set({ busy: false });
          return r.error;
        }
        set({ view: { kind: 'bundle', path }, replay: r.value, busy: false });
        return null;
      },
      async openFolder(dir) {
        set({ loading: true });
        const t0 = performance.now();
        const r = await api.openHistoryFolder({ dir });
        if (!r.ok) {
          set({ loading: false });
          return r.error;
        }
        set({
          selected: null,
          compareWith: null,
          view: { kind: 'none' },
          filters: NO_FILTERS,
          search: '',
          searching: false,
          searchProgress: null,
        });
        listed(r, t0);
        return null;
      },
      async askClean(hours) {
        const r = await api.cleanOldSnapshots({ hours, confirm: false });
        if (r.ok) set({ clean: r.value });
        else failed(r.error);
      },
      async confirmClean(hours) {
        // The preview's limit: what was shown is what goes, even if more became old since.
        const cutoff = get().clean?.cutoff;
        const r = await api.cleanOldSnapshots({
          hours,
          confirm: true,
          ...(cutoff === undefined ? {} : { cutoff }),
        });
        if (r.ok) {
          set({ clean: null, notice: `cleaned:${r.value.count}` });
          await get().load();
        } else failed(r.error);
      },
      cancelClean: () => set({ clean: null }),
      async snapshotScenario(key) {
        const r = await api.snapshotAsScenario({ key });
        if (r.ok) return r.value;
        failed(r.error);
        return null;
      },
      showForeign: () => set({ view: { kind: 'foreign' } }),
      dismiss: () => set({ error: null, notice: null }),
    };
  });
}

/** The store's type. */
export type HistoryStore = ReturnType<typeof createHistoryStore>;
