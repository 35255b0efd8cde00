/**
 * The one place that decides where the app may write or delete: inside the open
 * home (`$EVOLCORE_HOME`) and the app's settings folder, nowhere else; deletes only inside the
 * home's `eck-debug/`, and only while that folder is itself inside the real home. A path is
 * judged by the real path of its folder (symlinks followed, also in the part that does not
 * exist yet), so neither `..` nor a linked folder can lead a write out; the final name is
 * looked at with `lstat`: a link there is never written through (pinned-write.ts replaces it).
 * The folders of the user's own settings may be links: they are judged by where they lead.
 *
 * Reading is not decided here: the README lets the app read another history folder, a bundle
 * or a Claude Code project anywhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AllowedPlace, RefusedAction, WriteRefusal } from '../../shared/api';
import { ApiFailure, refusalText } from '../../shared/api';
import { debugDirOf } from '../history/debug-dir';

/** A write or delete refused because its path leads outside the folders the app may change. */
export class OutsideWorkspaceError extends ApiFailure {
  constructor(refusal: WriteRefusal) {
    super('outside-workspace', refusalText(refusal, 'en'), refusal.path, refusal);
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

/**
 * A write the scope let through: the real folder it goes into and the name in it. The writer
 * (pinned-write.ts) checks at every step that the path's folder still resolves to `folder`.
 */
export interface WriteTarget {
  /** The path as asked. */
  readonly path: string;
  /** Real path of its folder when it was approved. */
  readonly folder: string;
  readonly name: string;
}

/** Where writes and deletes are allowed. */
export interface WriteScope {
  /** Checks a file about to be created or replaced; returns its real location (folder real, name as is). */
  writable(target: string): string;
  /** The same check, returning what the writer pins. */
  writeTarget(target: string): WriteTarget;
  /** Checks a file about to be deleted (only inside the home's eck-debug); returns the path to unlink. */
  deletable(target: string): string;
  /**
   * The real eck-debug folder deletes may happen in; refuses (the whole clean) when that folder
   * is, or sits behind, a link leading outside the real home.
   */
  deleteRoot(): string;
  /** Checks a target inside one folder of the settings (e.g. `bundles/`), or a granted path. */
  writableIn(folder: string, target: string): string;
  /** `writableIn`, returning what the writer pins. */
  writeTargetIn(folder: string, target: string): WriteTarget;
  /**
   * Checks a file about to be deleted inside one folder of the settings (the override versions'
   * retention); returns the path to unlink. Nothing else in the settings is deleted.
   */
  deletableIn(folder: string, target: string): string;
  /** Lets one path outside the scope be written once: the file a user picked in a save dialog. */
  grantOnce(target: string): void;
  /** The real roots, for messages and tests. */
  roots(): { home: string; settings: string; debug: string };
}

/** The link among `p`'s existing prefixes that leads outside every one of `roots`, if any. */
export function leadingLinkOutside(
  p: string,
  roots: readonly string[],
): { link: string; dest: string } | null {
  const parts = path.resolve(p).split(path.sep);
  let cur = parts[0] === '' ? path.sep : (parts[0] as string);
  for (const part of parts.slice(1)) {
    if (part === '') continue;
    cur = path.join(cur, part);
    let isLink: boolean;
    try {
      isLink = fs.lstatSync(cur).isSymbolicLink();
    } catch {
      return null; // The rest does not exist yet: nothing further can be a link.
    }
    if (!isLink) continue;
    const dest = realPathOf(cur);
    if (!roots.some((r) => isWithin(r, dest))) return { link: cur, dest };
  }
  return null;
}

/** `true` when the name itself (not what it points to) is a symbolic link. */
function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The refusal of `target` for the places `allowed`: naming the link that leads out, if one does. */
export function outsideRefusal(
  action: RefusedAction,
  target: string,
  allowed: readonly AllowedPlace[],
): WriteRefusal {
  const found = leadingLinkOutside(
    target,
    allowed.map((a) => a.path),
  );
  return found === null
    ? { action, path: target, why: 'outside', allowed }
    : { action, path: target, why: 'link-outside', link: found.link, dest: found.dest, allowed };
}

/** Builds the scope over the open home and the settings folder. */
export function createWriteScope(options: WriteScopeOptions): WriteScope {
  const granted = new Set<string>();
  const roots = () => {
    const home = realPathOf(options.home());
    return { home, settings: realPathOf(options.settingsDir()), debug: realPathOf(debugDirOf(home)) };
  };
  /** The folder's real path and the name, for an absolute path without NUL. */
  const locate = (action: RefusedAction, target: string, allowed: () => AllowedPlace[]): WriteTarget => {
    assertNoNul(target);
    if (!path.isAbsolute(target)) {
      // A relative path would resolve against the process's folder, which is nobody's choice.
      throw new OutsideWorkspaceError({ action, path: target, why: 'not-absolute', allowed: allowed() });
    }
    const abs = path.resolve(target);
    return { path: target, folder: realPathOf(path.dirname(abs)), name: path.basename(abs) };
  };
  const keyOf = (t: WriteTarget): string => path.join(t.folder, t.name);
  /**
   * The write rule: a granted path passes once; else the folder must lie within one of
   * `allowed`, and a final name that is a link must point within one too (it is replaced, not
   * followed, by the writer; pointing outside it is refused so the person sees the link).
   */
  const approve = (target: string, allowed: () => AllowedPlace[], inside: (real: string) => boolean) => {
    const t = locate('write', target, allowed);
    if (granted.delete(keyOf(t))) return t;
    const final = keyOf(t);
    if (isSymlink(final)) {
      const dest = realPathOf(final);
      if (!inside(dest))
        throw new OutsideWorkspaceError({
          action: 'write',
          path: target,
          why: 'link-outside',
          link: target,
          dest,
          allowed: allowed(),
        });
    }
    if (!inside(t.folder)) throw new OutsideWorkspaceError(outsideRefusal('write', target, allowed()));
    return t;
  };
  const homeAndSettings = (): AllowedPlace[] => {
    const r = roots();
    return [
      { kind: 'home', path: r.home },
      { kind: 'settings', path: r.settings },
    ];
  };
  const inHomeOrSettings = (real: string): boolean => {
    const r = roots();
    return isWithin(r.home, real) || isWithin(r.settings, real);
  };
  const settingsSub = (folder: string) => {
    const dir = realPathOf(path.join(options.settingsDir(), folder));
    return {
      allowed: (): AllowedPlace[] => [{ kind: 'folder', path: dir }],
      inside: (real: string) => isWithin(dir, real),
    };
  };
  const deleteRoot = (): string => {
    const home = realPathOf(options.home());
    const debugDir = debugDirOf(options.home());
    const debug = realPathOf(debugDir);
    if (isWithin(home, debug) && debug !== home) return debug;
    throw new OutsideWorkspaceError(outsideRefusal('clean', debugDir, [{ kind: 'home', path: home }]));
  };
  const writeTarget = (target: string) => approve(target, homeAndSettings, inHomeOrSettings);
  const writeTargetIn = (folder: string, target: string) => {
    const sub = settingsSub(folder);
    return approve(target, sub.allowed, sub.inside);
  };
  return {
    writable: (target) => keyOf(writeTarget(target)),
    writeTarget,
    deletable(target) {
      const debug = deleteRoot();
      const allowed = (): AllowedPlace[] => [{ kind: 'debug', path: debug }];
      // unlink removes a link itself, not what it points to: the folder is followed, the name is not.
      const t = locate('delete', target, allowed);
      const real = keyOf(t);
      if (isWithin(debug, t.folder) && real !== debug) return real;
      throw new OutsideWorkspaceError(outsideRefusal('delete', target, allowed()));
    },
    deleteRoot,
    writableIn: (folder, target) => keyOf(writeTargetIn(folder, target)),
    deletableIn(folder, target) {
      const sub = settingsSub(folder);
      const t = locate('delete', target, sub.allowed);
      const real = keyOf(t);
      // The name itself is unlinked (a link there is removed, not followed); its folder must be inside.
      if (sub.inside(t.folder) && isWithin(t.folder, real) && real !== t.folder) return real;
      throw new OutsideWorkspaceError(outsideRefusal('delete', target, sub.allowed()));
    },
    writeTargetIn,
    grantOnce(target) {
      granted.add(keyOf(locate('write', target, () => [])));
    },
    roots,
  };
}
