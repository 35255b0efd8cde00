/**
 * The test run's settings folder, unless the environment names one: the app writes there by
 * itself (the History's saved index, the archive), and a test run must not write into the
 * user's real settings folder. Vitest's global setup: made before the test workers start (they
 * inherit the variable), removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SETTINGS_DIR_ENV } from '../scenarios/scenarios-dir';

export default function setup(): () => void {
  if (process.env[SETTINGS_DIR_ENV] !== undefined) return () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'eck-test-settings-'));
  process.env[SETTINGS_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
