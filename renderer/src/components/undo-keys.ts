/**
 * Undo / redo from the keyboard in the form (Ctrl/⌘+Z, Ctrl/⌘+Shift+Z, Ctrl+Y). Text fields
 * and Monaco keep their own undo, so a key press meant for them is left alone.
 */

/** What a key press asks for. */
export type UndoKey = 'undo' | 'redo' | null;

/** The parts of a KeyboardEvent that matter. */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  /** `true` when the key press is meant for a text field or an editor. */
  readonly inText: boolean;
}

/** Reads a key press. */
export function undoKey(e: KeyPress): UndoKey {
  if (e.inText || e.altKey || !(e.ctrlKey || e.metaKey)) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && e.ctrlKey && !e.shiftKey) return 'redo';
  return null;
}

/** `true` for a target that keeps its own undo (inputs, text areas, Monaco). */
export function isTextTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    target.closest('.monaco-pane') !== null
  );
}
