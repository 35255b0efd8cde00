/**
 * Runs a CLI call with a private settings folder (where Verify puts its scratch folders) and
 * says what it left there: a Verify must leave nothing behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runCaptured, type CapturedRun } from '../../cli/test-support/run-captured';

export async function runWithSettingsDir(
  settings: string,
  ...argv: string[]
): Promise<CapturedRun & { readonly leftScratch: readonly string[] }> {
  fs.mkdirSync(settings, { recursive: true });
  const saved = process.env['ECK_INSPECTOR_SETTINGS_DIR'];
  process.env['ECK_INSPECTOR_SETTINGS_DIR'] = settings;
  try {
    const run = await runCaptured(...argv);
    const scratch = path.join(settings, 'verify');
    return { ...run, leftScratch: fs.existsSync(scratch) ? fs.readdirSync(scratch) : [] };
  } finally {
    if (saved === undefined) delete process.env['ECK_INSPECTOR_SETTINGS_DIR'];
    else process.env['ECK_INSPECTOR_SETTINGS_DIR'] = saved;
  }
}
