/**
 * Pushed events capped as answers are (issue 21): `onDidRender` carries a whole render to every
 * window and every serve client, so it leaves through `capRenderResult` like `getLastRender`.
 */
import type { EventName, EventPayloads, RenderResult } from '../../shared/api';
import { capRenderResult } from './render-caps';

/** Sends one typed event. */
type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

/** The payload as it may be sent. */
export function capPushedPayload<E extends EventName>(event: E, payload: EventPayloads[E]): EventPayloads[E] {
  if (event !== 'onDidRender') return payload;
  // `event` is 'onDidRender', so both payload types are RenderResult; TS cannot narrow E itself.
  return capRenderResult(payload as RenderResult) as EventPayloads[E];
}

/** `emit` with every payload capped. */
export function capPushedEvents(emit: Emit): Emit {
  return (event, payload) => emit(event, capPushedPayload(event, payload));
}
