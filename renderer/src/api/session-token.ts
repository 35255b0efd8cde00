/**
 * The session token of `serve`, in the page. It arrives once, in the URL `serve`
 * printed (`/?token=…`); the page keeps it in this tab's sessionStorage, so a reload of the tab
 * keeps working, and removes it from the address bar, so it is in no history entry, bookmark,
 * copied link or Referer. It is never a cookie: cookies ignore ports, and would reach every
 * other server on 127.0.0.1 the browser visits. sessionStorage is per origin (port included)
 * and per tab: a new tab needs the printed URL again.
 */
import { TOKEN_PARAM } from '../../../shared/api';

const KEY = 'eck-inspector.token';

/** What the token is read from and kept in; `window`'s by default. */
export interface TokenPlace {
  readonly location: Pick<Location, 'href'>;
  readonly history: Pick<History, 'replaceState' | 'state'>;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** The token the page took at start, for the calls made over plain HTTP (a download). */
let pageToken: string | null = null;

/** The token this page connected with (`null` before `takeSessionToken`, or without one). */
export function sessionTokenOfPage(): string | null {
  return pageToken;
}

/** The token of this tab, or `null` when neither the URL nor the tab has one. */
export function takeSessionToken(place: TokenPlace): string | null {
  pageToken = readSessionToken(place);
  return pageToken;
}

function readSessionToken(place: TokenPlace): string | null {
  const url = new URL(place.location.href);
  const fromUrl = url.searchParams.get(TOKEN_PARAM);
  if (fromUrl !== null) {
    url.searchParams.delete(TOKEN_PARAM);
    place.history.replaceState(place.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  // A token in the URL wins: `serve` restarted on the same port prints a new one for this tab.
  if (fromUrl !== null && fromUrl !== '') {
    try {
      place.storage?.setItem(KEY, fromUrl);
    } catch {
      // Storage disabled or full: the token lasts until the tab reloads.
    }
    return fromUrl;
  }
  try {
    return place.storage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** This window's place, with sessionStorage when the browser allows it. */
export function windowTokenPlace(): TokenPlace {
  let storage: Storage | null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage disabled (a privacy setting): the token lasts until the tab reloads.
    storage = null;
  }
  return { location: window.location, history: window.history, storage };
}
