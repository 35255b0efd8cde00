/**
 * Saves and versions, in English and Chinese: a save says what it did in words and keeps the previous
 * version; the versions list (keyboard, axe) shows it with its diff and render effect; Restore
 * brings it back and the Timeline shows it; a draft survives a reload with a notice; leaving
 * with a draft asks.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

const WORDS = {
  en: {
    manifest: 'Manifest',
    timeline: 'Timeline',
    saved: 'Saved. rules off.',
    kept: 'Previous version kept.',
    restored: 'Restored the version of',
    dirty: 'Draft — not saved',
    notice: 'was brought back after the page reloaded',
  },
  'zh-CN': {
    manifest: 'manifest',
    timeline: '时间线',
    saved: '已保存。rules 已关闭。',
    kept: '上一版本已保留。',
    restored: '已恢复',
    dirty: '草稿——未保存',
    notice: '页面重新加载后，已找回',
  },
} as const;

for (const language of ['en', 'zh-CN'] as const) {
  const w = WORDS[language];
  test.describe(`in ${language}`, () => {
    test.use({ locale: language });

    async function openManifest(page: Page, url: string): Promise<void> {
      await page.goto(url);
      await page.getByRole('tab', { name: w.manifest }).click();
      await expect(page.getByTestId('section-row-rules')).toBeVisible({ timeout: 20_000 });
    }

    test('save in words, the previous version listed, restored, and the Timeline shows it', async ({
      page,
      serve,
      workspace,
    }) => {
      const file = path.join(workspace.home, 'eck', 'eck_manifest.json');
      const before = fs.readFileSync(file, 'utf8');
      await openManifest(page, serve.url);
      await page.getByTestId('toggle-rules').uncheck();
      await page.getByTestId('save-override').click();

      // Words for people; the paths only on hover; no internal names.
      const saved = page.getByTestId('save-saved');
      await expect(saved.getByTestId('save-words')).toHaveText(w.saved);
      await expect(saved.getByTestId('save-words')).toHaveAttribute('title', file);
      await expect(saved.getByTestId('save-kept')).toHaveText(w.kept);
      await expect(saved).not.toContainText('invalidateKitCache');
      await expect(saved).not.toContainText(workspace.home);

      // The versions list: the file as it was before the save, newest first.
      await saved.getByTestId('save-show-versions').click();
      const rows = page.getByTestId('version-row');
      await expect(rows).toHaveCount(1);
      await expectNoAxeViolations(page, `versions list (${language})`);

      // Keyboard: focus the list, End/Home/↓ select; the detail shows the diff and the effect.
      await rows.first().focus();
      await page.keyboard.press('End');
      await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('version-diff')).toBeVisible();
      const effect = page.getByTestId('version-effect');
      await expect(effect).toContainText('rules');
      await expectNoAxeViolations(page, `versions list, one selected (${language})`);

      await page.getByTestId('version-restore').click();
      await expect(page.getByTestId('version-restored')).toContainText(w.restored);
      expect(fs.readFileSync(file, 'utf8')).toBe(before);
      await expect(page.getByTestId('toggle-rules')).toBeChecked();
      // The restore kept what it replaced: two versions now, so the restore can be undone.
      await expect(rows).toHaveCount(2);

      await page.getByRole('tab', { name: w.timeline }).click();
      const row = page.locator('[data-testid="timeline-row"][data-section="rules"]');
      await expect(row).toHaveAttribute('data-status', 'ok');
    });

    test('a draft survives a reload with a notice; leaving with a draft asks', async ({
      page,
      serve,
      workspace,
    }) => {
      const file = path.join(workspace.home, 'eck', 'eck_manifest.json');
      const before = fs.readFileSync(file, 'utf8');
      await openManifest(page, serve.url);
      await page.getByTestId('toggle-rules').uncheck();
      await expect(page.getByTestId('draft-state')).toHaveText(w.dirty);

      // Reloading asks first (beforeunload); accepted, the page reloads and the draft comes back.
      const asked: string[] = [];
      page.on('dialog', (d) => {
        asked.push(d.type());
        void (asked.length === 1 ? d.accept() : d.dismiss());
      });
      await page.reload();
      expect(asked).toEqual(['beforeunload']);
      await page.getByRole('tab', { name: w.manifest }).click();
      await expect(page.getByTestId('draft-restored')).toContainText(w.notice);
      await expect(page.getByTestId('toggle-rules')).not.toBeChecked();
      await expect(page.getByTestId('draft-state')).toHaveText(w.dirty);
      // Never written into the home.
      expect(fs.readFileSync(file, 'utf8')).toBe(before);

      // Opening another home asks (a confirm); dismissed, the workspace stays.
      await page.getByTestId('home-path').fill(path.join(workspace.root, 'elsewhere'));
      await page.getByTestId('home-path').press('Enter');
      await expect.poll(() => asked.length).toBe(2);
      expect(asked[1]).toBe('confirm');
      await page.getByTestId('home-path').press('Escape');
      await expect(page.getByTestId('home-path')).toHaveValue(workspace.home);

      // Closing asks too; dismissed, the page stays with its draft.
      await page.close({ runBeforeUnload: true });
      await expect.poll(() => asked.length).toBe(3);
      expect(asked[2]).toBe('beforeunload');
      expect(page.isClosed()).toBe(false);
      await expect(page.getByTestId('toggle-rules')).not.toBeChecked();
    });
  });
}
