/**
 * Fan-out of pushed events from the services to every connected client (the Electron window,
 * each WebSocket of `serve`).
 */
import type { EventName, EventPayloads } from '../../shared/api';

/** Sends one typed event. */
export type EmitFn = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

/** A listener of every event, as a transport needs it. */
export type AnyEventListener = (event: EventName, payload: unknown) => void;

/** Publishes events to subscribers; a failing subscriber never stops the others. */
export interface EventHub {
  readonly emit: EmitFn;
  subscribe(listener: AnyEventListener): () => void;
}

/** Creates an event hub. */
export function createEventHub(onListenerError?: (error: unknown) => void): EventHub {
  const listeners = new Set<AnyEventListener>();
  return {
    emit(event, payload) {
      for (const listener of [...listeners]) {
        try {
          listener(event, payload);
        } catch (error) {
          // A closed socket or destroyed window must not take the others down.
          onListenerError?.(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
