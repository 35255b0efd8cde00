/**
 * A throwaway workspace for one test: a copy of the app's kit (without the demo home) as the
 * package root and a copy of the demo home, so tests may edit files freely.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository root (e2e/ sits directly under it). */
export const APP_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Paths of a copied workspace. */
export interface WorkspaceCopy {
  readonly root: string;
  readonly home: string;
  readonly packageRoot: string;
  readonly kits: string;
  remove(): void;
}

/** Folder names inside the copy's root (the screenshots use the names a user's folder has). */
export interface CopyNames {
  readonly home?: string;
  readonly packageRoot?: string;
}

/** Copies `kits/` and `kits/demo-home/` into a temp folder. */
export function copyDemoWorkspace(names: CopyNames = {}): WorkspaceCopy {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-e2e-'));
  const packageRoot = path.join(root, names.packageRoot ?? 'pkg');
  const kits = path.join(packageRoot, 'kits');
  const home = path.join(root, names.home ?? 'home');
  const srcKits = path.join(APP_ROOT, 'kits');
  fs.cpSync(srcKits, kits, {
    recursive: true,
    filter: (src) =>
      !src.startsWith(path.join(srcKits, 'demo-home')) && !src.includes(`${path.sep}node_modules`),
  });
  fs.cpSync(path.join(srcKits, 'demo-home'), home, { recursive: true });
  return { root, home, packageRoot, kits, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
