/**
 * The section focus and links (issue 27): a link opened for this tab selects its section (the
 * Timeline opens its detail, the Context tab scrolls to its block), and the section selected
 * here is published to the view slice, so the address and "Copy link" name it.
 */
import { useEffect } from 'react';
import { useApp, useAppStore } from '../../store/store-context';
import { sectionFocus, useSectionFocus } from './section-focus';

/** Binds the focus of `tab` to links; call once in the tab's panel. */
export function useSectionLink(tab: 'timeline' | 'context'): void {
  const store = useAppStore();
  const pending = useApp((s) => s.view.pending);
  const selected = useSectionFocus((s) => s.selected);
  useEffect(() => {
    if (pending === null || pending.tab !== tab) return;
    const link = store.getState().view.takePending(tab);
    if (link === null || link.tab === 'history' || link.section === null) return;
    if (tab === 'timeline') sectionFocus.getState().select(link.section, true);
    else sectionFocus.getState().revealInContext(link.section);
  }, [store, pending, tab]);
  useEffect(() => {
    // Not while a link waits: it would be overwritten by the selection it replaces.
    if (store.getState().view.pending === null) store.getState().view.showSection(selected);
  }, [store, selected]);
}
