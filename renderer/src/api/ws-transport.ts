/**
 * The InspectorApi transport in a browser: the WebSocket of `serve`, opened with the session
 * token as a subprotocol (never in a URL or a cookie). Calls made while
 * (re)connecting wait; a dropped connection fails pending calls as values and reconnects with
 * back-off; a refused token stops the attempts and says so.
 */
import type { ApiResult, ApiTransport, EventName, ServerMessage } from '../../../shared/api';
import { HTTP_API_PREFIX, WS_PATH, WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX, fail } from '../../../shared/api';
import type { ConnectionState } from './connection-state';

interface Pending {
  readonly resolve: (result: ApiResult<unknown>) => void;
}

export type { ConnectionState };

/** Options of the WebSocket transport. */
export interface WsTransportOptions {
  /** The session token (see session-token.ts); `null` when the page has none. */
  readonly token: string | null;
  /** Page location; default `window.location`. */
  readonly location?: Pick<Location, 'host' | 'protocol'>;
  readonly onStateChange?: (state: ConnectionState) => void;
}

/** The WebSocket URL of the page's own server; it carries no token. */
export function socketUrl(location: Pick<Location, 'host' | 'protocol'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}`;
}

/** What a token of `serve` looks like (base64url); anything else (an edited URL) cannot be one. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,256}$/;

/** The subprotocols the page offers: ours, and the one carrying the token. */
export function socketProtocols(token: string): string[] {
  return [WS_PROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${token}`];
}

/**
 * `true` when the server refuses `token` (401). A failed upgrade hides its status from the page,
 * so this asks over HTTP: the guard answers before any method runs, and only a 401 counts (the
 * server being down is a reason to retry, not to give up).
 */
async function tokenRefused(location: Pick<Location, 'host' | 'protocol'>, token: string): Promise<boolean> {
  try {
    const r = await fetch(`${location.protocol}//${location.host}${HTTP_API_PREFIX}`, {
      headers: { authorization: `Bearer ${token}` },
      credentials: 'omit',
      cache: 'no-store',
    });
    return r.status === 401;
  } catch {
    return false;
  }
}

/** Creates the transport and starts connecting. */
export function createWsTransport(options: WsTransportOptions): ApiTransport {
  const location = options.location ?? window.location;
  const url = socketUrl(location);
  const token = options.token;
  const pending = new Map<number, Pending>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const queue: string[] = [];
  let socket: WebSocket | null = null;
  let refused = false;
  let nextId = 1;
  let delay = 250;

  function failPending(message: string): void {
    for (const [id, call] of pending) {
      pending.delete(id);
      call.resolve(fail('internal', message));
    }
  }

  function refuse(): void {
    refused = true;
    socket = null;
    queue.length = 0;
    options.onStateChange?.('unauthorized');
    failPending('serve refused this page: open the URL it printed (with ?token=…)');
  }

  function connect(): void {
    // A token of another shape would not even make a valid subprotocol or header.
    if (token === null || !TOKEN_SHAPE.test(token)) {
      refuse();
      return;
    }
    options.onStateChange?.('connecting');
    const ws = new WebSocket(url, socketProtocols(token));
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      delay = 250;
      options.onStateChange?.('open');
      for (const message of queue.splice(0)) ws.send(message);
    };
    ws.onmessage = (e: MessageEvent<string>) => receive(e.data);
    ws.onclose = () => {
      socket = null;
      options.onStateChange?.('closed');
      failPending('the connection to the inspector closed');
      const retry = (): void => {
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 5000);
      };
      // Refused before it ever opened: maybe the token (one of an earlier run of `serve`).
      if (opened) retry();
      else void tokenRefused(location, token).then((refusedNow) => (refusedNow ? refuse() : retry()));
    };
  }

  function receive(data: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'event') {
      for (const listener of listeners.get(message.event as EventName) ?? []) listener(message.payload);
      return;
    }
    if (message.id === null) return;
    const call = pending.get(message.id);
    pending.delete(message.id);
    call?.resolve(message.result);
  }

  connect();
  return {
    invoke(method, input) {
      const id = nextId++;
      const text = JSON.stringify({ type: 'invoke', id, method, input });
      return new Promise((resolve) => {
        if (refused) {
          resolve(fail('internal', 'serve refused this page: open the URL it printed (with ?token=…)'));
          return;
        }
        pending.set(id, { resolve });
        if (socket !== null && socket.readyState === WebSocket.OPEN) socket.send(text);
        else queue.push(text);
      });
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (set === undefined) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}
