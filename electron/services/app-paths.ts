/**
 * Where the app's own folders are, and the default workspace (docs/design.md §Concepts):
 * package root = this app's root (it holds `kits/`); home = `$EVOLCORE_HOME`, else
 * `~/.evolcore` when it exists, else the built-in demo home.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * This module's file, or the bundle it was built into: the desktop main script is CommonJS
 * (`import.meta` is empty there, `__filename` set), the commands and the sources ES modules. Each
 * sits two folders below the app root (electron/services/, dist/electron/, dist/bin/).
 */
function ownFile(): string {
  return typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
}

/** The app's root folder (the one with package.json and kits/). */
export const APP_ROOT = path.resolve(path.dirname(ownFile()), '..', '..');

/** The built-in demo `$EVOLCORE_HOME`. */
export const DEMO_HOME = path.join(APP_ROOT, 'kits', 'demo-home');

/** Where a default home came from, for messages ("using the demo home"). */
export type HomeSource = 'given' | 'env' | 'user' | 'demo';

/**
 * Picks the home: given, else $EVOLCORE_HOME, else ~/.evolcore if present, else the demo; for an
 * evolclaw package root $EVOLCLAW_HOME and ~/.evolclaw instead.
 */
export function resolveHome(
  given?: string,
  env: NodeJS.ProcessEnv = process.env,
  product: 'evolcore' | 'evolclaw' = 'evolcore',
): { home: string; source: HomeSource } {
  if (given) return { home: path.resolve(given), source: 'given' };
  const fromEnv = product === 'evolclaw' ? env.EVOLCLAW_HOME : env.EVOLCORE_HOME;
  if (fromEnv) return { home: path.resolve(fromEnv), source: 'env' };
  const user = path.join(os.homedir(), product === 'evolclaw' ? '.evolclaw' : '.evolcore');
  if (fs.existsSync(user)) return { home: user, source: 'user' };
  return { home: DEMO_HOME, source: 'demo' };
}

/** Picks the package root: given, else the app's own root. */
export function resolvePackageRoot(given?: string): string {
  return given ? path.resolve(given) : APP_ROOT;
}
