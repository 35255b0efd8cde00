/**
 * `npm start`'s first decision: the desktop app when Electron's binary is there or can be
 * fetched now, else the browser mode with one line saying why. Pure of process state so the
 * unit test can run it with the installer stubbed.
 */
import type { FetchElectronResult } from './fetch-electron';

type BinaryLookup =
  { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

export interface DesktopOrBrowserDeps {
  readonly findBinary: () => BinaryLookup;
  readonly fetchBinary: () => Promise<FetchElectronResult>;
  readonly env: NodeJS.ProcessEnv;
}

export type StartChoice =
  | { readonly mode: 'desktop'; readonly electronPath: string }
  | { readonly mode: 'browser'; readonly line: string };

/** Whether the user asked not to download (Electron's own switch, or ours). */
function fetchDisabled(env: NodeJS.ProcessEnv): boolean {
  const set = (v: string | undefined): boolean => v !== undefined && v !== '' && v !== '0' && v !== 'false';
  return set(env['ELECTRON_SKIP_BINARY_DOWNLOAD']) || set(env['ECK_NO_ELECTRON_FETCH']);
}

export async function chooseStartMode(deps: DesktopOrBrowserDeps): Promise<StartChoice> {
  const first = deps.findBinary();
  if (first.ok) return { mode: 'desktop', electronPath: first.path };
  const browser = (why: string): StartChoice => ({
    mode: 'browser',
    line: `ECK Inspector: Electron is not available (${why}); opening the browser mode instead.`,
  });
  if (fetchDisabled(deps.env)) return browser(`${first.reason}; fetching it is turned off`);
  const fetched = await deps.fetchBinary();
  if (!fetched.ok) return browser(`its binary could not be fetched: ${fetched.reason}`);
  const second = deps.findBinary();
  return second.ok ? { mode: 'desktop', electronPath: second.path } : browser(second.reason);
}
