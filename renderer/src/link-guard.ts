/**
 * The page leaves for no link and opens no window. Electron refuses both in the
 * main process (main.ts: `will-navigate`, `setWindowOpenHandler`); a browser tab in `serve`
 * mode has no such hook, so the page guards itself: a click on a link that would load another
 * page, or open one in a new window, is cancelled, and `window.open` opens nothing. The app
 * links to no web host, so only a link the workspace's text planted could be refused.
 */

/** A node on an event's path, as much of it as the guard reads. */
interface PathNode {
  readonly tagName?: string;
  getAttribute?(name: string): string | null;
}

/** The part of a DOM event the guard reads. */
export interface GuardedEvent {
  composedPath(): readonly unknown[];
  preventDefault(): void;
}

/** The part of `window` the guard uses (a fake in tests). */
export interface GuardedWindow {
  readonly location: { readonly href: string };
  readonly document: {
    addEventListener(
      type: 'click' | 'auxclick',
      listener: (event: GuardedEvent) => void,
      capture: boolean,
    ): void;
  };
  open: (url?: string | URL) => unknown;
}

/** `true` when following `href` from `page` would load a document: anything but a same-page `#…`. */
export function leavesPage(href: string, page: string): boolean {
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    return true;
  }
  const here = new URL(page);
  return url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search;
}

/** The link an event went through (`<a>` or `<area>` with an href), if any. */
function linkOn(event: GuardedEvent): { href: string; target: string } | null {
  for (const node of event.composedPath() as readonly PathNode[]) {
    const tag = typeof node.tagName === 'string' ? node.tagName.toUpperCase() : '';
    if ((tag === 'A' || tag === 'AREA') && typeof node.getAttribute === 'function') {
      const href = node.getAttribute('href');
      if (href !== null) return { href, target: node.getAttribute('target') ?? '' };
    }
  }
  return null;
}

/** `true` when the click on this event's link must be cancelled. */
export function refusesClick(event: GuardedEvent, page: string): boolean {
  const link = linkOn(event);
  if (link === null) return false;
  const newWindow = link.target !== '' && link.target.toLowerCase() !== '_self';
  return newWindow || leavesPage(link.href, page);
}

/** Installs the guard on the page (once, at start). */
export function installLinkGuard(win: GuardedWindow): void {
  const onClick = (event: GuardedEvent): void => {
    if (refusesClick(event, win.location.href)) event.preventDefault();
  };
  // Capture phase: before any handler of the app or of Monaco sees the click.
  win.document.addEventListener('click', onClick, true);
  win.document.addEventListener('auxclick', onClick, true);
  win.open = (url?: string | URL): null => {
    console.warn(`eck-inspector: refused to open a window for ${String(url ?? '')}`);
    return null;
  };
}
