/**
 * The home an installed engine sees during Verify: a temp folder whose entries are
 * links to the user's home — so the engine reads the user's override, agents and kits exactly —
 * except `data/`, which is its own, so the engine's debug files and logs land there and never
 * in the user's history. Removed after the run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { appSettingsDir } from '../scenarios/scenarios-dir';

/**
 * Where Verify's scratch folders go: the app's own settings folder (`verify/`), one of the two
 * places the app may write (the home never; not the system temp folder either).
 */
export function verifyScratchParent(): string {
  const dir = path.join(appSettingsDir(), 'verify');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** A scratch home and the folder around it (where the runner script is written too). */
export interface ScratchHome {
  /** The temp folder holding everything of this run. */
  readonly root: string;
  /** The home the engine is given (`$EVOLCORE_HOME` / `$EVOLCLAW_HOME`). */
  readonly home: string;
  /** `home/data`: the one folder the engine may write to. */
  readonly data: string;
  /** Removes the whole temp folder (never follows the links into the user's home). */
  remove(): void;
}

/** Builds the scratch home over `userHome` (which may be missing: then it holds only `data/`). */
export function createScratchHome(userHome: string): ScratchHome {
  const root = fs.mkdtempSync(path.join(verifyScratchParent(), 'run-'));
  const home = path.join(root, 'home');
  const data = path.join(home, 'data');
  fs.mkdirSync(path.join(data, 'eck-debug'), { recursive: true });
  let entries: fs.Dirent[] = [];
  try {
    entries = fs.readdirSync(userHome, { withFileTypes: true });
  } catch {
    // No home yet: the engine sees an empty one, as evolcore on a new machine would.
  }
  for (const entry of entries) {
    if (entry.name === 'data') continue;
    const target = path.join(userHome, entry.name);
    // Junctions on Windows need no privilege for folders; elsewhere the type is ignored.
    const type = entry.isDirectory() ? 'junction' : 'file';
    fs.symlinkSync(target, path.join(home, entry.name), type);
  }
  return {
    root,
    home,
    data,
    // rmSync unlinks a symlink without descending into it, so the user's files are untouched.
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
