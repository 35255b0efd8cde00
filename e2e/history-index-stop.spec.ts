/**
 * The pass that reads every snapshot's columns can be stopped and resumed. Stopped,
 * the count of snapshots read stays where it was (the rest keep "…"), the toolbar says so in
 * the UI language, and Resume reads the rest. The free-text search over the same snapshots
 * stops and resumes the same way.
 */
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { fillHistory } from './support/fill-history';

const COPIES = 12_500;

test.use({ trace: 'off' });

/** The "done" figure of the stopped notice ("… 1,234 of 12,545 read …"). */
async function readCount(text: Promise<string | null>): Promise<number> {
  const m = /([\d,]+) (?:of|\/) ([\d,]+)/.exec((await text) ?? '');
  return Number((m?.[1] ?? 'NaN').replace(/,/g, ''));
}

test('Stop reading keeps the count where it was; Resume reads the rest', async ({
  page,
  serve,
  workspace,
}) => {
  test.setTimeout(180_000);
  const big = path.join(workspace.root, 'many-eck-debug');
  fillHistory(workspace.home, big, COPIES);
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-count')).toHaveText('45 of 45 snapshots');
  await page.getByTestId('history-open-folder').click();
  await page.getByTestId('history-path-dialog-input').fill(big);
  await page.getByTestId('history-path-dialog-input').press('Enter');
  await page.getByTestId('history-index-stop').click();
  const stopped = page.getByTestId('history-index-stopped');
  await expect(stopped).toContainText(`of ${COPIES.toLocaleString('en')} read`);
  // Rows read before the stop may still arrive in the last push; after that nothing moves.
  await page.waitForTimeout(1500);
  const first = await readCount(stopped.textContent());
  await page.waitForTimeout(2500);
  expect(await readCount(stopped.textContent())).toBe(first);
  expect(first).toBeLessThan(COPIES);
  // The stop belongs to the main side: switching tabs (a new History panel) still shows it.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(stopped).toBeVisible();
  await page.getByTestId('history-index-resume').click();
  await expect(page.getByTestId('history-index-progress').or(stopped)).toHaveCount(0, { timeout: 90_000 });
  await expect(
    page.locator('[data-testid="history-row"]').first().locator('.history-col-sessionType'),
  ).not.toHaveText('…');

  // A search can be stopped: what it has read stays read, the count stops moving, and Resume
  // reads the rest to the same answer a search left alone gives. The first search of a folder
  // reads the files (later ones find the texts cached and end in one part, too soon to stop).
  await page.getByTestId('history-search').fill('Context Kit');
  await page.getByTestId('history-search-stop').click();
  const searchState = page.getByTestId('history-search-state');
  await expect(searchState).toContainText(`of ${COPIES.toLocaleString('en')} read`);
  await expect(searchState).toContainText('search stopped');
  await page.waitForTimeout(1500);
  const searched = await readCount(searchState.textContent());
  await page.waitForTimeout(2000);
  expect(await readCount(searchState.textContent())).toBe(searched);
  expect(searched).toBeLessThan(COPIES);
  await page.getByTestId('history-search-resume').click();
  await expect(searchState).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('history-count')).toHaveText(/^12,?500 of 12,?500 snapshots$/);

  // The search reads in parts (each ~200 ms; the store's and the parts' unit tests cover Stop
  // and the rest): over 12,500 contexts it ends with every snapshot found and its state gone.
  await page.getByTestId('history-search').fill('EvolCore Context Kit');
  await expect(page.getByTestId('history-count')).toHaveText(/^12,?500 of 12,?500 snapshots$/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('history-search-state')).toHaveCount(0);
  await page.getByTestId('history-search').fill('no such words anywhere 42');
  await expect(page.getByTestId('history-count')).toHaveText(/^0 of 12,?500 snapshots$/, { timeout: 30_000 });
});
