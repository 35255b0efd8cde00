/**
 * The Vars tab's request state (pending, last round trip) as a tiny external store. Kept out of
 * React state on purpose: every keystroke flips `pending` twice, and as panel state that
 * re-rendered the whole tab twice per keystroke (a keystroke re-renders within one
 * frame). Only the status line and the JSON view's sync subscribe to it.
 */
import { useSyncExternalStore } from 'react';

/** A snapshot of the request state. */
export interface RenderTiming {
  /** `true` from sending an edit until its render has arrived. */
  readonly pending: boolean;
  /** Wall time of the last request until its answer, in ms (`null` before the first). */
  readonly roundTripMs: number | null;
}

/** The store. */
export interface RenderTimingStore {
  get(): RenderTiming;
  set(next: RenderTiming): void;
  subscribe(listener: () => void): () => void;
}

/** A new store, idle. */
export function createRenderTimingStore(): RenderTimingStore {
  let current: RenderTiming = { pending: false, roundTripMs: null };
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      if (next.pending === current.pending && next.roundTripMs === current.roundTripMs) return;
      current = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's current state, re-rendering the caller when it changes. */
export function useRenderTiming(store: RenderTimingStore): RenderTiming {
  return useSyncExternalStore(store.subscribe, store.get);
}
