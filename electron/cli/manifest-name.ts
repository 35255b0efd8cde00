/**
 * `--manifest F` names a manifest file of the kit: F is relative to `<package root>/kits/`
 * and must stay there. The engine reads `kits/F` and `$ECK/F`, so
 * `--manifest ../../etc/passwd` would read, and echo into diagnostics, any file on the
 * machine; a link inside kits/ that leads out is refused the same way (realpath-checked).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileKind } from '../services/capped-read';

/** Why `--manifest <name>` is refused for this package root, or `null` when it may be read. */
export function manifestNameProblem(packageRoot: string, name: string): string | null {
  if (name === '' || name.includes('\0')) return '--manifest needs a file name of kits/';
  const kits = path.resolve(packageRoot, 'kits');
  const outside = `--manifest ${name}: not a file inside ${kits}${path.sep} (a manifest is named relative to kits/)`;
  const file = path.resolve(kits, name);
  if (path.isAbsolute(name) || !isInside(kits, file)) return outside;
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    // Missing (or a dangling link): the engine reports the base manifest as not found, exit 1.
    return null;
  }
  if (!isInside(realOr(kits), real)) return `${outside}; it is a link to ${real}`;
  // A FIFO or device here would block or flood the engine's read, as for --vars.
  const st = fs.statSync(real);
  if (!st.isFile()) return `--manifest ${name}: not a regular file (${fileKind(st)})`;
  return null;
}

function realOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/** `child` lies strictly under `parent` (both absolute, normalised). */
function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}
