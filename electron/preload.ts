/**
 * Preload of the sandboxed window: exposes two narrow functions on `window.eckInspector`,
 * never `ipcRenderer` itself (docs/design.md §Style, VS Code's preload).
 *
 * Reviewed for Electronegativity's PRELOAD_JS_CHECK: the window runs with
 * `contextIsolation`, `sandbox` and no Node, so this is the page's only way out, and it stays
 * small on purpose:
 * - `invoke` reaches exactly one channel, with a method name checked here (a short string) and
 *   the input passed as data; it always resolves to an `ApiResult`; the main side checks the sender's frame and parses every input
 *   with its schema before any handler runs (electron/api/dispatch.ts).
 * - `on` registers a function for one event name; the page never sees the IPC event object
 *   (which would hand it `sender`), only the payload, and only for messages of the expected shape.
 * - Nothing else is exposed: no channel names, no `send`, no `ipcRenderer`, no Node module.
 *
 * A sandboxed preload can require only `electron`, so this file imports nothing else at run
 * time: the channel names are repeated here, and preload-channels.test.ts keeps them equal to
 * shared/api/bridge.ts.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { PreloadBridge } from '../shared/api/bridge';
import type { ApiResult } from '../shared/api/errors';

const INVOKE_CHANNEL = 'eck-inspector:invoke';
const EVENT_CHANNEL = 'eck-inspector:event';

/** Longest method or event name accepted (the longest real one is ~20 characters). */
const MAX_NAME = 100;

function isName(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_NAME;
}

const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(EVENT_CHANNEL, (_event, message: unknown) => {
  if (typeof message !== 'object' || message === null) return;
  const { event, payload } = message as { event?: unknown; payload?: unknown };
  if (!isName(event)) return;
  for (const listener of listeners.get(event) ?? []) listener(payload);
});

const bridge: PreloadBridge = {
  invoke(method, input) {
    if (!isName(method)) {
      const refused: ApiResult<unknown> = {
        ok: false,
        error: { code: 'invalid-message', message: 'the method name must be a short string' },
      };
      return Promise.resolve(refused);
    }
    // An input or answer IPC cannot clone (too deep, a function) rejects: make it an error value,
    // as serve does, so a caller always gets an ApiResult.
    return (ipcRenderer.invoke(INVOKE_CHANNEL, method, input) as Promise<ApiResult<unknown>>).catch(
      (error: unknown): ApiResult<unknown> => ({
        ok: false,
        error: {
          code: 'internal',
          message: `${method}: the call could not cross IPC (${error instanceof Error ? error.message : String(error)})`,
        },
      }),
    );
  },
  on(event, listener) {
    if (!isName(event) || typeof listener !== 'function') {
      throw new TypeError('on(event, listener): a short event name and a function');
    }
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
