/**
 * The InspectorApi transport inside Electron: the preload's narrow bridge on
 * `window.eckInspector`.
 */
import type { ApiTransport, PreloadBridge } from '../../../shared/api';

/** The preload bridge, when running inside the Electron window. */
export function preloadBridge(): PreloadBridge | null {
  const bridge = (window as { eckInspector?: PreloadBridge }).eckInspector;
  return bridge ?? null;
}

/** A transport over the preload bridge. */
export function createIpcTransport(bridge: PreloadBridge): ApiTransport {
  return {
    invoke: (method, input) => bridge.invoke(method, input),
    on: (event, listener) => bridge.on(event, listener),
  };
}
