/**
 * Preload of the sandboxed window: exposes two narrow functions on `window.eckInspector`,
 * never `ipcRenderer` itself (STYLE.md, VS Code's preload).
 *
 * A sandboxed preload can require only `electron`, so this file imports nothing else at run
 * time: the channel names are repeated here, and preload-channels.test.ts keeps them equal to
 * shared/api/bridge.ts.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { EventMessage, PreloadBridge } from '../shared/api/bridge';

const INVOKE_CHANNEL = 'eck-inspector:invoke';
const EVENT_CHANNEL = 'eck-inspector:event';

const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(EVENT_CHANNEL, (_event, message: EventMessage) => {
  for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
});

const bridge: PreloadBridge = {
  invoke: (method, input) => ipcRenderer.invoke(INVOKE_CHANNEL, method, input),
  on(event, listener) {
    let set = listeners.get(event);
    if (set === undefined) {
      set = new Set();
      listeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  },
};

contextBridge.exposeInMainWorld('eckInspector', bridge);
