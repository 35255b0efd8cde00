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

/**
 * Query parameter that carries the session token of `serve`: in the page URL it prints (read
 * once by the page, then removed from the address bar), and for tools calling the API.
 */
export const TOKEN_PARAM = 'token';

/**
 * WebSocket subprotocol of `serve`, the one the server answers with. The browser page offers it
 * together with `WS_TOKEN_PROTOCOL_PREFIX + token`: a WebSocket cannot carry an Authorization
 * header, and this keeps the token out of every URL (logs, history) and out of cookies.
 */
export const WS_PROTOCOL = 'eck-inspector';

/** Prefix of the subprotocol that carries the token (base64url fits a header token as is). */
export const WS_TOKEN_PROTOCOL_PREFIX = 'eck-token.';

/** Path of the WebSocket endpoint of `serve`. */
export const WS_PATH = '/ws';

/** Prefix of the HTTP endpoint of `serve`: `POST /api/<method>` with the input as JSON body. */
export const HTTP_API_PREFIX = '/api/';
