/**
 * The History tab against `serve` on a copy of the demo home: the demo history lists
 * its snapshots, filtering by chat type narrows it, diffing two snapshots shows the differing
 * sections, replaying an unchanged snapshot shows no difference, and a new render written into
 * the folder appears live.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { APP_ROOT } from './support/workspace-copy';

test.use({ viewport: { width: 1600, height: 1400 } });

const DEMO_SNAPSHOTS = 45;

async function openHistory(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-panel')).toBeVisible();
}

function rows(page: Page) {
  return page.getByTestId('history-row');
}

test('the demo history lists its snapshots, and filtering by chat type narrows it', async ({
  page,
  serve,
}) => {
  await openHistory(page, serve.url);
  await expect(page.getByTestId('history-count')).toHaveText(
    `${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`,
  );
  await expect(rows(page).first()).toBeVisible();
  // The background pass fills the columns; then the chat types are choices of the filter.
  const filter = page.getByTestId('history-filter-chatType');
  await expect(filter.locator('option[value="group"]')).toHaveCount(1);
  await filter.selectOption('group');
  const count = page.getByTestId('history-count');
  await expect(count).not.toHaveText(`${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`);
  const shown = Number(/^(\d+) of/.exec((await count.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(DEMO_SNAPSHOTS);
  const chatTypes = await page
    .locator('[data-testid="history-row"] .history-col-chatType')
    .evaluateAll((els) => els.map((e) => e.textContent));
  expect(chatTypes.length).toBeGreaterThan(0);
  expect(new Set(chatTypes)).toEqual(new Set(['group']));
});

test('the Session column guesses evolcore-format snapshots from their sections, marked ≈, and filters by it', async ({
  page,
  serve,
}) => {
  await openHistory(page, serve.url);
  const filter = page.getByTestId('history-filter-sessionType');
  await expect(filter.locator('option[value="auxiliary"]')).toHaveCount(1, { timeout: 15_000 });
  await filter.selectOption('auxiliary');
  await expect(page.getByTestId('history-count')).toHaveText(`5 of ${DEMO_SNAPSHOTS} snapshots`);
  const cell = rows(page).first().locator('.history-col-sessionType');
  await expect(cell).toHaveText('≈inferred auxiliary');
  await expect(cell).toHaveAttribute(
    'title',
    /do not record the session type.*eck_manifest\.auxiliary\.json/,
  );
  // To assistive tech the mark is a word.
  await expect(cell.getByTestId('history-session-inferred')).toContainText('inferred');
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(cell).toHaveAttribute('title', /推断.*eck_manifest\.auxiliary\.json/);
});

/** A Δ cell's text as bytes: `+1.2 KB` → 1229 (to the cell's precision), `−340 B` → -340. */
function deltaBytes(text: string): number | null {
  const m = /^([+\u2212]?)(\d+(?:\.\d)?) (B|KB|MB)$/.exec(text.trim());
  if (m === null) return null;
  const unit = m[3] === 'MB' ? 1024 * 1024 : m[3] === 'KB' ? 1024 : 1;
  return (m[1] === '\u2212' ? -1 : 1) * Number(m[2]) * unit;
}

test('the Δ column shows signed bytes, sorts the largest growth first, and filters by what it shows', async ({
  page,
  serve,
}) => {
  // Tall enough that the virtual table draws all 45 rows: the order checked is the whole one.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await openHistory(page, serve.url);
  const cells = page.locator('[data-testid="history-row"] .history-col-delta');
  // Once the background pass has read the sizes, the rows after the first carry a signed Δ.
  await expect
    .poll(async () => (await cells.allTextContents()).filter((t) => /^[+\u2212]\d/.test(t)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(5);
  const header = page.locator('[role="columnheader"].history-col-delta');
  await expect(header).toHaveText('Δ bytes');
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await page.getByTestId('history-sort-delta').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page)).toHaveCount(DEMO_SNAPSHOTS);
  const values = (await cells.allTextContents()).map(deltaBytes);
  const known = values.filter((v): v is number => v !== null);
  expect(known.length).toBeGreaterThan(5);
  expect(values[0]).toBe(Math.max(...known));
  expect(values[0]).toBeGreaterThan(0);
  for (let i = 1; i < known.length; i++) expect(known[i]).toBeLessThanOrEqual(known[i - 1] as number);
  // Unknown Δs (the first render) sort last.
  expect(values.slice(0, known.length).every((v) => v !== null)).toBe(true);
  // The filter matches the text shown: "+" keeps the growths only, and the count follows.
  await page.getByTestId('history-filter-delta').fill('+');
  const growths = known.filter((v) => v > 0).length;
  await expect(rows(page)).toHaveCount(growths);
  await expect(page.getByTestId('history-count')).toHaveText(`${growths} of ${DEMO_SNAPSHOTS} snapshots`);
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(header).toHaveText('Δ 字节 ▼');
});

test("the History's code is fetched while the page is idle, before its tab is clicked", async ({
  page,
  serve,
}) => {
  const fetched = page.waitForRequest((r) => /\/history-panel-[^/]*\.js$/.test(r.url()), { timeout: 10_000 });
  await page.goto(serve.url);
  await expect(page.getByRole('tab', { name: 'History' })).toBeVisible();
  await fetched;
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'false');
});

test('the chart follows a filter after the table does, and says so until it has', async ({ page, serve }) => {
  await openHistory(page, serve.url);
  const count = page.getByTestId('history-count');
  await expect(count).toHaveText(`${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`);
  const chart = page.getByTestId('history-chart');
  const filter = page.getByTestId('history-filter-chatType');
  await expect(filter.locator('option[value="group"]')).toHaveCount(1);
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  const all = Number(await chart.getAttribute('data-points'));
  expect(all).toBeGreaterThan(0);
  await filter.selectOption('group');
  await expect(count).not.toHaveText(`${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`);
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  const shown = Number(/^(\d+) of/.exec((await count.textContent()) ?? '')?.[1]);
  await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeLessThanOrEqual(shown);
  expect(Number(await chart.getAttribute('data-points'))).toBeLessThan(all);
  await filter.selectOption('');
  await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBe(all);
  await expect(chart).toHaveAttribute('aria-busy', 'false');
});

test('the chart marks the largest growths within a session; a mark says what grew and selects its snapshot', async ({
  page,
  serve,
}) => {
  await openHistory(page, serve.url);
  const marks = page.getByTestId('history-jump');
  await expect(marks).toHaveCount(3, { timeout: 15_000 });
  const first = marks.first();
  await expect(first).toHaveAccessibleName(
    /^Growth 1: \+\d+(\.\d)? (B|KB) in one session \(.+ → .+\) at .*2026/,
  );
  const key = (await first.getAttribute('data-key')) ?? '';
  // The named growth is that row's Δ in the table.
  const growth = /\+(\d+(\.\d)? (B|KB))/.exec((await first.getAttribute('aria-label')) ?? '')?.[1] ?? '';
  const row = page.locator(`[data-testid="history-row"][data-key="${key}"]`);
  await expect(row).toContainText(`+${growth}`);
  await first.click();
  await expect(page.getByTestId('history-detail')).toHaveAttribute('data-key', key);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
});

test('diffing two snapshots shows the sections that differ, labelled by cause', async ({ page, serve }) => {
  await openHistory(page, serve.url);
  // Oldest first: the first demo snapshot is a coding render, the second a private chat.
  await page.getByTestId('history-sort-time').click();
  await rows(page).nth(0).click();
  await expect(page.getByTestId('history-detail')).toBeVisible();
  await page.getByTestId('history-compare').click();
  await expect(page.getByTestId('history-compare-hint')).toBeVisible();
  await rows(page).nth(1).click();
  await expect(page.getByTestId('history-diff-verdict')).toHaveText('Differences found.');
  await expect(page.getByTestId('history-section-diff').first()).toBeVisible();
  expect(await page.getByTestId('history-section-diff').count()).toBeGreaterThan(1);
  await expect(page.getByTestId('history-vars-diff')).toContainText('chatType');
  await expect(page.getByTestId('history-cause').first()).toHaveText('vars changed');
  await page.screenshot({ path: test.info().outputPath('history-diff.png') });
});

test('replaying an unchanged snapshot shows no difference', async ({ page, serve }) => {
  await openHistory(page, serve.url);
  await rows(page).nth(2).click();
  await page.getByTestId('history-replay').click();
  await expect(page.getByTestId('history-diff-verdict')).toHaveText(
    'No difference: the render now matches the recording.',
  );
  await expect(page.getByTestId('history-context-same')).toBeVisible();
  await expect(page.getByTestId('history-section-diff')).toHaveCount(0);
});

test('a 200 MB context file is "too large to show" in the detail and the compare, in English and Chinese', async ({
  page,
  serve,
  workspace,
}) => {
  const key = '2026-11-30-21-40-54';
  const file = path.join(workspace.home, 'data', 'eck-debug', `context-${key}.md`);
  fs.truncateSync(file, 200 * 1024 * 1024); // Sparse: no disk spent.
  await openHistory(page, serve.url);
  await page.locator(`[data-testid="history-row"][data-key="${key}"]`).click();
  const note = page.getByTestId('history-file').getByTestId('too-large');
  await expect(note).toHaveText(/Too large to show \(200\.0 MB\); open it in your editor\./);
  // The file is in the home: the existing open-in-editor action (serve answers with its URL).
  await note.getByTestId('too-large-open').click();
  await expect(note.getByTestId('too-large-opened')).toContainText(`context-${key}.md`);
  await page.getByTestId('history-compare').click();
  await page.locator('[data-testid="history-row"][data-key="2026-11-30-22-21-01"]').click();
  await expect(page.getByTestId('history-context-too-large')).toContainText('Too large to show (200.0 MB)');
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(page.getByTestId('history-context-too-large')).toContainText(
    '文件过大，无法显示（200.0 MB）；请在编辑器中打开。',
  );
});

test('a new render written into the folder appears live', async ({ page, serve, workspace }) => {
  await openHistory(page, serve.url);
  await expect(page.getByTestId('history-count')).toHaveText(
    `${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`,
  );
  const vars = path.join(workspace.root, 'vars.json');
  fs.writeFileSync(
    vars,
    JSON.stringify({ selfAid: 'nova.aid.pub', chatType: 'private', peerName: 'Live Test' }),
  );
  execFileSync(
    process.execPath,
    [
      path.join(APP_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(APP_ROOT, 'electron', 'cli', 'eck.ts'),
      'render',
      '--home',
      workspace.home,
      '--package-root',
      workspace.packageRoot,
      '--vars',
      vars,
      '--write-debug',
    ],
    { stdio: 'pipe' },
  );
  const total = DEMO_SNAPSHOTS + 1;
  await expect(page.getByTestId('history-count')).toHaveText(`${total} of ${total} snapshots`, {
    timeout: 10_000,
  });
  // Newest first: the new render is the top row, its peer read by the background pass.
  await expect(rows(page).first().locator('.history-col-peer')).toHaveText('Live Test', { timeout: 10_000 });
});

test('brushing the chart filters the table; a malformed file marks its row; foreign names are listed apart', async ({
  page,
  serve,
  workspace,
}) => {
  const dir = path.join(workspace.home, 'data', 'eck-debug');
  await openHistory(page, serve.url);
  await expect(page.getByTestId('history-count')).toHaveText(
    `${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`,
  );
  // The points are drawn once the background pass has stated the sizes (a paced delta).
  await expect(page.getByTestId('history-chart-axes')).toHaveAttribute(
    'aria-label',
    new RegExp(`^${DEMO_SNAPSHOTS} points`),
    { timeout: 15_000 },
  );
  // Drag across the left third of the chart: only the oldest snapshots stay.
  const box = await page.getByTestId('history-chart-plot').boundingBox();
  if (box === null) throw new Error('no chart');
  // Along the bottom edge: the largest jumps' marks sit above their points and would take the
  // press (a click selects that snapshot).
  const y = box.y + box.height - 3;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 3, y, { steps: 5 });
  await page.mouse.up();
  const count = page.getByTestId('history-count');
  await expect(count).not.toHaveText(`${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`);
  const shown = Number(/^(\d+) of/.exec((await count.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(DEMO_SNAPSHOTS);
  await page.getByTestId('history-clear-brush').click();
  await expect(count).toHaveText(`${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`);
  // The budget line steps through each snapshot's own recorded budget (the demo's: 102,400 B).
  await expect(page.getByTestId('history-budget-line')).toHaveAttribute('data-steps', /^102400( \d+)*$/);

  fs.writeFileSync(path.join(dir, 'vars-2031-01-01-00-00-00.json'), '{"chatType": "group",');
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a snapshot');
  const bad = page.locator('[data-testid="history-row"][data-key="2031-01-01-00-00-00"]');
  await expect(bad.getByTestId('history-malformed')).toBeVisible({ timeout: 10_000 });
  await bad.click();
  await expect(page.getByTestId('history-problems')).toContainText('vars-2031-01-01-00-00-00.json');
  await page.getByTestId('history-foreign-button').click();
  await expect(page.getByTestId('history-foreign')).toContainText('notes.txt (file, 14 B)');
  // In the UI's language, not the file system's word.
  fs.mkdirSync(path.join(dir, 'old-copies'));
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('history-foreign')).toContainText('old-copies (文件夹)');
});

test('Open folder… asks in an in-app dialog: a missing folder is refused in place, Escape closes, a real one lists', async ({
  page,
  serve,
  workspace,
}) => {
  await openHistory(page, serve.url);
  const count = page.getByTestId('history-count');
  await expect(count).toHaveText(`${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`);
  await expect(page.getByTestId('history-home-folder')).toBeDisabled();
  const button = page.getByTestId('history-open-folder');
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Open a folder of snapshots' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByLabel('Folder of snapshots (a home or an eck-debug folder)');
  await expect(input).toBeFocused();
  await input.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Type a path.');
  const missing = path.join(workspace.root, 'no-such-folder');
  await input.fill(missing);
  await input.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(`No such folder: ${missing}`);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(count).toHaveText(`${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`);
  await input.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  const copy = path.join(workspace.root, 'two-snapshots');
  fs.mkdirSync(copy);
  const demo = path.join(workspace.home, 'data', 'eck-debug');
  for (const name of fs.readdirSync(demo).filter((n) => /2026-11-29-08-(00-00|41-07)\./.test(n))) {
    fs.copyFileSync(path.join(demo, name), path.join(copy, name));
  }
  await button.click();
  await dialog.getByLabel('Folder of snapshots (a home or an eck-debug folder)').fill(copy);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(count).toHaveText('2 of 2 snapshots');
  // Back to the home's history: only offered while another folder is shown.
  const home = page.getByTestId('history-home-folder');
  await home.click();
  await expect(count).toHaveText(`${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`);
  await expect(home).toBeDisabled();
});

test('Open bundle… says in the dialog when the file cannot be read', async ({ page, serve, workspace }) => {
  await openHistory(page, serve.url);
  await page.getByTestId('history-open-bundle').click();
  const dialog = page.getByRole('dialog', { name: 'Open a bundle' });
  await dialog.getByLabel('Bundle file (JSON)').fill(path.join(workspace.root, 'missing-bundle.json'));
  await dialog.getByLabel('Bundle file (JSON)').press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('Cannot read the bundle');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('what-if with the Manifest tab’s draft lists the snapshots it would change', async ({ page, serve }) => {
  test.setTimeout(90_000); // The Manifest tab starts Monaco, slow on a 2-core box.
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Manifest' }).click();
  await expect(page.getByTestId('section-row-rules')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('toggle-rules').uncheck();
  await expect(page.getByTestId('draft-state')).toHaveText('Draft — not saved');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-count')).toHaveText(
    `${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`,
  );
  await page.getByTestId('history-what-if').click();
  const result = page.getByTestId('history-what-if-result');
  await expect(result).toContainText(`${DEMO_SNAPSHOTS} snapshots rendered with the draft`, {
    timeout: 20_000,
  });
  const changes = result.getByTestId('history-what-if-change');
  expect(await changes.count()).toBeGreaterThan(0);
  await expect(changes.first()).toContainText('loses rules');
});

test('"use these vars" makes a snapshot the current scenario, re-rooted: it renders as recorded', async ({
  page,
  serve,
}) => {
  await openHistory(page, serve.url);
  // 10:03:21 on the first day: a private chat with Bob, 13 of 16 sections loaded.
  const row = page.locator('[data-testid="history-row"][data-key="2026-11-29-10-03-21"]');
  await expect(row.locator('.history-col-sections')).toHaveText('13 / 16');
  await row.click();
  await page.getByTestId('history-use-vars').click();
  await expect(page.getByTestId('history-notice')).toContainText('now the current scenario');
  await expect(page.getByTestId('status-sections')).toContainText('13/16');
});

test('the keyboard drives the table: arrows move the selection, Home/End jump, Enter opens, Escape closes', async ({
  page,
  serve,
}) => {
  await openHistory(page, serve.url);
  await expect(page.getByTestId('history-count')).toHaveText(
    `${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`,
  );
  const body = page.getByTestId('history-rows');
  await expect(rows(page).nth(2)).toBeVisible();
  // The first rows' keys, read before anything scrolls (the table only draws the rows in view).
  const [k0, k1, k2] = await Promise.all([0, 1, 2].map((i) => rows(page).nth(i).getAttribute('data-key')));
  const selected = page.locator('[data-testid="history-row"][aria-selected="true"]');
  // Reached with Tab like any control (it scrolls, so it is a tab stop), then ↓ selects the first row.
  await page.getByTestId('history-filter-where').focus(); // The last filter of the header.
  await page.keyboard.press('Tab');
  await expect(body).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(selected).toHaveAttribute('data-key', k0 ?? '');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(selected).toHaveAttribute('data-key', k2 ?? '');
  // The arrows moved the selection, not the page or the table.
  expect(await body.evaluate((el) => el.scrollTop)).toBe(0);
  expect(await page.locator('.panel-area').evaluate((el) => el.scrollTop)).toBe(0);
  // The focused row is the selected one (a screen reader reads it); nothing opened yet.
  await expect(selected).toBeFocused();
  await expect(page.getByTestId('history-detail')).toHaveCount(0);

  // End: the last snapshot, scrolled into view; Home: back to the first.
  await page.keyboard.press('End');
  const last = rows(page).last();
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(last).toBeInViewport();
  const lastKey = await last.getAttribute('data-key');
  await page.keyboard.press('Home');
  await expect(selected).toHaveAttribute('data-key', k0 ?? '');
  await expect(body).toHaveJSProperty('scrollTop', 0);

  // Enter opens the selected snapshot; with the detail open, ↓ takes it to the next one.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history-detail')).toHaveAttribute('data-key', k0 ?? '');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('history-detail')).toHaveAttribute('data-key', k1 ?? '');
  // Escape closes the detail and keeps the selection.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('history-detail')).toHaveCount(0);
  await expect(selected).toHaveAttribute('data-key', k1 ?? '');
  expect(lastKey).not.toBe(k0);
});
