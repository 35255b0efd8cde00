/**
 * One timeline of the live eck-debug folder and the home's archive, against `serve` (which runs
 * with `--no-archive`: the archive is built here, with the project's own archive code, into the
 * test's settings folder). evolcore has deleted the three oldest snapshots from eck-debug; the
 * History still lists all of them, says where each is kept, opens and replays an archived one,
 * and the archive's retention is the user's setting, kept across a reload.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { archiveHome } from '../electron/archive/archive-home';
import { archiveSettingsFile } from '../electron/archive/archive-settings';
import { DEBUG_FILE_KINDS, debugFileName } from '../shared/debug-files/names';
import { expectNoAxeViolations } from './support/axe';
import { expect, test as base } from './support/fixtures';
import { startServe } from './support/serve-process';
import type { ServeProcess } from './support/serve-process';

const DEMO_SNAPSHOTS = 45;
/** The three oldest demo snapshots, which evolcore's cleanup took after they were archived. */
const GONE = ['2026-11-29-08-00-00', '2026-11-29-08-41-07', '2026-11-29-09-22-14'];

/** `serve` on a home whose archive holds every demo snapshot and whose eck-debug lost three. */
const test = base.extend<{ archived: ServeProcess }>({
  archived: async ({ workspace }, use) => {
    const settingsDir = path.join(workspace.root, 'settings');
    await archiveHome({ home: workspace.home, settingsDir, settleMs: 0 });
    const debug = path.join(workspace.home, 'data', 'eck-debug');
    for (const key of GONE)
      for (const kind of DEBUG_FILE_KINDS)
        fs.rmSync(path.join(debug, debugFileName(kind, key)), { force: true });
    const server = await startServe({
      home: workspace.home,
      packageRoot: workspace.packageRoot,
      env: { ECK_INSPECTOR_SETTINGS_DIR: settingsDir },
    });
    await use(server);
    await server.stop();
  },
});

test.use({ viewport: { width: 1600, height: 1200 } });

async function openHistory(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-panel')).toBeVisible();
}

const row = (page: Page, key: string) => page.locator(`[data-testid="history-row"][data-key="${key}"]`);

test('lists the live folder and the archive as one, says where each is kept, and opens and replays an archived one', async ({
  page,
  archived,
}) => {
  await openHistory(page, archived.url);
  const count = page.getByTestId('history-count');
  // The archived-only rows join the live ones: every snapshot once.
  await expect(count).toHaveText(`${DEMO_SNAPSHOTS} of ${DEMO_SNAPSHOTS} snapshots`);
  const where = page.getByTestId('history-filter-where');
  await expect(where.locator('option')).toHaveText(['any', 'archive', 'live + archive']);
  await where.selectOption('archive');
  await expect(count).toHaveText(`${GONE.length} of ${DEMO_SNAPSHOTS} snapshots`);
  await expect(page.locator('[data-testid="history-row"] .history-col-where')).toHaveText(
    GONE.map(() => 'archive'),
  );
  await where.selectOption('both');
  await expect(count).toHaveText(`${DEMO_SNAPSHOTS - GONE.length} of ${DEMO_SNAPSHOTS} snapshots`);
  await where.selectOption('');
  // Sortable like the others: ascending puts the archived-only rows first.
  await page.getByTestId('history-sort-where').click();
  await expect(page.getByTestId('history-row').first()).toHaveAttribute('data-where', 'archive');

  // An archived-only snapshot opens: its files come from the archive.
  const key = GONE[1] as string;
  await row(page, key).click();
  const detail = page.getByTestId('history-detail');
  await expect(detail).toHaveAttribute('data-key', key);
  await expect(page.getByTestId('history-detail-archived')).toHaveText(/From the archive/);
  await expect(page.getByTestId('history-file')).not.toBeEmpty();
  await expectNoAxeViolations(page, 'the History with archived rows and an archived snapshot open', 'all', [
    '[data-testid="history-table"]',
    '[data-testid="history-detail-archived"]',
  ]);

  // And replays as a live one does.
  await page.getByTestId('history-replay').click();
  await expect(page.getByTestId('history-diff-verdict')).toHaveText(
    /No difference: the render now matches the recording\.|Differences found\./,
  );

  // In Chinese, the column and its words.
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(row(page, key).locator('.history-col-where')).toHaveText('归档');
  await expect(page.getByTestId('history-sort-where')).toContainText('保存位置');
});

test('the archive’s retention is the user’s setting: shown with its size and count, changed, kept after a reload', async ({
  page,
  archived,
  workspace,
}) => {
  await openHistory(page, archived.url);
  const summary = page.getByTestId('history-archive-summary');
  await expect(summary).toHaveText(
    new RegExp(`^Archive: ${DEMO_SNAPSHOTS} snapshots archived, .+ · 90 days$`),
  );
  await summary.click();
  const days = page.getByTestId('history-archive-days');
  await expect(days).toHaveValue('90');
  // Refused before anything is sent: the message says why, Save waits.
  await days.fill('0');
  await expect(page.getByTestId('history-archive-invalid')).toHaveText(
    'Type a whole number of days from 1 to 36500.',
  );
  await expect(page.getByTestId('history-archive-save')).toBeDisabled();
  await expectNoAxeViolations(page, 'the archive retention control, refusing 0 days', 'all', [
    '[data-testid="history-archive"]',
  ]);
  await days.fill('30');
  await page.getByTestId('history-archive-save').click();
  await expect(page.getByTestId('history-archive-saved')).toHaveText(
    'Saved: the archive keeps 30 days (applied at its next run).',
  );
  await expect(summary).toHaveText(/· 30 days$/);
  const file = archiveSettingsFile(path.join(workspace.root, 'settings'));
  expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ enabled: true, keepDays: 30 });

  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByTestId('history-archive-summary').click();
  await expect(page.getByTestId('history-archive-days')).toHaveValue('30');
  await page.getByTestId('history-archive-keep-all').check();
  await expect(page.getByTestId('history-archive-days')).toBeDisabled();
  await page.getByTestId('history-archive-save').click();
  await expect(page.getByTestId('history-archive-summary')).toHaveText(/· every snapshot$/);
  expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ enabled: true, keepDays: null });

  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(page.getByTestId('history-archive-summary')).toHaveText(
    new RegExp(`^归档：已归档 ${DEMO_SNAPSHOTS} 个快照.+ · 所有快照$`),
  );
});
