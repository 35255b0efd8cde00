/**
 * Nothing lost silently: while the override draft is unsaved, a reload or close of
 * the page asks first (`beforeunload`; in Electron main asks, electron/shell/leave-guard.ts),
 * and so does opening another home or package root.
 */
import { useEffect } from 'react';
import { sessionDirty } from '../store/draft-session';
import { useApp } from '../store/store-context';

/** `true` while the override draft has unsaved edits. */
export function useDraftDirty(): boolean {
  return useApp((s) => s.draft.session !== null && sessionDirty(s.draft.session));
}

/** Refuses the page's unload while the draft is dirty, so the browser (or Electron) asks. */
export function useLeaveGuard(): void {
  const dirty = useDraftDirty();
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent): void => {
      e.preventDefault();
      // Older Chromium (and Electron) look at returnValue, not preventDefault.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

/** `true` when leaving may go ahead: no draft, or the person said so. */
export function confirmLeavingDraft(dirty: boolean, question: string): boolean {
  return !dirty || window.confirm(question);
}
