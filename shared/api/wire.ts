/**
 * Messages of the WebSocket transport of `serve` (and, for events, of IPC): the renderer
 * sends `invoke`, the server answers `result` with the same id and pushes `event`.
 */
import { z } from 'zod';
import type { ApiResult } from './errors';

/** A call from the client; `id` pairs it with its result. */
export const invokeMessageSchema = z.strictObject({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  method: z.string().min(1).max(100),
  input: z.unknown().optional(),
});

/** A call from the client. */
export type InvokeMessage = z.infer<typeof invokeMessageSchema>;

/** The answer to one call. `id` is `null` when the message could not be read at all. */
export interface ResultMessage {
  readonly type: 'result';
  readonly id: number | null;
  readonly result: ApiResult<unknown>;
}

/** A pushed event. */
export interface PushMessage {
  readonly type: 'event';
  readonly event: string;
  readonly payload: unknown;
}

/** Anything the server sends. */
export type ServerMessage = ResultMessage | PushMessage;

/** Query parameter (page URL and WebSocket URL) that carries the session token of `serve`. */
export const TOKEN_PARAM = 'token';

/** Path of the WebSocket endpoint of `serve`. */
export const WS_PATH = '/ws';

/** Prefix of the HTTP endpoint of `serve`: `POST /api/<method>` with the input as JSON body. */
export const HTTP_API_PREFIX = '/api/';
