/**
 * The DevTools habit of `/` to focus a panel's search field, shared by the panels that have one.
 */
import { useEffect } from 'react';
import type { RefObject } from 'react';

/** True when a key press is meant for a text field (or Monaco), not for the panel. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    target.closest('.monaco-pane') !== null
  );
}

/** Focuses and selects `search` when `/` is pressed anywhere outside a text field. */
export function useSlashFocus(search: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent): void => {
      if (e.key === '/' && !typingIn(e.target) && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        search.current?.focus();
        search.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [search]);
}
