/**
 * The InspectorApi object the renderer uses, built from any transport (IPC or WebSocket).
 *
 * The renderer never knows which transport it has (docs/design.md §Shape): both implement
 * `ApiTransport`, and `createInspectorApi` turns either into the same typed object.
 */
import type { ApiResult } from './errors';
import type { EventName, EventPayloads } from './pushed-events';
import { EVENT_NAMES } from './pushed-events';
import type { MethodInput, MethodName, MethodOutput } from './methods';
import { METHOD_NAMES } from './methods';

/** Stops a subscription. */
export type Unsubscribe = () => void;

/** The two primitives a transport provides. */
export interface ApiTransport {
  /** Calls a method; resolves to a result value, never rejects for API errors. */
  invoke(method: MethodName, input: unknown): Promise<ApiResult<unknown>>;
  /** Subscribes to a pushed event. */
  on(event: EventName, listener: (payload: unknown) => void): Unsubscribe;
}

/** The input argument: optional only for a method whose schema accepts nothing. */
export type InputArgs<M extends MethodName> =
  undefined extends MethodInput<M> ? [input?: MethodInput<M>] : [input: MethodInput<M>];

/** Every method as a typed function returning a result. */
export type InspectorMethods = {
  readonly [M in MethodName]: (...input: InputArgs<M>) => Promise<ApiResult<MethodOutput<M>>>;
};

/** Every pushed event as a typed subscription function. */
export type InspectorEvents = {
  readonly [E in EventName]: (listener: (payload: EventPayloads[E]) => void) => Unsubscribe;
};

/** The whole contract: methods plus pushed events. */
export type InspectorApi = InspectorMethods & InspectorEvents;

/** Builds the typed API over a transport. */
export function createInspectorApi(transport: ApiTransport): InspectorApi {
  const api: Record<string, unknown> = {};
  for (const method of METHOD_NAMES) {
    api[method] = (input?: unknown) => transport.invoke(method, input);
  }
  for (const event of EVENT_NAMES) {
    api[event] = (listener: (payload: unknown) => void) => transport.on(event, listener);
  }
  // The loops above fill exactly the keys of InspectorApi; the cast records that fact.
  return api as InspectorApi;
}
