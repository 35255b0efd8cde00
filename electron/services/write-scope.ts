/**
 * The one place that decides where the app may write or delete (issue 14): inside the open
 * home (`$EVOLCORE_HOME`) and the app's settings folder, nowhere else; deletes only inside the
 * home's `eck-debug/`. Paths are compared by their real path (symlinks followed, also in the
 * part that does not exist yet), so neither `..` nor a link can lead a write out.
 *
 * Reading is not decided here: the README lets the app read another history folder, a bundle
 * or a Claude Code project anywhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApiFailure } from '../../shared/api';
import { debugDirOf } from '../debug/debug-dir';

/** A write or delete refused because its path is outside the folders the app may change. */
export class OutsideWorkspaceError extends ApiFailure {
  constructor(message: string, target: string) {
    super('outside-workspace', message, target);
    this.name = 'OutsideWorkspaceError';
  }
}

/** `true` when `p` is `root` or below it (both already absolute and normalised). */
export function isWithin(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Refuses a path holding a NUL byte: Node would throw an internal-looking error on it. */
export function assertNoNul(p: string, field = 'path'): void {
  if (p.includes('\0')) throw new ApiFailure('invalid-input', `${field} holds a NUL byte`);
}

/**
 * The real path of `p`: symlinks followed as far as the path exists, the rest (not created
 * yet) appended. A dangling symlink is followed to where it points, so creating the file
 * through it is judged by its destination.
 */
export function realPathOf(p: string): string {
  const rest: string[] = [];
  let cur = path.resolve(p);
  for (let hops = 0; hops < 64;) {
    try {
      return path.join(fs.realpathSync(cur), ...rest);
    } catch {
      let link: string | null = null;
      try {
        link = fs.readlinkSync(cur);
      } catch {
        // Not a symlink (most often: does not exist yet).
      }
      if (link !== null) {
        cur = path.resolve(path.dirname(cur), link);
        hops++;
        continue;
      }
      const parent = path.dirname(cur);
      if (parent === cur) return path.join(cur, ...rest);
      rest.unshift(path.basename(cur));
      cur = parent;
    }
  }
  throw new ApiFailure('outside-workspace', 'too many symlinks', p);
}

/** What the scope needs to know; functions, because the open home changes. */
export interface WriteScopeOptions {
  readonly home: () => string;
  readonly settingsDir: () => string;
}

/** Where writes and deletes are allowed. Every method returns the real path to use. */
export interface WriteScope {
  /** Checks a file (or folder) about to be created or replaced; returns its real path. */
  writable(target: string): string;
  /** Checks a file about to be deleted (only inside the home's eck-debug); returns the path to unlink. */
  deletable(target: string): string;
  /** Checks a target inside one folder of the settings (e.g. `bundles/`), or a granted path. */
  writableIn(folder: string, target: string): string;
  /** Lets one path outside the scope be written once: the file a user picked in a save dialog. */
  grantOnce(target: string): void;
  /** The real roots, for messages and tests. */
  roots(): { home: string; settings: string; debug: string };
}

/** Builds the scope over the open home and the settings folder. */
export function createWriteScope(options: WriteScopeOptions): WriteScope {
  const granted = new Set<string>();
  const roots = () => {
    const home = realPathOf(options.home());
    return { home, settings: realPathOf(options.settingsDir()), debug: realPathOf(debugDirOf(home)) };
  };
  const resolve = (target: string): string => {
    assertNoNul(target);
    if (!path.isAbsolute(target)) {
      // A relative path would resolve against the process's folder, which is nobody's choice.
      throw new OutsideWorkspaceError('a path to write must be absolute', target);
    }
    return realPathOf(target);
  };
  const takeGrant = (real: string): boolean => granted.delete(real);
  return {
    writable(target) {
      const real = resolve(target);
      const r = roots();
      if (isWithin(r.home, real) || isWithin(r.settings, real) || takeGrant(real)) return real;
      throw new OutsideWorkspaceError(
        `refusing to write outside the home (${r.home}) and the settings folder (${r.settings})`,
        target,
      );
    },
    deletable(target) {
      assertNoNul(target);
      if (!path.isAbsolute(target))
        throw new OutsideWorkspaceError('a path to delete must be absolute', target);
      // unlink removes a symlink itself, not what it points to: follow links in the folder only.
      const real = path.join(realPathOf(path.dirname(target)), path.basename(target));
      const r = roots();
      if (isWithin(r.debug, real) && real !== r.debug) return real;
      throw new OutsideWorkspaceError(`refusing to delete outside the home's eck-debug (${r.debug})`, target);
    },
    writableIn(folder, target) {
      const real = resolve(target);
      const dir = realPathOf(path.join(options.settingsDir(), folder));
      if ((isWithin(dir, real) && real !== dir) || takeGrant(real)) return real;
      throw new OutsideWorkspaceError(`refusing to write outside ${dir}`, target);
    },
    grantOnce(target) {
      granted.add(resolve(target));
    },
    roots,
  };
}
