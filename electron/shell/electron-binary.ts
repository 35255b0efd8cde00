/**
 * Whether Electron's binary is installed: `require('electron')` from Node returns its path,
 * and throws when the download never happened (this machine: npm's install scripts are off).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

/** Path of the Electron executable, or the reason there is none. */
export function findElectronBinary(
  requireFrom: string,
): { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string } {
  let found: unknown;
  try {
    found = createRequire(requireFrom)('electron');
  } catch {
    // electron/index.js throws when path.txt is missing: its postinstall download never ran.
    return {
      ok: false,
      reason:
        'node_modules/electron has no binary: its download is an install script, and .npmrc sets ignore-scripts',
    };
  }
  if (typeof found !== 'string')
    return { ok: false, reason: 'the electron package did not give a binary path' };
  if (!fs.existsSync(found)) return { ok: false, reason: `the Electron binary ${found} does not exist` };
  return { ok: true, path: found };
}
