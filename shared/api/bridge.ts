/**
 * What the Electron preload exposes on `window.eckInspector`: two narrow functions, never
 * `ipcRenderer` itself (docs/design.md §Style, VS Code's sandboxed preload).
 */
import type { ApiResult } from './errors';

/** IPC channel of method calls (`ipcMain.handle`). */
export const IPC_INVOKE_CHANNEL = 'eck-inspector:invoke';

/** IPC channel the main side pushes events on; the payload is `{ event, payload }`. */
export const IPC_EVENT_CHANNEL = 'eck-inspector:event';

/** The preload's bridge object. */
export interface PreloadBridge {
  invoke(method: string, input: unknown): Promise<ApiResult<unknown>>;
  /** Subscribes to one pushed event; returns the unsubscribe function. */
  on(event: string, listener: (payload: unknown) => void): () => void;
}

/** A pushed event on the wire (IPC and WebSocket alike). */
export interface EventMessage {
  readonly event: string;
  readonly payload: unknown;
}
