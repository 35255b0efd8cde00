/**
 * The view slice: per tab, how its table is sorted and how wide its detail pane is
 * (remembered between runs, view-preferences.ts), and the link state: what the panels show
 * (for the address and "Copy link") and what an opened link asked for, until the panel it names
 * has shown it. Nested under `view`.
 */
import type { PanelId, Scenario } from '../../../shared/api';
import type { SliceCreator } from './app-state';
import type { ViewLink } from './view-link';

/** A table's sort: a column of that tab's table and the direction. */
export interface TableSort {
  readonly column: string;
  readonly desc: boolean;
}

/** What is kept per tab between runs. */
export interface ViewPreferences {
  readonly sorts: Readonly<Partial<Record<PanelId, TableSort>>>;
  /** Width in px of the tab's detail pane beside its table. */
  readonly splits: Readonly<Partial<Record<PanelId, number>>>;
}

/** State of the view. */
export interface ViewData extends ViewPreferences {
  /** The section selected in the Timeline / Context (the focus both tabs share). */
  readonly section: string | null;
  /** The History snapshot shown, and the section of its report a link pointed at. */
  readonly snapshot: string | null;
  readonly snapshotSection: string | null;
  /** A link opened and not yet shown by the panel it names. */
  readonly pending: ViewLink | null;
  /** Bumped by File ▸ Copy link; the address hook copies the link of the view shown. */
  readonly copyRequest: number;
}

/** Actions of the view. */
export interface ViewActions {
  /** `null` goes back to the table's own order. */
  setSort(tab: PanelId, sort: TableSort | null): void;
  setSplit(tab: PanelId, width: number): void;
  showSection(id: string | null): void;
  showSnapshot(key: string | null, section?: string | null): void;
  /** Opens a link: its tab now, its selection once the panel takes it (`takePending`). */
  openLink(link: ViewLink): void;
  /** The pending link of `tab`, cleared as it is handed over; `null` when none is for that tab. */
  takePending(tab: PanelId): ViewLink | null;
  requestCopyLink(): void;
}

/** The slice: the view under one key. */
export interface ViewSlice {
  readonly view: ViewData & ViewActions;
}

/** Creates the view slice, starting from the remembered preferences. */
export function createViewSlice(prefs: ViewPreferences): SliceCreator<ViewSlice> {
  return () => (setApp, getApp) => {
    const set = (patch: Partial<ViewData>): void => setApp((s) => ({ view: { ...s.view, ...patch } }));
    const view = (): ViewData & ViewActions => getApp().view;
    return {
      view: {
        sorts: prefs.sorts,
        splits: prefs.splits,
        section: null,
        snapshot: null,
        snapshotSection: null,
        pending: null,
        copyRequest: 0,
        setSort(tab, sort) {
          const { [tab]: _old, ...rest } = view().sorts;
          set({ sorts: sort === null ? rest : { ...rest, [tab]: sort } });
        },
        setSplit: (tab, width) => set({ splits: { ...view().splits, [tab]: Math.round(width) } }),
        showSection: (section) => {
          if (view().section !== section) set({ section });
        },
        showSnapshot: (snapshot, section = null) => {
          const v = view();
          if (v.snapshot !== snapshot || v.snapshotSection !== section)
            set({ snapshot, snapshotSection: section });
        },
        openLink(link) {
          // Only a selection waits for its panel; a bare tab is shown at once.
          const selects = link.tab === 'history' ? link.snapshot !== null : link.section !== null;
          set({ pending: selects ? link : null });
          getApp().setTab(link.tab);
        },
        takePending(tab) {
          const pending = view().pending;
          if (pending === null || pending.tab !== tab) return null;
          set({ pending: null });
          return pending;
        },
        requestCopyLink: () => set({ copyRequest: view().copyRequest + 1 }),
      },
    };
  };
}

/** The link of the view shown now: the tab and what it has selected. */
export function currentLink(s: {
  readonly tab: PanelId;
  readonly view: ViewData;
  readonly scenario: Scenario | null;
}): ViewLink {
  const v = s.view;
  if (s.tab === 'history')
    return { tab: 'history', snapshot: v.snapshot, section: v.snapshot === null ? null : v.snapshotSection };
  const preset = s.scenario?.presetId ?? null;
  const aid = s.scenario?.vars['selfAid'];
  return {
    tab: s.tab,
    preset,
    agent: preset !== null && typeof aid === 'string' && aid !== '' ? aid : null,
    section: s.tab === 'timeline' || s.tab === 'context' ? v.section : null,
  };
}
