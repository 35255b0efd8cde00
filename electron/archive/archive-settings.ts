/**
 * The user's archive settings, in the settings folder beside the archives:
 * `archive/settings.json`. Its own small file, so the desktop app, `serve` and `eck archive`
 * all read the same retention without the window settings (which only the desktop app has).
 * Validated on read: a hand-edited file that makes no sense means the defaults, never a crash.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  archiveSettingsSchema,
  MAX_ARCHIVE_KEEP_DAYS,
  type ArchiveSettingsShape,
} from '../../shared/api/methods/archive';
import { writeTextAtomic } from '../services/pinned-write';
import { appSettingsDir } from '../scenarios/scenarios-dir';
import { ARCHIVES_FOLDER } from './archive-location';
import { DEFAULT_KEEP_DAYS } from './retention';

/** Longest retention one can set: a hundred years is "keep" in all but name. */
export const MAX_KEEP_DAYS = MAX_ARCHIVE_KEEP_DAYS;

/** `enabled`: the app and `serve` archive while they run; `keepDays`: `null` keeps every one. */
export type ArchiveSettings = ArchiveSettingsShape;

export const DEFAULT_ARCHIVE_SETTINGS: ArchiveSettings = { enabled: true, keepDays: DEFAULT_KEEP_DAYS };

/** The settings file inside a settings folder. */
export function archiveSettingsFile(settingsDir: string = appSettingsDir()): string {
  return path.join(settingsDir, ARCHIVES_FOLDER, 'settings.json');
}

/** The settings; the defaults when there is no file or it is not one we wrote. */
export function readArchiveSettings(settingsDir: string = appSettingsDir()): ArchiveSettings {
  try {
    const parsed = archiveSettingsSchema.safeParse(
      JSON.parse(fs.readFileSync(archiveSettingsFile(settingsDir), 'utf8')),
    );
    return parsed.success ? parsed.data : DEFAULT_ARCHIVE_SETTINGS;
  } catch {
    return DEFAULT_ARCHIVE_SETTINGS;
  }
}

/** Writes the settings atomically; returns them as stored. */
export function writeArchiveSettings(
  settings: ArchiveSettings,
  settingsDir: string = appSettingsDir(),
): ArchiveSettings {
  const next = archiveSettingsSchema.parse(settings);
  const file = archiveSettingsFile(settingsDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeTextAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
