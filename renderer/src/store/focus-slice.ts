/**
 * The focus slice: the section the operator is looking at, shared by the Timeline and the
 * Context tab. A row selected in one shows in the other, and "show in Context" asks the Context
 * tab to scroll to the section's span. Panels unmount when their tab is left, so it lives in the
 * store; nested under `focus` because `open` and `select` would clash with other slices.
 */
import type { SliceCreator } from './app-state';

/** A request to scroll the Context tab to a section's block; `seq` makes a repeat a new request. */
export interface RevealRequest {
  readonly id: string;
  readonly seq: number;
}

/** State and actions of the focus. */
export interface SectionFocus {
  readonly selected: string | null;
  /** Whether the Timeline shows the selected row's details. */
  readonly open: boolean;
  readonly reveal: RevealRequest | null;
  select(id: string | null, open?: boolean): void;
  setOpen(open: boolean): void;
  /** Selects the section and asks the Context tab to scroll to it. */
  revealInContext(id: string): void;
  /** The Context tab handled the request. */
  clearReveal(seq: number): void;
}

/** The slice: `s.focus.selected`, `s.focus.select(…)`. */
export interface FocusSlice {
  readonly focus: SectionFocus;
}

/** Creates the focus slice. */
export const createFocusSlice: SliceCreator<FocusSlice> = () => (setApp, getApp) => {
  const get = (): SectionFocus => getApp().focus;
  const set = (patch: Partial<SectionFocus>): void => setApp((s) => ({ focus: { ...s.focus, ...patch } }));
  return {
    focus: {
      selected: null,
      open: false,
      reveal: null,
      select: (id, open) => set({ selected: id, open: id === null ? false : (open ?? get().open) }),
      setOpen: (open) => set({ open }),
      revealInContext: (id) => set({ selected: id, reveal: { id, seq: (get().reveal?.seq ?? 0) + 1 } }),
      clearReveal: (seq) => {
        if (get().reveal?.seq === seq) set({ reveal: null });
      },
    },
  };
};
