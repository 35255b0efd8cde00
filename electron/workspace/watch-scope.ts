/**
 * Which paths the watcher cares about (the home's manifests, overrides, agent
 * folders and eck-debug, and the kit; never `node_modules`, never a symlink loop).
 */
import path from 'node:path';
import type { FolderScope } from './folder-watcher';

/** The two roots of a workspace. */
export interface WatchRoots {
  readonly home: string;
  readonly packageRoot: string;
}

/** Folders directly under the home that matter; the rest of `~/.evolcore` is not ours to watch. */
const HOME_TOP = new Set(['eck', 'agents', 'data']);

/** Folder names never watched: dependency trees and VCS internals are huge and never rendered. */
const SKIPPED_NAMES = new Set(['node_modules', '.git']);

function within(root: string, p: string): string | null {
  const rel = path.relative(root, p);
  if (rel === '') return '';
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel;
}

/** The folders the watcher starts from. */
export function watchedRoots(roots: WatchRoots): string[] {
  return [path.resolve(roots.home), path.join(path.resolve(roots.packageRoot), 'kits')];
}

/**
 * What the folder watcher does with a folder (folder-watcher.ts): `data/` is watched but never
 * listed (only its `eck-debug` entry matters, and it may hold far more); `data/eck-debug` is
 * neither, being the History service's to watch, whose appearing `data/`'s watcher still sees;
 * every other folder in scope is listed once and walked.
 */
export function folderScope(roots: WatchRoots, dir: string): FolderScope {
  if (isIgnored(roots, dir)) return 'skip';
  const inHome = within(path.resolve(roots.home), path.resolve(dir));
  if (inHome === 'data') return 'watch';
  if (inHome === path.join('data', 'eck-debug')) return 'skip';
  return 'walk';
}

/**
 * `true` when a path is outside the watch scope: no change of it is reported. The home's rules
 * come first, so a home inside the kit (the demo home) is scoped as a home.
 */
export function isIgnored(roots: WatchRoots, p: string): boolean {
  const abs = path.resolve(p);
  const parts = abs.split(path.sep);
  if (parts.some((part) => SKIPPED_NAMES.has(part))) return true;
  const inHome = within(path.resolve(roots.home), abs);
  if (inHome !== null) {
    if (inHome === '') return false;
    const [top, second, third] = inHome.split(path.sep);
    if (top === undefined || !HOME_TOP.has(top)) return true;
    // data/ holds far more than snapshots; only data/eck-debug is the history. Its files are the
    // History service's to watch (fs.watch on that one folder, see folderScope). The folder
    // itself stays, so its creation is still seen.
    if (top === 'data') return second !== undefined && (second !== 'eck-debug' || third !== undefined);
    return false;
  }
  const inKits = within(path.join(path.resolve(roots.packageRoot), 'kits'), abs);
  return inKits === null;
}

/** `false` for changes that cannot alter a render: the history snapshots in `data/eck-debug`. */
export function affectsRender(roots: WatchRoots, p: string): boolean {
  const inHome = within(path.resolve(roots.home), path.resolve(p));
  if (inHome === null) return true;
  return inHome.split(path.sep)[0] !== 'data';
}
