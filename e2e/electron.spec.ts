/**
 * The desktop app itself: starts Electron on a copied demo workspace and waits for one render.
 * Runs where Electron's binary exists; skipped, saying why, where it does not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { findElectronBinary } from '../electron/shell/electron-binary';
import { APP_ROOT, copyDemoWorkspace } from './support/workspace-copy';

const binary = findElectronBinary(path.join(APP_ROOT, 'package.json'));
const built = fs.existsSync(path.join(APP_ROOT, 'dist', 'electron', 'main.js'));

const skipReason = !binary.ok
  ? `Electron spec skipped: ${binary.reason}`
  : !built
    ? 'Electron spec skipped: run `npm run build` first (dist/electron/main.js is missing)'
    : null;
// Said once on the console too: the list reporter shows a skip without its reason.
if (skipReason !== null) console.log(skipReason);
test.skip(skipReason !== null, skipReason ?? '');

test('the desktop app starts and shows one render', async () => {
  const workspace = copyDemoWorkspace();
  const userData = fs.mkdtempSync(path.join(workspace.root, 'user-data-'));
  const app = await electron.launch({
    ...(binary.ok ? { executablePath: binary.path } : {}),
    args: [
      APP_ROOT,
      `--user-data-dir=${userData}`,
      '--home',
      workspace.home,
      '--package-root',
      workspace.packageRoot,
    ],
    env: { ...process.env, CI: '1' },
  });
  try {
    const window = await app.firstWindow();
    // The window opens on the Timeline with the first render's rows.
    await expect(window.locator('#tab-timeline')).toHaveAttribute('aria-selected', 'true');
    await expect(window.getByTestId('status-sections')).toContainText(/Sections \d+\/\d+ loaded/);
    await expect(window.getByTestId('timeline-row').first()).toBeVisible();
    const isolated = await window.evaluate(
      () => typeof (window as { require?: unknown }).require === 'undefined',
    );
    expect(isolated).toBe(true);
  } finally {
    await app.close();
    workspace.remove();
  }
});
