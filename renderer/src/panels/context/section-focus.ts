/**
 * The section the operator is looking at, shared by the Timeline and the Context tab: a row
 * selected in one shows in the other, and "show in Context" asks the Context tab to scroll to
 * the section's span. Panels unmount when their tab is left, so this lives outside them.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

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

/** Creates a focus store (one per window; tests create their own). */
export function createSectionFocus() {
  return createStore<SectionFocus>()((set, get) => ({
    selected: null,
    open: false,
    reveal: null,
    select: (id, open) => set({ selected: id, open: id === null ? false : (open ?? get().open) }),
    setOpen: (open) => set({ open }),
    revealInContext: (id) => set({ selected: id, reveal: { id, seq: (get().reveal?.seq ?? 0) + 1 } }),
    clearReveal: (seq) => {
      if (get().reveal?.seq === seq) set({ reveal: null });
    },
  }));
}

/** The window's focus store. */
export const sectionFocus = createSectionFocus();

/** Selects from the focus store. */
export function useSectionFocus<T>(selector: (state: SectionFocus) => T): T {
  return useStore(sectionFocus, selector);
}
