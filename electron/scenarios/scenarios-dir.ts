/**
 * Where named scenarios are kept: the app's own settings folder, never `$EVOLCORE_HOME`
 * (the home is evolcore's, the inspector only reads it).
 */
import os from 'node:os';
import path from 'node:path';

/** Overrides the settings folder (tests, portable installs). */
export const SETTINGS_DIR_ENV = 'ECK_INSPECTOR_SETTINGS_DIR';

/**
 * The app's settings folder: `$ECK_INSPECTOR_SETTINGS_DIR`, else the platform's config folder
 * (`%APPDATA%`, `~/Library/Application Support`, `$XDG_CONFIG_HOME` or `~/.config`) + `eck-inspector`.
 */
export function appSettingsDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const given = env[SETTINGS_DIR_ENV];
  if (given) return path.resolve(given);
  const home = os.homedir();
  if (platform === 'win32')
    return path.join(env['APPDATA'] ?? path.join(home, 'AppData', 'Roaming'), 'eck-inspector');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'eck-inspector');
  return path.join(env['XDG_CONFIG_HOME'] || path.join(home, '.config'), 'eck-inspector');
}

/** The file of named scenarios inside a settings folder. */
export function scenariosFileIn(settingsDir: string): string {
  return path.join(settingsDir, 'scenarios.json');
}
