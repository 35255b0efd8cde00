/**
 * Where a home's archive lives: the app's settings folder, `archive/<name>-<hash>/`, one per
 * home, never inside the home (evolcore's; the app only reads it). The hash is of
 * the home's real path, so `~/.evolcore` and a link to it share one archive; the name part is
 * only there so a person listing the folder can tell the archives apart.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { appSettingsDir } from '../scenarios/scenarios-dir';

/** The folder of all archives inside the settings folder. */
export const ARCHIVES_FOLDER = 'archive';

/** The file naming the home an archive belongs to (for people; the code never reads it back). */
export const HOME_NOTE = 'home.txt';

function realHome(home: string): string {
  try {
    return fs.realpathSync(home);
  } catch {
    return path.resolve(home);
  }
}

/** The archive folder of `home` under `settingsDir` (default: the app's settings folder). */
export function archiveDirFor(home: string, settingsDir: string = appSettingsDir()): string {
  const real = realHome(home);
  const hash = crypto.createHash('sha256').update(real).digest('hex').slice(0, 16);
  const name =
    path
      .basename(real)
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 40) || 'home';
  return path.join(settingsDir, ARCHIVES_FOLDER, `${name}-${hash}`);
}

/** Writes the home note once (the writer calls it; a failure is not worth stopping for). */
export function noteHome(dir: string, home: string): void {
  const file = path.join(dir, HOME_NOTE);
  if (fs.existsSync(file)) return;
  try {
    fs.writeFileSync(file, `${realHome(home)}\n`, { flag: 'wx' });
  } catch {
    // Another writer wrote it first, or the folder is read-only: the archive works without it.
  }
}
