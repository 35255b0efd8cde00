/**
 * Renderer entry: connect to the main side, build the store, render the app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectApi } from './api/connect';
import type { ConnectionState } from './api/connection-state';
import { bindAddress, windowAddressPlace } from './address-link';
import { App } from './app';
import { detectLanguage } from './i18n/translate';
import { installLinkGuard } from './link-guard';
import { bindStoreToApi, createAppStore, refreshStore } from './store/create-store';
import { keepDraftsAcrossReloads } from './store/draft-keep';
import { StoreContext } from './store/store-context';
import './theme/app.css';
import { loadPreferences, savePreferences } from './ui-preferences';
import { loadViewPreferences, saveViewPreferences } from './view-preferences';

// Before anything renders: no link in workspace text may take the page elsewhere.
installLinkGuard(window);

const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();
const prefs = loadPreferences(storage);
// The transport reports its state before the store exists; remember it until then.
let connection: ConnectionState = 'connecting';
let onConnection = (state: ConnectionState): void => {
  connection = state;
};
const api = connectApi((state) => onConnection(state));
const store = createAppStore(
  api,
  {
    systemLanguage: detectLanguage(navigator.languages),
    languageChoice: prefs.language,
    theme: prefs.theme,
  },
  loadViewPreferences(storage),
);
let lost = false;
onConnection = (state) => {
  store.getState().setConnection(state);
  if (state === 'closed') lost = true;
  if (state === 'open' && lost) {
    lost = false;
    void refreshStore(store, api);
  }
};
store.getState().setConnection(connection);
bindStoreToApi(store, api);
// An unsaved override draft survives a reload: kept in this browser storage, never the home.
keepDraftsAcrossReloads(store, storage);
store.subscribe((s, prev) => {
  if (s.languageChoice !== prev.languageChoice || s.theme !== prev.theme) {
    savePreferences(storage, { language: s.languageChoice, theme: s.theme });
  }
  if (s.view.sorts !== prev.view.sorts || s.view.splits !== prev.view.splits)
    saveViewPreferences(storage, s.view);
});
// The address names the view and a link opens one.
bindAddress(store, windowAddressPlace());

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>
  </StrictMode>,
);
