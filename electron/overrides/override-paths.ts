/**
 * Where the override of a manifest file lives, and the guard that keeps every write inside
 * `$EVOLCORE_HOME/eck` (refuse any path outside it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { WriteRefusal } from '../../shared/api';
import { refusalText } from '../../shared/api';

/** A manifest file name as the kit names it: one path segment ending in `.json`. */
const MANIFEST_FILE = /^[^/\\]+\.json$/;

/** Why a path is refused. */
export class OutsideEckError extends Error {
  readonly path: string;
  /** The facts of a refusal because of a link, for the UI's Chinese. */
  readonly refusal: WriteRefusal | undefined;

  constructor(message: string, target: string, refusal?: WriteRefusal) {
    super(message);
    this.name = 'OutsideEckError';
    this.path = target;
    this.refusal = refusal;
  }
}

function isWithin(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Real path of the nearest existing ancestor of `p`, with the rest appended. */
function realish(p: string): string {
  const rest: string[] = [];
  let cur = p;
  for (;;) {
    try {
      return path.join(fs.realpathSync(cur), ...rest.reverse());
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) return p;
      rest.push(path.basename(cur));
      cur = parent;
    }
  }
}

/**
 * `$EVOLCORE_HOME/eck/<manifestFile>`, refused when the name is not a plain file name, or when
 * the folder (through symlinks) or the file itself (a symlink) leads out of `$ECK`.
 */
export function overridePathFor(home: string, manifestFile: string): string {
  const eck = path.resolve(home, 'eck');
  if (!MANIFEST_FILE.test(manifestFile) || manifestFile === '..json' || manifestFile.startsWith('.')) {
    throw new OutsideEckError(`not a manifest file name: ${JSON.stringify(manifestFile)}`, eck);
  }
  const target = path.join(eck, manifestFile);
  if (!isWithin(eck, target))
    throw new OutsideEckError('the override must be inside $EVOLCORE_HOME/eck', target);
  const realHome = realish(path.resolve(home));
  const realEck = realish(eck);
  if (realEck !== path.join(realHome, 'eck')) {
    if (isWithin(realHome, realEck))
      throw new OutsideEckError('$EVOLCORE_HOME/eck is a symlink; refusing to write', target);
    const refusal: WriteRefusal = {
      action: 'write',
      path: target,
      why: 'link-outside',
      link: eck,
      dest: realEck,
      allowed: [{ kind: 'home', path: realHome }],
    };
    throw new OutsideEckError(refusalText(refusal, 'en'), target, refusal);
  }
  try {
    if (fs.lstatSync(target).isSymbolicLink()) {
      throw new OutsideEckError('the override is a symlink; refusing to replace it', target);
    }
  } catch (error) {
    if (error instanceof OutsideEckError) throw error;
  }
  return target;
}

/** `$PACKAGE_ROOT/kits/<manifestFile>` (read only). */
export function basePathFor(packageRoot: string, manifestFile: string): string {
  if (!MANIFEST_FILE.test(manifestFile)) {
    throw new OutsideEckError(`not a manifest file name: ${JSON.stringify(manifestFile)}`, packageRoot);
  }
  return path.join(path.resolve(packageRoot), 'kits', manifestFile);
}
