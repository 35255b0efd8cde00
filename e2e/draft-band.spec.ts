/**
 * The draft is what you see, in English and Chinese: two sections switched off in
 * the Manifest tab, the Timeline shows the draft's render under one band with both rows
 * marked; Ctrl+Z undoes one (the band's count drops, that row's mark goes); "Show saved" flips
 * back to the saved render. axe checks the band state.
 */
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe.configure({ timeout: 90_000 });

const WORDS = {
  en: {
    manifest: 'Manifest',
    timeline: 'Timeline',
    context: 'Context',
    two: 'Draft — not saved: 2 changes',
    one: 'Draft — not saved: 1 change',
    undoSession: 'Undo: disable persona',
    showSaved: 'Show saved',
    showDraft: 'Show draft',
    mark: 'loaded → disabled',
  },
  'zh-CN': {
    manifest: 'manifest',
    timeline: '时间线',
    context: '上下文',
    two: '草稿——未保存：2 处改动',
    one: '草稿——未保存：1 处改动',
    undoSession: '撤销：禁用 persona',
    showSaved: '显示已保存',
    showDraft: '显示草稿',
    mark: '已加载 → 已禁用',
  },
} as const;

const row = (page: Page, id: string) => page.locator(`[data-testid="timeline-row"][data-section="${id}"]`);

for (const locale of ['en', 'zh-CN'] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });
    test('two toggles show as the draft in the Timeline; Ctrl+Z takes one back; Show saved flips', async ({
      page,
      serve,
    }) => {
      const w = WORDS[locale];
      await page.goto(serve.url);
      await page.getByRole('tab', { name: w.manifest }).click();
      await expect(page.getByTestId('section-row-rules')).toBeVisible({ timeout: 20_000 });
      await page.getByTestId('toggle-rules').uncheck();
      await page.getByTestId('toggle-persona').uncheck();
      // The toolbar's Undo names what it takes back.
      await expect(page.getByTestId('undo')).toHaveText(w.undoSession);

      await page.getByRole('tab', { name: w.timeline }).click();
      const band = page.getByTestId('draft-band');
      await expect(band.getByTestId('draft-band-text')).toHaveText(w.two);
      await expect(band).toHaveAttribute('data-shown', 'draft');
      for (const id of ['rules', 'persona']) {
        await expect(row(page, id)).toHaveAttribute('data-status', 'disabled');
        await expect(row(page, id)).toHaveAttribute('data-marked', 'draft');
        await expect(row(page, id).getByTestId('row-mark')).toContainText(w.mark);
      }
      await expect(page.getByTestId('status-draft')).toBeVisible();
      await expectNoAxeViolations(page, `Timeline with the draft band (${locale})`);

      // Ctrl+Z from the Timeline undoes the last toggle only.
      await page.getByTestId('timeline-list').focus();
      await page.keyboard.press('Control+z');
      await expect(band.getByTestId('draft-band-text')).toHaveText(w.one);
      await expect(row(page, 'persona')).toHaveAttribute('data-status', 'ok');
      await expect(row(page, 'persona')).not.toHaveAttribute('data-marked', /.+/);
      await expect(row(page, 'rules')).toHaveAttribute('data-marked', 'draft');

      // Show saved: the saved render, no marks; Show draft brings the draft back.
      await band.getByRole('button', { name: w.showSaved }).click();
      await expect(band).toHaveAttribute('data-shown', 'saved');
      await expect(row(page, 'rules')).toHaveAttribute('data-status', 'ok');
      await expect(row(page, 'rules')).not.toHaveAttribute('data-marked', /.+/);
      await expect(page.getByTestId('status-draft')).toHaveCount(0);
      await band.getByRole('button', { name: w.showDraft }).click();
      await expect(row(page, 'rules')).toHaveAttribute('data-status', 'disabled');
      // The Context tab shows the same draft under the same band.
      await page.getByRole('tab', { name: w.context }).click();
      await expect(page.getByTestId('draft-band').getByTestId('draft-band-text')).toHaveText(w.one);
    });
  });
}

test('the condition editor opens in its own row without moving the columns; Escape closes it and gives focus back', async ({
  page,
  serve,
}) => {
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Manifest' }).click();
  await expect(page.getByTestId('section-row-rules')).toBeVisible({ timeout: 20_000 });
  const heads = page.getByTestId('manifest-sections').locator('thead th');
  const edges = () =>
    heads.evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().left)));
  const before = await edges();
  await page.getByTestId('edit-when-peer-profile').click();
  await expect(page.getByTestId('when-peer-profile-kind')).toBeFocused();
  expect(await edges()).toEqual(before);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('when-peer-profile-kind')).toHaveCount(0);
  await expect(page.getByTestId('edit-when-peer-profile')).toBeFocused();
});

test('expert mode opens the JSON beside the table, resizable, scrolled to the selected row', async ({
  page,
  serve,
}) => {
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Manifest' }).click();
  await expect(page.getByTestId('section-row-rules')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('expert-mode').check();
  const editor = page.getByTestId('override-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  // Beside the table, on screen, not under the form.
  const table = await page.getByTestId('manifest-sections').boundingBox();
  const box = await editor.boundingBox();
  const viewport = page.viewportSize();
  expect(table !== null && box !== null && viewport !== null).toBe(true);
  if (table === null || box === null || viewport === null) return;
  expect(box.x).toBeGreaterThan(table.x + table.width - 1);
  expect(box.y).toBeLessThan(viewport.height);
  // The handle moves with the keyboard.
  const handle = page.getByTestId('expert-split-handle');
  await expect(handle).toHaveAttribute('aria-valuenow', '45');
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', '50');
  // Selecting a row scrolls the merged JSON to its entry.
  await page.getByTestId('choose-merged').click();
  await page.getByTestId('section-row-venue-fragment').locator('td').nth(1).click();
  await expect(page.getByTestId('pane-merged').locator('.view-lines')).toContainText('"venue-fragment"');
  await expectNoAxeViolations(page, 'Manifest, expert mode beside the table');
});

test('after a vars change the Timeline marks the rows it changed and keeps a Changes list', async ({
  page,
  serve,
}) => {
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(row(page, 'rules')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('changes-list')).toHaveCount(0);
  await page.getByTestId('preset-select').selectOption('group-member');
  const list = page.getByTestId('changes-list');
  await expect(list.getByTestId('changes-summary')).toContainText(/Rows [1-9]/);
  await expect(list.getByTestId('changes-summary')).toContainText(/Lines \+\d+ −\d+/);
  // team-notes loads only in a group chat: marked as changed, from "when false" to "loaded".
  await expect(row(page, 'team-notes')).toHaveAttribute('data-marked', 'recent');
  await expect(row(page, 'team-notes').getByTestId('row-mark')).toContainText('when false → loaded');
  await list.locator('summary').click();
  await expect(list.getByTestId('change-team-notes')).toContainText('when false → loaded');
  // The marks fade after a few seconds; the list stays.
  await expect(row(page, 'team-notes')).not.toHaveAttribute('data-marked', /.+/, { timeout: 10_000 });
  await expect(list).toBeVisible();
});
