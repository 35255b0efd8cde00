/**
 * The security settings of the app's window, kept out of main.ts so they can be read and tested
 * on their own (issue 14, Electronegativity's findings): web preferences, which navigations are
 * the app's own, and which links may leave for the system browser.
 */

/** The renderer's origin: a privileged custom scheme (main.ts registers it). */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://inspector`;

/**
 * https hosts the app itself links to, the only URLs handed to `shell.openExternal`. The UI
 * links to none today, so nothing leaves: a page that managed to run script could otherwise
 * open any URL (or a `file:`/custom-scheme handler) through the OS.
 */
export const EXTERNAL_LINK_HOSTS: readonly string[] = [];

/** `true` for a URL of the app's own page (main frame navigations and IPC senders). */
export function isAppUrl(url: string): boolean {
  return url.startsWith(`${APP_ORIGIN}/`);
}

/** `true` when `url` may be opened in the system browser: https, a host of the allow-list. */
export function isAllowedExternal(url: string, hosts: readonly string[] = EXTERNAL_LINK_HOSTS): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    hosts.includes(parsed.hostname.toLowerCase())
  );
}

/** The window's web preferences: isolated, sandboxed, no Node, no middle-click navigation. */
export function appWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    // Middle-click (auxclick) on a link opens it without the navigation guard's say.
    disableBlinkFeatures: 'Auxclick',
    spellcheck: false,
  } as const;
}
