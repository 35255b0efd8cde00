/**
 * The smallest single replacement that turns one text into another: a form keystroke changes a
 * few characters of the JSON view, and replacing only those keeps Monaco from re-tokenising and
 * re-laying-out the whole model on every keystroke (and keeps its undo stack meaningful).
 */

/** Replace `[start, end)` of the old text with `text`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The edit from `before` to `after`, or `null` when they are equal. */
export function minimalEdit(before: string, after: string): TextEdit | null {
  if (before === after) return null;
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  return { start: prefix, end: before.length - suffix, text: after.slice(prefix, after.length - suffix) };
}

/** Applies an edit (for tests and for checking). */
export function applyEdit(before: string, edit: TextEdit | null): string {
  return edit === null ? before : before.slice(0, edit.start) + edit.text + before.slice(edit.end);
}
