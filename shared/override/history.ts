/**
 * Undo / redo over immutable states (undo and redo across edits).
 */

/** A present state with the states before it and the undone states after it. */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** Key of the last push, so a run of keystrokes in one field is one undo step. */
  readonly lastKey: string | null;
}

/** How many states undo keeps. */
export const HISTORY_LIMIT = 200;

/** A history with only `present`. */
export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null };
}

/**
 * Makes `next` the present. Pushing the same state again is a no-op; a push with the same
 * `key` as the previous one replaces the present instead of adding an undo step.
 */
export function pushHistory<T>(h: History<T>, next: T, key: string | null = null): History<T> {
  if (Object.is(next, h.present)) return h;
  if (key !== null && key === h.lastKey) return { ...h, present: next, future: [] };
  const past = [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: key };
}

/** One step back (no-op when there is none). */
export function undoHistory<T>(h: History<T>): History<T> {
  const prev = h.past[h.past.length - 1];
  if (h.past.length === 0) return h;
  return { past: h.past.slice(0, -1), present: prev as T, future: [h.present, ...h.future], lastKey: null };
}

/** One step forward again (no-op when nothing was undone). */
export function redoHistory<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  const [next, ...rest] = h.future;
  return { past: [...h.past, h.present], present: next as T, future: rest, lastKey: null };
}
