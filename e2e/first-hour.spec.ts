/**
 * The daily look, in the browser against `serve` on the demo workspace: the header
 * is one row at 1280 px with Language and Theme in an accessible settings menu, counts say what
 * they count, sizes share one format with the exact count in a tooltip, and the History Time
 * filter takes the time as its cell shows it, under headers that are not cut.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

/** `true` when every child of the header sits on one line (their vertical ranges overlap). */
async function headerIsOneRow(page: Page): Promise<boolean> {
  return page.locator('header.workspace-bar').evaluate((header) => {
    const rects = [...header.children]
      .map((c) => c.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    const firstBottom = Math.min(...rects.map((r) => r.bottom));
    return rects.every((r) => r.top < firstBottom);
  });
}

test('the header is one row at 1280 px, in English and Chinese, Language and Theme in a settings menu', async ({
  page,
  serve,
}) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('home-path')).toBeVisible();
  expect(await headerIsOneRow(page)).toBe(true);

  const button = page.getByTestId('settings-button');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('language-select')).toHaveCount(0);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('language-select')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-panel')).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  await button.click();
  await page.getByTestId('theme-select').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(page.getByRole('tab', { name: '上下文' })).toBeVisible();
  // A click elsewhere closes it too.
  await page.getByTestId('status-bar').click();
  await expect(page.getByTestId('settings-panel')).toHaveCount(0);
  await expect(page.getByTestId('settings-button')).toHaveText(/设置/);
  expect(await headerIsOneRow(page)).toBe(true);
  // The check can fail: far narrower, the header does wrap.
  await page.setViewportSize({ width: 700, height: 900 });
  expect(await headerIsOneRow(page)).toBe(false);
});

test('counts say what they count and sizes have one format, the exact bytes in a tooltip', async ({
  page,
  serve,
}) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('status-sections')).toHaveText(/^Sections \d+\/\d+ loaded$/);
  const bytes = page.getByTestId('status-bytes');
  await expect(bytes).toHaveText(/^Budget \d+\.\d KB \/ 100\.0 KB$/);
  await expect(bytes).toHaveAttribute(
    'title',
    /^[\d,]+ of 102,400 bytes: the files loaded, as the total budget counts them/,
  );
  await expect(page.getByTestId('status-context-size')).toHaveText(
    /^\d+\.\d KB · [\d,]+ characters · ≈ [\d,]+ tokens \(est\.\)$/,
  );
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByText(/^\d+ of \d+ sections shown$/)).toBeVisible();
});

test('the History Time filter takes the time as the cell shows it, and the headers are not cut', async ({
  page,
  serve,
}) => {
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'History' }).click();
  const first = page.getByTestId('history-row').first();
  await expect(first).toBeVisible();
  const shown = ((await first.locator('.history-col-time').textContent()) ?? '').replace(/ \(\d+\)$/, '');
  expect(shown).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await page.getByTestId('history-filter-time').fill(shown);
  await expect(page.getByTestId('history-count')).toHaveText(/^[1-9]\d* of \d+ snapshots$/);
  await expect(page.getByTestId('history-row').first().locator('.history-col-time')).toContainText(shown);
  // A prefix (the day) finds at least as many.
  await page.getByTestId('history-filter-time').fill(shown.slice(0, 10));
  await expect(page.getByTestId('history-row').first()).toBeVisible();

  const cut = await page
    .locator('.history-head-row .history-th')
    .evaluateAll((ths) =>
      ths.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent),
    );
  expect(cut).toEqual([]);
  // Sizes in the table are in the one format, the exact count on hover.
  const size = page.getByTestId('history-row').first().locator('.history-col-bytes');
  await expect(size).toHaveText(/^\d+(\.\d)? (B|KB|MB)$/);
  await expect(size).toHaveAttribute('title', /^[\d,]+ bytes$/);
});

test('the Manifest tab says when the override was reloaded from disk, and what changed', async ({
  page,
  serve,
  workspace,
}) => {
  const file = path.join(workspace.home, 'eck', 'eck_manifest.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { sections: { id: string; enabled?: boolean }[] };
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Manifest' }).click();
  await expect(page.getByTestId('section-row-rules')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('reload-notice')).toHaveCount(0);
  // Someone else edits the file: one entry removed, one changed, one added.
  const [removed, changed, ...rest] = doc.sections;
  const edited = {
    ...doc,
    sections: [{ ...changed, enabled: false }, ...rest, { id: 'rules', enabled: false }],
  };
  fs.writeFileSync(file, `${JSON.stringify(edited, null, 2)}\n`);
  const notice = page.getByTestId('reload-notice');
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(notice).toContainText('changed on disk and was reloaded');
  await expect(notice).toContainText('sections added: rules');
  await expect(notice).toContainText(`sections removed: ${removed?.id ?? ''}`);
  await expect(notice).toContainText(`sections changed: ${changed?.id ?? ''}`);
  await page.getByTestId('reload-notice-dismiss').click();
  await expect(notice).toHaveCount(0);
});

test('the History chart has time and byte axes in the UI language and a tooltip per point', async ({
  page,
  serve,
}) => {
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'History' }).click();
  const axes = page.getByTestId('history-chart-axes');
  // The demo history spans days: dates on the time axis, sizes in the one byte format.
  await expect(axes).toHaveAttribute('data-x-ticks', /[A-Z][a-z]{2} \d{1,2}/, { timeout: 15_000 });
  await expect(axes).toHaveAttribute('data-y-ticks', /^0 \| 25 KB \| 50 KB/);
  await expect(axes).toHaveAttribute('aria-label', /points from .* the largest \d+\.\d KB/);
  const plot = page.getByTestId('history-chart-plot');
  const box = await plot.boundingBox();
  if (box === null) throw new Error('no chart');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tip = page.getByTestId('history-chart-tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Session:');
  await expect(tip).toContainText('Chat type:');
  await expect(tip).toContainText(/Context: \d+(\.\d)? (B|KB|MB) \([\d,]+ UTF-8 bytes\)/);
  await expect(tip).toContainText(/Truncated: (yes|no)/);
  await expect(tip).toContainText(/20\d\d/);
  // Clicking the point opens its snapshot.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('history-detail')).toBeVisible();

  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(axes).toHaveAttribute('data-x-ticks', /\d{1,2}月\d{1,2}日/);
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  await expect(tip).toContainText('聊天类型');
});
