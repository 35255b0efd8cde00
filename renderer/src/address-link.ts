/**
 * The address bar as a link to the view: on start and on every `hashchange` the
 * hash is opened as a link (its tab, preset, snapshot, section); as the operator moves, the
 * hash is rewritten to name what is shown, in place (`replaceState`: moving around adds no
 * history entries). File ▸ Copy link copies the same link. Only the hash is touched: the query,
 * where `serve`'s token once arrived, is left to api/session-token.ts and never copied.
 */
import type { AppState } from './store/app-state';
import type { AppStore } from './store/create-store';
import { presetScenarioFor } from '../../shared/scenarios/presets';
import type { ViewLink } from './store/view-link';
import { formatViewLink, linkUrl, parseViewLink } from './store/view-link';
import { currentLink } from './store/view-slice';

/** What the binding reads and writes; `window`'s in the app, a fake in tests. */
export interface AddressPlace {
  readonly location: Pick<Location, 'hash' | 'href' | 'pathname' | 'search'>;
  readonly history: Pick<History, 'replaceState' | 'state'>;
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
  /** Writes the copied link; absent where the page has no clipboard. */
  readonly copyText: ((text: string) => Promise<void>) | null;
}

/** The address of the view the store shows now. */
export function addressOf(s: AppState): string {
  return formatViewLink(currentLink(s));
}

/** Switches to a link's preset (and agent) unless the scenario already is that. */
function applyPreset(store: AppStore, link: ViewLink): boolean {
  if (link.tab === 'history' || link.preset === null) return true;
  const s = store.getState();
  if (s.scenario === null) return false; // not loaded yet: once it is
  const aid = s.scenario.vars['selfAid'];
  const sameAgent = link.agent === null || aid === link.agent;
  if (s.scenario.presetId !== link.preset || !sameAgent)
    void s.applyScenario(presetScenarioFor(link.preset, link.agent));
  return true;
}

/** Binds the store to the address; returns the unbinding. */
export function bindAddress(store: AppStore, place: AddressPlace): () => void {
  let presetFor: ViewLink | null = null;
  const open = (hash: string): void => {
    const link = parseViewLink(hash);
    if (link === null) return;
    store.getState().view.openLink(link);
    presetFor = applyPreset(store, link) ? null : link;
  };
  const write = (s: AppState): void => {
    // A link being opened has not reached its panel yet: the address keeps naming it.
    if (s.view.pending !== null) return;
    const hash = addressOf(s);
    if (hash === place.location.hash) return;
    place.history.replaceState(
      place.history.state,
      '',
      `${place.location.pathname}${place.location.search}${hash}`,
    );
  };
  const onHash = (): void => {
    if (place.location.hash !== addressOf(store.getState())) open(place.location.hash);
  };
  open(place.location.hash);
  place.addEventListener('hashchange', onHash);
  const off = store.subscribe((s, prev) => {
    if (presetFor !== null && s.scenario !== null && prev.scenario === null) {
      const link = presetFor;
      presetFor = null;
      applyPreset(store, link);
    }
    if (s.tab !== prev.tab || s.view !== prev.view || s.scenario !== prev.scenario) write(s);
    if (s.view.copyRequest !== prev.view.copyRequest && place.copyText !== null)
      void place.copyText(linkUrl(place.location.href, currentLink(s))).catch(() => undefined);
  });
  write(store.getState());
  return () => {
    off();
    place.removeEventListener('hashchange', onHash);
  };
}

/** This window as an address place. */
export function windowAddressPlace(): AddressPlace {
  return {
    location: window.location,
    history: window.history,
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
    copyText: navigator.clipboard === undefined ? null : (text) => navigator.clipboard.writeText(text),
  };
}
