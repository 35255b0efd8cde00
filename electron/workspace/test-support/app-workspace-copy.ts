/**
 * A copy of the app's kit and demo home in a new temp folder, for tests that run the core over
 * the real disk: `<tmp>/pkg/kits` (without the demo home) and `<tmp>/home`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository root (holds `kits/`). */
export const APP_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** The copied workspace and its temp root (the caller removes `root`). */
export interface AppWorkspaceCopy {
  readonly root: string;
  readonly home: string;
  readonly packageRoot: string;
}

/** Copies kit and demo home under a new temp folder named `<prefix>XXXXXX`. */
export function copyAppWorkspace(prefix: string): AppWorkspaceCopy {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const kits = path.join(APP_ROOT, 'kits');
  const packageRoot = path.join(root, 'pkg');
  fs.cpSync(kits, path.join(packageRoot, 'kits'), {
    recursive: true,
    filter: (src) => !src.startsWith(path.join(kits, 'demo-home')),
  });
  const home = path.join(root, 'home');
  fs.cpSync(path.join(kits, 'demo-home'), home, { recursive: true });
  return { root, home, packageRoot };
}
