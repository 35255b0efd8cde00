/**
 * Ctrl/⌘+Z and Ctrl/⌘+Shift+Z undo and redo a draft edit anywhere the draft is shown (the
 * Manifest tab, and the Timeline and Context tabs under the draft band). A key press
 * meant for a text field or Monaco is left to its own undo.
 */
import { useEffect } from 'react';
import { useApp } from '../store/store-context';
import { isTextTarget, undoKey } from './undo-keys';

/** Listens on the window while the calling component is mounted. */
export function useDraftUndoKeys(): void {
  const undo = useApp((s) => s.draft.undo);
  const redo = useApp((s) => s.draft.redo);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const action = undoKey({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        shiftKey: e.shiftKey,
        altKey: e.altKey,
        inText: isTextTarget(e.target),
      });
      if (action === null) return;
      e.preventDefault();
      if (action === 'undo') undo();
      else redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}
