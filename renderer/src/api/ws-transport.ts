/**
 * The InspectorApi transport in a browser: the WebSocket of `serve`, with the token from the
 * page URL. Calls made while (re)connecting wait; a dropped connection fails pending calls as
 * values and reconnects with back-off.
 */
import type { ApiResult, ApiTransport, EventName, ServerMessage } from '../../../shared/api';
import { TOKEN_PARAM, WS_PATH, fail } from '../../../shared/api';
import type { ConnectionState } from './connection-state';

interface Pending {
  readonly resolve: (result: ApiResult<unknown>) => void;
}

export type { ConnectionState };

/** Options of the WebSocket transport. */
export interface WsTransportOptions {
  /** Page location; default `window.location`. */
  readonly location?: Pick<Location, 'host' | 'search' | 'protocol'>;
  readonly onStateChange?: (state: ConnectionState) => void;
}

/** The WebSocket URL for the page's own server and token. */
export function socketUrl(location: Pick<Location, 'host' | 'search' | 'protocol'>): string {
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM) ?? '';
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/** Creates the transport and starts connecting. */
export function createWsTransport(options: WsTransportOptions = {}): ApiTransport {
  const url = socketUrl(options.location ?? window.location);
  const pending = new Map<number, Pending>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const queue: string[] = [];
  let socket: WebSocket | null = null;
  let nextId = 1;
  let delay = 250;

  function connect(): void {
    options.onStateChange?.('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      delay = 250;
      options.onStateChange?.('open');
      for (const message of queue.splice(0)) ws.send(message);
    };
    ws.onmessage = (e: MessageEvent<string>) => receive(e.data);
    ws.onclose = () => {
      socket = null;
      options.onStateChange?.('closed');
      for (const [id, call] of pending) {
        pending.delete(id);
        call.resolve(fail('internal', 'the connection to the inspector closed'));
      }
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
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
