/**
 * Picks the transport: the preload bridge inside Electron, else the WebSocket of `serve` with
 * the tab's session token. The rest of the renderer only ever sees the resulting InspectorApi.
 */
import type { InspectorApi } from '../../../shared/api';
import { createInspectorApi } from '../../../shared/api';
import { createIpcTransport, preloadBridge } from './ipc-transport';
import type { ConnectionState } from './connection-state';
import { takeSessionToken, windowTokenPlace } from './session-token';
import { createWsTransport } from './ws-transport';

/** Connects to the main side. */
export function connectApi(onStateChange?: (state: ConnectionState) => void): InspectorApi {
  const bridge = preloadBridge();
  if (bridge !== null) {
    onStateChange?.('open');
    return createInspectorApi(createIpcTransport(bridge));
  }
  const token = takeSessionToken(windowTokenPlace());
  return createInspectorApi(
    createWsTransport(onStateChange === undefined ? { token } : { token, onStateChange }),
  );
}
