/**
 * The app's version, from its package.json (beside kits/ in the sources and in a package):
 * what the saved History index is signed with, so rows filled by another version's parser are
 * read again rather than kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from './app-paths';

let version: string | null = null;

/** `name@version`, or `unknown` when package.json cannot be read (then nothing saved matches another build's). */
export function appVersion(): string {
  if (version !== null) return version;
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    version = `${String(pkg.name)}@${String(pkg.version)}`;
  } catch {
    version = 'unknown';
  }
  return version;
}
