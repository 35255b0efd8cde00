/**
 * The README's pictures, made by this spec so they stay current: each tab on the demo
 * workspace, the draft band over the Timeline, the versions list of the override, and the
 * Claude Code view. In `npm test` it is a smoke test that each of those states draws, and the
 * pictures go to the test's output folder; `npm run screenshots` writes them to
 * docs/screenshots/ (ECK_SCREENSHOTS_DIR), where the README shows them.
 *
 * The server's user folder is the copy's root and the folders have the names a user's have, so
 * the pictures show `~/.evolcore`, not a temp folder. Chinese text needs a CJK font on the
 * machine (Debian: fonts-noto-cjk), or it draws as boxes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { startServe } from './support/serve-process';
import type { ServeProcess } from './support/serve-process';
import { APP_ROOT, copyDemoWorkspace } from './support/workspace-copy';
import type { WorkspaceCopy } from './support/workspace-copy';

test.use({ viewport: { width: 1400, height: 860 } });
test.describe.configure({ timeout: 90_000 });

const TABS: readonly {
  readonly tab: string;
  readonly file: string;
  readonly ready: (page: Page) => Locator;
}[] = [
  { tab: 'Timeline', file: 'timeline.png', ready: (p) => p.getByTestId('timeline-row').first() },
  { tab: 'Context', file: 'context.png', ready: (p) => p.getByTestId('context-text') },
  { tab: 'Vars', file: 'vars.png', ready: (p) => p.getByTestId('var-input-selfAid') },
  { tab: 'Manifest', file: 'manifest.png', ready: (p) => p.getByTestId('manifest-panel') },
  { tab: 'History', file: 'history.png', ready: (p) => p.getByTestId('history-row').first() },
];

let workspace: WorkspaceCopy;
let serve: ServeProcess;
let dir: string;

test.beforeEach(async () => {
  workspace = copyDemoWorkspace({ home: '.evolcore', packageRoot: 'evolcore' });
  serve = await startServe({
    home: workspace.home,
    packageRoot: workspace.packageRoot,
    env: { HOME: workspace.root, ECK_INSPECTOR_SETTINGS_DIR: path.join(workspace.root, 'settings') },
  });
  dir = process.env.ECK_SCREENSHOTS_DIR
    ? path.resolve(process.env.ECK_SCREENSHOTS_DIR)
    : test.info().outputPath();
  fs.mkdirSync(dir, { recursive: true });
});

test.afterEach(async () => {
  await serve.stop();
  workspace.remove();
});

/** Takes one picture once the pane has settled, and checks it holds a drawn page. */
async function shoot(page: Page, file: string): Promise<void> {
  // Let lazy panes (Monaco, the chart) and the change markers settle before the picture.
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(dir, file) });
  expect(fs.statSync(path.join(dir, file)).size).toBeGreaterThan(10_000);
  // No temp folder in the bar of any picture: the paths read as a user's own.
  await expect(page.locator('header.workspace-bar')).not.toContainText(workspace.root);
  for (const value of await page
    .locator('header.workspace-bar input')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)))
    expect(value).not.toContain(workspace.root);
}

test('every tab draws, and its picture is taken', async ({ page }) => {
  await page.goto(serve.url);
  await page.getByTestId('preset-select').selectOption('group-member');
  await expect(page.getByTestId('home-path')).toHaveValue('~/.evolcore');
  for (const { tab, file, ready } of TABS) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(ready(page)).toBeVisible({ timeout: 15_000 });
    await shoot(page, file);
  }
});

test('the draft band over the Timeline, and the versions list after a save', async ({ page }) => {
  await page.goto(`${serve.url}#/manifest`);
  await expect(page.getByTestId('section-row-rules')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('toggle-persona').uncheck();
  await page.getByTestId('toggle-venue-client').check();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('draft-band')).toHaveAttribute('data-shown', 'draft');
  await shoot(page, 'draft-band.png');

  await page.getByRole('tab', { name: 'Manifest' }).click();
  await page.getByTestId('save-override').click();
  await page.getByTestId('save-saved').getByTestId('save-show-versions').click();
  const rows = page.getByTestId('version-row');
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  await expect(page.getByTestId('version-effect')).toBeVisible();
  await page.getByTestId('version-row').first().scrollIntoViewIfNeeded();
  await shoot(page, 'versions.png');
});

test('the Claude Code view of a project', async ({ page }) => {
  // The fixture project as if it were the user's: ~/project, ~/.claude, a managed folder.
  const fixture = path.join(APP_ROOT, 'e2e', 'fixtures', 'claude-md-project');
  fs.cpSync(path.join(fixture, 'project'), path.join(workspace.root, 'project'), {
    recursive: true,
    verbatimSymlinks: true,
  });
  fs.cpSync(path.join(fixture, 'home'), workspace.root, { recursive: true, verbatimSymlinks: true });
  await page.goto(serve.url);
  await page.getByTestId('workspace-kind').selectOption('claude');
  await expect(page.getByTestId('claude-panel')).toBeVisible();
  const cwd = page.getByTestId('claude-cwd');
  await cwd.fill('~/project');
  await cwd.press('Enter');
  await expect(cwd).toHaveValue('~/project');
  await expect(page.getByTestId('claude-file-row').first()).toBeVisible();
  await shoot(page, 'claude-md.png');
});
