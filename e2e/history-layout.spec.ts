/**
 * The History table beside its detail at the smaller operators' window (1280×800), in both
 * languages: no header broken inside a word, no cell cut, the table scrolls sideways below its
 * columns' width, and the detail's width is the user's (a split moved from the keyboard, kept).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';

test.use({ viewport: { width: 1280, height: 800 } });

/** Elements whose text is wider than their box (cut with an ellipsis). */
async function cutTexts(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
  );
}

/** Headers whose text breaks inside a word: a line box that starts mid-word. */
async function brokenHeaders(page: Page): Promise<string[]> {
  return page.locator('.history-head-row [role="columnheader"] button').evaluateAll((els) =>
    els
      .filter((button) => {
        const text = button.textContent ?? '';
        // One word per line at most: the header's height in lines against its words.
        const lines = Math.round(
          button.getBoundingClientRect().height / parseFloat(getComputedStyle(button).lineHeight || '16'),
        );
        const words = text.trim().split(/\s+/).length;
        return lines > words;
      })
      .map((b) => b.textContent ?? ''),
  );
}

for (const locale of ['en', 'zh-CN'] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });
    test('at 1280×800 the table keeps its headers and cells whole and scrolls sideways', async ({
      page,
      serve,
    }) => {
      await page.goto(`${serve.url}#/history`);
      const first = page.getByTestId('history-row').first();
      await expect(first).toBeVisible();
      // The background pass has filled the session column ("≈ auxiliary").
      await expect(page.getByTestId('history-session-inferred').first()).toBeVisible();
      await first.click();
      await expect(page.getByTestId('history-side')).not.toBeEmpty();

      expect(await brokenHeaders(page)).toEqual([]);
      expect(await cutTexts(page.locator('[data-testid="history-row"] [role="cell"]'))).toEqual([]);

      // The split: ← widens the detail by one step; the table then scrolls sideways, uncut.
      const split = page.getByTestId('history-split');
      const before = Number(await split.getAttribute('aria-valuenow'));
      await split.focus();
      for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowLeft');
      const after = Number(await split.getAttribute('aria-valuenow'));
      expect(after).toBeGreaterThan(before);
      const table = page.getByTestId('history-table');
      expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await cutTexts(page.locator('[data-testid="history-row"] [role="cell"]'))).toEqual([]);
      const side = await page.getByTestId('history-side').boundingBox();
      expect(Math.round(side?.width ?? 0)).toBe(after);

      // Kept: a reload opens the detail at the same width.
      await page.reload();
      await expect(page.getByTestId('history-row').first()).toBeVisible();
      await expect(page.getByTestId('history-split')).toHaveAttribute('aria-valuenow', String(after));
      await expectNoAxeViolations(page, `History beside its detail at 1280 (${locale})`);
    });
  });
}
