/**
 * Builds the bound store from its slices, and wires the API's pushed events into it.
 */
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { InspectorApi } from '../../../shared/api';
import type { AppState } from './app-state';
import { createClaudeProjectSlice } from './claude-project-slice';
import { createFocusSlice } from './focus-slice';
import { createManifestDraftSlice } from './manifest-draft-slice';
import { createDraftKeepSlice } from './draft-keep-slice';
import { createRenderSlice } from './render-slice';
import { createScenarioSlice } from './scenario-slice';
import type { UiDefaults } from './ui-slice';
import { createUiSlice } from './ui-slice';
import { createVerifySlice } from './verify-slice';
import type { ViewPreferences } from './view-slice';
import { createViewSlice } from './view-slice';
import { createWorkspaceSlice } from './workspace-slice';

/** The store type components read through `useApp`. */
export type AppStore = StoreApi<AppState>;

/** Creates the store over an API. */
export function createAppStore(
  api: InspectorApi,
  defaults: UiDefaults,
  viewPrefs: ViewPreferences = { sorts: {}, splits: {} },
): AppStore {
  const ui = createUiSlice(defaults)(api);
  const workspace = createWorkspaceSlice(api);
  const scenario = createScenarioSlice(api);
  const render = createRenderSlice(api);
  const draft = createManifestDraftSlice(api);
  const claude = createClaudeProjectSlice(api);
  const verify = createVerifySlice(api);
  const focus = createFocusSlice(api);
  const draftKeep = createDraftKeepSlice(api);
  const view = createViewSlice(viewPrefs)(api);
  return createStore<AppState>()((...a) => ({
    ...workspace(...a),
    ...scenario(...a),
    ...render(...a),
    ...ui(...a),
    ...draft(...a),
    ...claude(...a),
    ...verify(...a),
    ...focus(...a),
    ...draftKeep(...a),
    ...view(...a),
  }));
}

/**
 * Loads the workspace, the last render and an open Claude Code project from the main side: at
 * start, and again after a reconnect, since events sent while disconnected are lost.
 */
export async function refreshStore(store: AppStore, api: InspectorApi): Promise<void> {
  const info = await api.getWorkspace();
  if (info.ok) store.getState().setWorkspace(info.value);
  else store.getState().pushError(info.error);
  await store.getState().verify.check();
  const last = await api.getLastRender();
  if (last.ok && last.value !== null) store.getState().applyRender(last.value);
  await store.getState().claude.restore();
}

/**
 * Subscribes the store to the API's events and loads the initial state. Returns the
 * unsubscribe function (tests and hot reload call it).
 */
export function bindStoreToApi(store: AppStore, api: InspectorApi): () => void {
  const s = (): AppState => store.getState();
  const offs = [
    api.onDidRender((result) => s().applyRender(result)),
    api.onDidChangeOnDisk((change) => s().applyDiskChange(change)),
    api.onDidError((error) => s().pushError(error)),
    api.onDidChangeWorkspace((info) => {
      s().setWorkspace(info);
      // Another package root: Verify is there or not, and the last answer was about the old one.
      void s().verify.check();
    }),
    api.onDidAssembleClaudeMd((assembly) => s().claude.received(assembly)),
    api.onDidInvokeMenu((command) => {
      switch (command.kind) {
        case 'show-panel':
          s().setTab(command.panel);
          break;
        case 'set-language':
          s().setLanguage(command.language);
          break;
        case 'set-theme':
          s().setTheme(command.theme);
          break;
        case 'copy-link':
          s().view.requestCopyLink();
          break;
      }
    }),
  ];
  void refreshStore(store, api);
  return () => {
    for (const off of offs) off();
  };
}
