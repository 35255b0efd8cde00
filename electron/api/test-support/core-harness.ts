/**
 * The inspector core in a temp folder, for tests that drive it through its dispatcher as both
 * transports do. `useCoreHarness()` (called at the top of a test file) registers the cleanup
 * with vitest: after each test the core is closed, the temp folder removed and the settings
 * folder (pointed into the temp folder, so no test writes the user's) unset.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { ApiResult, EventName } from '../../../shared/api';
import type { CoreOptions, InspectorCore } from '../inspector-core';
import { startInspectorCore } from '../inspector-core';
import { APP_ROOT, copyAppWorkspace } from '../../workspace/test-support/app-workspace-copy';

/** One pushed event as the hub sent it. */
export interface SeenEvent {
  readonly event: EventName;
  readonly payload: unknown;
}

/** What a test file gets from `useCoreHarness`. */
export interface CoreHarness {
  /** A new temp folder for this test; the settings folder goes inside it. */
  tempRoot(prefix: string): string;
  /** A copy of the app's kit and demo home in a new temp folder. */
  appWorkspace(prefix: string): {
    readonly root: string;
    readonly home: string;
    readonly packageRoot: string;
  };
  /** Starts the core (the app's root, no log, no watcher unless asked); its events are recorded. */
  start(options: Omit<CoreOptions, 'appRoot'> & { readonly appRoot?: string }): Promise<InspectorCore>;
  /** The started core. */
  readonly core: InspectorCore;
  /** Every event pushed since `start`. */
  readonly events: SeenEvent[];
  /** Calls a method; an error answer throws, naming the method and the code. */
  call<T>(method: string, input?: unknown): Promise<T>;
}

export function useCoreHarness(): CoreHarness {
  let core: InspectorCore | null = null;
  let tmp = '';
  const events: SeenEvent[] = [];
  afterEach(async () => {
    await core?.close();
    core = null;
    events.length = 0;
    if (tmp !== '') fs.rmSync(tmp, { recursive: true, force: true });
    tmp = '';
    delete process.env['ECK_INSPECTOR_SETTINGS_DIR'];
  });
  const useRoot = (root: string): string => {
    tmp = root;
    process.env['ECK_INSPECTOR_SETTINGS_DIR'] = path.join(root, 'settings');
    return root;
  };
  const harness: CoreHarness = {
    tempRoot: (prefix) => useRoot(fs.mkdtempSync(path.join(os.tmpdir(), prefix))),
    appWorkspace(prefix) {
      const copy = copyAppWorkspace(prefix);
      useRoot(copy.root);
      return copy;
    },
    async start(options) {
      core = await startInspectorCore({ appRoot: APP_ROOT, watch: false, log: () => undefined, ...options });
      core.hub.subscribe((event, payload) => events.push({ event, payload }));
      return core;
    },
    get core(): InspectorCore {
      if (core === null) throw new Error('the core is not started');
      return core;
    },
    events,
    async call<T>(method: string, input?: unknown): Promise<T> {
      const r = (await harness.core.dispatch(method, input)) as ApiResult<T>;
      if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
      return r.value;
    },
  };
  return harness;
}
