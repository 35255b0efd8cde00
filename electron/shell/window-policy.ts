/**
 * Which pages are the app's own: the origin main.ts loads the renderer from, the
 * only one allowed to navigate the window and to call over IPC.
 *
 * External links: the app links to no web host, so none leaves for the system browser and
 * main.ts never calls `shell.openExternal` (Electronegativity's OPEN_EXTERNAL_JS_CHECK). A
 * future link belongs in an allow-list of https hosts here, checked before the call.
 */

/** The renderer's scheme: a privileged custom one (main.ts registers it). */
export const APP_SCHEME = 'app';

/** The renderer's origin. */
export const APP_ORIGIN = `${APP_SCHEME}://inspector`;

/** `true` for a URL of the app's own page (main frame navigations and IPC senders). */
export function isAppUrl(url: string): boolean {
  return url.startsWith(`${APP_ORIGIN}/`);
}
