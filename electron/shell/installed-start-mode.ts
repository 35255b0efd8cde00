/**
 * The installed `eck-inspector`'s first decision: the desktop window when Electron is
 * installed beside the package (an optional peer: `npm install -g eck-inspector electron`) and a
 * display can show it; otherwise `serve` in the browser, with one line saying why. Unlike
 * `npm start` it never downloads Electron nor builds anything: the package ships compiled, and an
 * agent host over SSH wants the browser mode at once. Pure of process state for its unit test.
 */

type BinaryLookup =
  { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

export interface InstalledStartDeps {
  readonly findBinary: () => BinaryLookup;
  readonly env: NodeJS.ProcessEnv;
  readonly platform: NodeJS.Platform;
  /** `--browser` on the command line. */
  readonly browserAsked: boolean;
}

export type InstalledStartChoice =
  | { readonly mode: 'desktop'; readonly electronPath: string }
  | { readonly mode: 'browser'; readonly line: string | null };

/** Linux and the BSDs need an X11 or Wayland display; macOS and Windows always have one. */
function hasDisplay(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env['DISPLAY']) || Boolean(env['WAYLAND_DISPLAY']);
}

export function chooseInstalledStartMode(deps: InstalledStartDeps): InstalledStartChoice {
  // Asked for the browser: no line, nothing is missing.
  if (deps.browserAsked) return { mode: 'browser', line: null };
  const browser = (why: string): InstalledStartChoice => ({
    mode: 'browser',
    line: `eck-inspector: ${why}; opening the browser mode instead.`,
  });
  const found = deps.findBinary();
  if (!found.ok) {
    return browser(
      'Electron is not installed (install it beside eck-inspector for the desktop window: npm install -g electron)',
    );
  }
  if (!hasDisplay(deps.env, deps.platform))
    return browser('there is no display (DISPLAY and WAYLAND_DISPLAY are unset)');
  return { mode: 'desktop', electronPath: found.path };
}
