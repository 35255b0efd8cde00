/**
 * The section focus and links: a link opened for this tab selects its section (the Timeline
 * opens its detail, the Context tab scrolls to its block), and the section selected here is
 * published to the view slice, so the address and "Copy link" name it. Shared by the Timeline
 * and Context panels, so it lives here rather than in either.
 */
import { useEffect } from 'react';
import { useApp, useAppStore } from '../store/store-context';

/** Binds the focus of `tab` to links; call once in the tab's panel. */
export function useSectionLink(tab: 'timeline' | 'context'): void {
  const store = useAppStore();
  const pending = useApp((s) => s.view.pending);
  const selected = useApp((s) => s.focus.selected);
  useEffect(() => {
    if (pending === null || pending.tab !== tab) return;
    const link = store.getState().view.takePending(tab);
    if (link === null || link.tab === 'history' || link.section === null) return;
    if (tab === 'timeline') store.getState().focus.select(link.section, true);
    else store.getState().focus.revealInContext(link.section);
  }, [store, pending, tab]);
  useEffect(() => {
    // Not while a link waits: it would be overwritten by the selection it replaces.
    if (store.getState().view.pending === null) store.getState().view.showSection(selected);
  }, [store, selected]);
}
