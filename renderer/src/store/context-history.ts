/**
 * The previous render's context, for the Context tab's prompt-cache marker. It follows every
 * good render for the life of the window (render slice, `contextHistory`), even while neither
 * the Timeline nor the Context tab shows, so the marker is right the moment one opens.
 */

/** The current context and the last different one before it. */
export interface ContextHistory {
  readonly current: string | null;
  /** The previous *different* context: a re-render with the same text keeps the marker. */
  readonly previous: string | null;
}

/** Before the first render. */
export const NO_CONTEXT_HISTORY: ContextHistory = { current: null, previous: null };

/** The history after a render. */
export function nextContextHistory(h: ContextHistory, context: string): ContextHistory {
  if (h.current === context) return h;
  return { current: context, previous: h.current };
}
