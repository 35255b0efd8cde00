/**
 * The `claudeMd` string of the managed (policy) settings: Claude Code 2.1.197 sends it as a
 * Managed memory file named `<managed-settings>`, right after the managed CLAUDE.md. The
 * settings are `managed-settings.json` in the managed folder, then the drop-ins of
 * `managed-settings.d/*.json` in name order, later files overriding earlier ones.
 * What an enterprise settings script or an MDM profile would add is not visible here.
 */

import { joinPath } from '../base/posix-path';
import type { ClaudeFs } from './types';

/** The path Claude Code shows for the managed settings' `claudeMd`. */
export const MANAGED_SETTINGS_CLAUDEMD_PATH = '<managed-settings>';

/** The files read, and the `claudeMd` that wins (`null`: none set). */
export interface ManagedClaudeMd {
  readonly claudeMd: string | null;
  /** The settings file the winning value came from. */
  readonly source: string | null;
  /** Settings files that exist but are not valid JSON objects. */
  readonly invalid: readonly string[];
}

/** The managed settings files: `managed-settings.json`, then the drop-ins by name. */
export function managedSettingsFiles(fs: ClaudeFs, managedDir: string): string[] {
  const files = [joinPath(managedDir, 'managed-settings.json')];
  const dropIns = joinPath(managedDir, 'managed-settings.d');
  const listed = fs.list(dropIns);
  if (!('error' in listed)) {
    const names = listed
      .filter(
        (e) =>
          (e.kind === 'file' || e.kind === 'symlink') && e.name.endsWith('.json') && !e.name.startsWith('.'),
      )
      .map((e) => e.name)
      .sort();
    for (const name of names) files.push(joinPath(dropIns, name));
  }
  return files;
}

/** Reads the managed settings of `managedDir`. */
export function readManagedClaudeMd(fs: ClaudeFs, managedDir: string): ManagedClaudeMd {
  const files = managedSettingsFiles(fs, managedDir);
  let claudeMd: string | null = null;
  let source: string | null = null;
  const invalid: string[] = [];
  for (const file of files) {
    const text = fs.readText(file);
    if (typeof text !== 'string') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      invalid.push(file);
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      invalid.push(file);
      continue;
    }
    const md = (value as Record<string, unknown>)['claudeMd'];
    if (typeof md === 'string') {
      claudeMd = md;
      source = file;
    }
  }
  return { claudeMd: claudeMd === '' ? null : claudeMd, source, invalid };
}
