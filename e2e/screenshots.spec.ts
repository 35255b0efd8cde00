/**
 * One screenshot of each tab on the demo workspace (the README's pictures stay current
 * because this spec makes them). In `npm test` it is a smoke test that every tab draws, and the
 * pictures go to the test's output folder; `npm run screenshots` writes them to
 * docs/screenshots/ (ECK_SCREENSHOTS_DIR), where the README shows them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1400, height: 860 } });

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

test('every tab draws, and its picture is taken', async ({ page, serve }) => {
  const dir = process.env.ECK_SCREENSHOTS_DIR
    ? path.resolve(process.env.ECK_SCREENSHOTS_DIR)
    : test.info().outputPath();
  fs.mkdirSync(dir, { recursive: true });
  await page.goto(serve.url);
  await page.getByTestId('preset-select').selectOption('group-member');
  for (const { tab, file, ready } of TABS) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(ready(page)).toBeVisible({ timeout: 15_000 });
    // Let lazy panes (Monaco, the chart) settle before the picture.
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(dir, file) });
    expect(fs.statSync(path.join(dir, file)).size).toBeGreaterThan(10_000);
  }
});
