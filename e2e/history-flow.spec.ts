/**
 * History as a flow, against `serve` on a copy of the demo home: a compare is older → newer
 * whatever the click order, with a swap; a replay has Back (Escape too); Export in the browser
 * is a real download that opens again as a bundle; "Clean older than 24 h" shows what it would
 * delete, judged by file times, before it deletes; the what-if says it takes the rows shown.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1600, height: 1200 } });
// axe over the whole page takes seconds on a loaded 2-core box: room for it, not for waiting.
test.setTimeout(60_000);

const DEMO_SNAPSHOTS = 45;
const OLDEST = '2026-11-29-08-00-00';
const SECOND = '2026-11-29-08-41-07';

async function openHistory(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-count')).toHaveText(
    `${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`,
  );
}

/** Oldest first: the table draws only the rows in view, and the ones used here are the oldest. */
async function oldestFirst(page: Page): Promise<void> {
  await page.getByTestId('history-sort-time').click();
  await expect(row(page, OLDEST)).toBeVisible();
}

function row(page: Page, key: string) {
  return page.locator(`[data-testid="history-row"][data-key="${key}"]`);
}

async function toChinese(page: Page): Promise<void> {
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  // Closed again, so it covers nothing.
  await page.getByTestId('settings-button').click();
}

test('a compare is older → newer whichever was picked first, and Swap turns it round', async ({
  page,
  serve,
}) => {
  await openHistory(page, serve.url);
  await oldestFirst(page);
  // The newer one first.
  await row(page, SECOND).click();
  await page.getByTestId('history-compare').click();
  await row(page, OLDEST).click();
  const title = page.getByTestId('history-diff-title');
  await expect(title).toHaveText(`Compare ${OLDEST} (older) → ${SECOND} (newer)`);
  await expect(page.getByTestId('history-diff-verdict')).toHaveText('Differences found.');
  // The coding render had no chatType; the private chat after it has one: before → after.
  const chatType = page.getByTestId('history-vars-diff').locator('tr', { hasText: 'chatType' });
  await expect(chatType.locator('td').nth(1)).toHaveText('unset');
  await expect(chatType.locator('td').nth(3)).toHaveText('"private"');
  // The sections' statuses in the Timeline's words, the counts in their plural form.
  await expect(page.getByTestId('history-sections-diff')).toContainText('loaded');
  await expect(page.getByTestId('history-sections-diff')).not.toContainText(/\bok\b/);
  await expectNoAxeViolations(page, 'History compare (en)');
  await page.screenshot({ path: test.info().outputPath('history-compare.png') });
  await page.getByTestId('history-diff-swap').click();
  await expect(title).toHaveText(`Compare ${SECOND} (newer) → ${OLDEST} (older)`);
  await expect(chatType.locator('td').nth(1)).toHaveText('"private"');
  await expect(chatType.locator('td').nth(3)).toHaveText('unset');
});

test('Replay shows its result with Back: Back and Escape return to the snapshot and its actions', async ({
  page,
  serve,
}) => {
  await openHistory(page, serve.url);
  await oldestFirst(page);
  await row(page, OLDEST).click();
  await page.getByTestId('history-replay').click();
  await expect(page.getByTestId('history-diff-verdict')).toHaveText(
    'No difference: the render now matches the recording.',
  );
  const back = page.getByTestId('history-back');
  await expect(back).toHaveText(`← Back to ${OLDEST}`);
  // The Replay button went with the detail: the focus is on Back, not lost.
  await expect(back).toBeFocused();
  await expectNoAxeViolations(page, 'History replay (en)');
  await page.screenshot({ path: test.info().outputPath('history-replay.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('history-detail')).toHaveAttribute('data-key', OLDEST);
  await expect(page.getByTestId('history-replay')).toBeVisible();
  await page.getByTestId('history-replay').click();
  await page.getByTestId('history-back').click();
  await expect(page.getByTestId('history-detail')).toHaveAttribute('data-key', OLDEST);
  await expect(page.getByTestId('history-export')).toBeVisible();
});

test('Export in the browser is a download named after the snapshot, and the file opens as a bundle', async ({
  page,
  serve,
  workspace,
}) => {
  await openHistory(page, serve.url);
  await oldestFirst(page);
  await row(page, SECOND).click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('history-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`snapshot-${SECOND}.json`);
  const saved = path.join(workspace.root, download.suggestedFilename());
  await download.saveAs(saved);
  const bundle = JSON.parse(fs.readFileSync(saved, 'utf8')) as { key: string; tree: object };
  expect(bundle.key).toBe(SECOND);
  const files = Object.keys(bundle.tree).length;
  await expect(page.getByTestId('history-notice')).toHaveText(
    new RegExp(`^Bundle downloaded as snapshot-${SECOND}\\.json \\(${files} files\\)`),
  );
  // Nothing was written on the server's side: no bundles folder in the settings.
  expect(fs.existsSync(path.join(workspace.root, 'settings', 'bundles', `snapshot-${SECOND}.json`))).toBe(
    false,
  );
  // The downloaded file re-renders from its own tree.
  await page.getByTestId('history-open-bundle').click();
  const dialog = page.getByRole('dialog', { name: 'Open a bundle' });
  await dialog.getByLabel('Bundle file (JSON)').fill(saved);
  await dialog.getByLabel('Bundle file (JSON)').press('Enter');
  await expect(page.getByTestId('history-bundle-result')).toBeVisible();
  await expect(page.getByTestId('history-diff-verdict')).toHaveText(
    'No difference: the render now matches the recording.',
  );
});

test('Clean older than 24 h shows what it would delete, by file time, before deleting', async ({
  page,
  serve,
  workspace,
}) => {
  const dir = path.join(workspace.home, 'data', 'eck-debug');
  const filesOf = (key: string) => fs.readdirSync(dir).filter((n) => n.includes(key));
  const stamp = (key: string, hoursAgo: number): void => {
    const t = new Date(Date.now() - hoursAgo * 3_600_000);
    for (const n of filesOf(key)) fs.utimesSync(path.join(dir, n), t, t);
  };
  // By file time, the second snapshot is the oldest of the two.
  stamp(OLDEST, 30);
  stamp(SECOND, 50);
  const size = [...filesOf(OLDEST), ...filesOf(SECOND)].reduce(
    (sum, n) => sum + fs.statSync(path.join(dir, n)).size,
    0,
  );
  await openHistory(page, serve.url);
  await page.getByTestId('history-clean').click();
  const ask = page.getByTestId('history-clean-ask');
  const kb = `${(size / 1024).toFixed(1)} KB`;
  await expect(ask.getByTestId('history-clean-summary')).toHaveText(
    `2 snapshots (8 files, ${kb}) have their files last modified more than 24 h ago. Delete them?`,
  );
  await expect(ask.getByTestId('history-clean-basis')).toContainText('Judged by file modification time');
  await expect(ask.getByTestId('history-clean-range')).toContainText(`Oldest: ${SECOND} (modified `);
  await expect(ask.getByTestId('history-clean-range')).toContainText(`Newest: ${OLDEST} (modified `);
  // Enter on the first focus deletes nothing.
  await expect(ask.getByTestId('history-clean-cancel')).toBeFocused();
  await expectNoAxeViolations(page, 'History clean preview (en)');
  await page.screenshot({ path: test.info().outputPath('history-clean-preview.png') });
  expect(filesOf(OLDEST)).toHaveLength(4);
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  expect(filesOf(SECOND)).toHaveLength(4);
  await page.getByTestId('history-clean').click();
  await page.getByTestId('history-clean-yes').click();
  await expect(page.getByTestId('history-notice')).toContainText('Deleted 2 snapshots.');
  expect(filesOf(OLDEST)).toEqual([]);
  expect(filesOf(SECOND)).toEqual([]);
  const left = DEMO_SNAPSHOTS - 2;
  await expect(page.getByTestId('history-count')).toHaveText(`${left} of ${left} snapshots`);
});

test('the what-if says it takes the rows shown; the new words in Chinese', async ({
  page,
  serve,
  workspace,
}) => {
  await openHistory(page, serve.url);
  const whatIf = page.getByTestId('history-what-if');
  await expect(whatIf).toHaveText(`What-if with the draft on all ${DEMO_SNAPSHOTS} snapshots`);
  const filter = page.getByTestId('history-filter-chatType');
  await expect(filter.locator('option[value="group"]')).toHaveCount(1, { timeout: 15_000 });
  await filter.selectOption('group');
  const shown = Number(/^(\d+) of/.exec((await page.getByTestId('history-count').textContent()) ?? '')?.[1]);
  expect(shown).toBeLessThan(DEMO_SNAPSHOTS);
  await expect(whatIf).toHaveText(`What-if with the draft on the ${shown} of ${DEMO_SNAPSHOTS} shown`);

  const dir = path.join(workspace.home, 'data', 'eck-debug');
  const old = new Date(Date.now() - 30 * 3_600_000);
  for (const n of fs.readdirSync(dir).filter((n) => n.includes(OLDEST)))
    fs.utimesSync(path.join(dir, n), old, old);
  await toChinese(page);
  await expect(whatIf).toHaveText(`用草稿对显示的 ${shown} / ${DEMO_SNAPSHOTS} 个快照做假设分析`);
  await page.getByTestId('history-clean').click();
  await expect(page.getByTestId('history-clean-basis')).toHaveText(
    '按文件修改时间判断（与 evolcore 自己的清理相同），范围是整个文件夹，而不只是显示的行。',
  );
  await expect(page.getByTestId('history-clean-summary')).toContainText('有 1 个快照（4 个文件，');
  await page.getByTestId('history-clean-cancel').click();
  await filter.selectOption('');
  await oldestFirst(page);
  await row(page, OLDEST).click();
  await page.getByTestId('history-replay').click();
  await expect(page.getByTestId('history-back')).toHaveText(`← 返回 ${OLDEST}`);
});
