/**
 * Pushed events capped as answers are: `onDidRender` carries a whole render to every
 * window and every serve client, so it leaves through `capRenderResult` like `getLastRender`;
 * `onDidAssembleClaudeMd` through `capClaudeAssembly` like `getClaudeProject`.
 */
import type { ClaudeAssembly, EventName, EventPayloads, RenderResult } from '../../shared/api';
import { capClaudeAssembly } from '../claude-md/claude-assembly-caps';
import { capRenderResult } from './render-caps';

/** Sends one typed event. */
type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

/** The payload as it may be sent. */
export function capPushedPayload<E extends EventName>(event: E, payload: EventPayloads[E]): EventPayloads[E] {
  // TS cannot narrow the type parameter E from `event`: the casts restate what the check proved.
  if (event === 'onDidRender') return capRenderResult(payload as RenderResult) as EventPayloads[E];
  if (event === 'onDidAssembleClaudeMd')
    return capClaudeAssembly(payload as ClaudeAssembly) as EventPayloads[E];
  return payload;
}

/** `emit` with every payload capped. */
export function capPushedEvents(emit: Emit): Emit {
  return (event, payload) => emit(event, capPushedPayload(event, payload));
}
