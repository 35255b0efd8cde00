/**
 * The app's settings file in Electron's userData folder: recent workspaces and the window's
 * position between runs. Node only (the folder is passed in), validated on read, written
 * atomically so a crash mid-write never leaves a broken file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeTextAtomic } from '../services/pinned-write';

/** Schema of one recent workspace. */
const recentSchema = z.object({
  home: z.string().min(1),
  packageRoot: z.string().min(1),
  openedAt: z.number(),
});

/** Schema of the window's bounds. */
const windowSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(200),
  height: z.number().int().min(150),
  maximized: z.boolean(),
});

/** Schema of the settings file. */
export const settingsSchema = z.object({
  version: z.literal(1),
  recentWorkspaces: z.array(recentSchema),
  window: windowSchema.nullable(),
});

/** The settings. */
export type Settings = z.infer<typeof settingsSchema>;

/** A recent workspace. */
export type RecentWorkspace = z.infer<typeof recentSchema>;

/** The window's bounds as kept. */
export type WindowState = z.infer<typeof windowSchema>;

/** How many recent workspaces the File menu lists. */
export const MAX_RECENT = 10;

/** Settings of a first run. */
export const DEFAULT_SETTINGS: Settings = { version: 1, recentWorkspaces: [], window: null };

/** The file name inside the settings folder. */
export const SETTINGS_FILE = 'eck-inspector-settings.json';

/** Puts a workspace first in the recent list, without duplicates, at most MAX_RECENT long. */
export function withRecent(list: readonly RecentWorkspace[], entry: RecentWorkspace): RecentWorkspace[] {
  const rest = list.filter((r) => r.home !== entry.home || r.packageRoot !== entry.packageRoot);
  return [entry, ...rest].slice(0, MAX_RECENT);
}

/** Reads and writes the settings file. */
export interface SettingsStore {
  read(): Settings;
  update(change: (current: Settings) => Settings): Settings;
  readonly file: string;
}

/** Opens the settings in `dir` (created on first write). */
export function createSettingsStore(dir: string): SettingsStore {
  const file = path.join(dir, SETTINGS_FILE);
  let cached: Settings | null = null;

  function read(): Settings {
    if (cached !== null) return cached;
    try {
      const parsed = settingsSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
      // A file from a newer version or hand-edited into nonsense: start over, never crash.
      cached = parsed.success ? parsed.data : DEFAULT_SETTINGS;
    } catch {
      cached = DEFAULT_SETTINGS;
    }
    return cached;
  }

  return {
    file,
    read,
    update(change) {
      const next = settingsSchema.parse(change(read()));
      // Random temp name, removed on failure; stale ones are cleaned at start (temp-files.ts).
      writeTextAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
      cached = next;
      return next;
    },
  };
}
