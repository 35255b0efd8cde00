/**
 * axe-core's WCAG 2.1 AA rules on every tab and state the other specs visit, in the light and
 * the dark theme and in English and Chinese. Each state is checked in every look without
 * leaving it: the theme and language are switched from the settings menu.
 *
 * A language changes the words (names, labels, `lang`): all rules run in light English and
 * light Chinese. A theme changes colours only (no style keys on the language), so the dark
 * looks run axe's colour rules, in both languages: the same verdicts at half the cost.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { APP_ROOT } from './support/workspace-copy';

// The smaller of the two sizes operators use.
test.use({ viewport: { width: 1280, height: 800 } });

/** Monaco and the lazily loaded panels take a while on a loaded two-core CI box. */
const SLOW = { timeout: 30_000 };

const LOOKS = [
  { theme: 'light', language: 'en', rules: 'all' },
  { theme: 'dark', language: 'en', rules: 'colour' },
  { theme: 'light', language: 'zh-CN', rules: 'all' },
  { theme: 'dark', language: 'zh-CN', rules: 'colour' },
] as const;

/** Chooses theme and language in the settings menu, then closes it (Escape). */
async function setLook(page: Page, theme: string, language: string): Promise<void> {
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption(language);
  await page.getByTestId('theme-select').selectOption(theme);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-panel')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Checks the page as it is in every look, then goes back to light English for the next step. */
async function checkEveryLook(page: Page, state: string): Promise<void> {
  for (const { theme, language, rules } of LOOKS) {
    await setLook(page, theme, language);
    await expectNoAxeViolations(page, `${state} (${theme}, ${language})`, rules);
  }
  await setLook(page, 'light', 'en');
}

async function openTab(page: Page, url: string, tab: string): Promise<void> {
  // The app opens on the Timeline; the link names the tab to check.
  await page.goto(`${url}#/${tab}`);
  // The first render is on screen once the status bar counts its sections.
  await expect(page.getByTestId('status-sections')).toContainText(/\d+\/\d+/, SLOW);
  await expect(page.locator(`#tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
  if (tab === 'context') await expect(page.getByTestId('context-text')).toBeVisible(SLOW);
}

test('Timeline: the table with its budget bars, then a section detail open', async ({ page, serve }) => {
  test.setTimeout(120_000);
  await openTab(page, serve.url, 'timeline');
  await expect(page.getByTestId('timeline-row').first()).toBeVisible(SLOW);
  await checkEveryLook(page, 'Timeline');
  await page.getByTestId('timeline-list').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('section-detail')).toBeVisible();
  await expect(page.getByTestId('source-editor')).toHaveAttribute('data-ready', 'true', SLOW);
  await checkEveryLook(page, 'Timeline, section detail');
});

test('Context', async ({ page, serve }) => {
  test.setTimeout(90_000);
  await openTab(page, serve.url, 'context');
  await checkEveryLook(page, 'Context');
});

test('Vars: the form and the JSON view', async ({ page, serve }) => {
  test.setTimeout(90_000);
  await openTab(page, serve.url, 'vars');
  await expect(page.getByTestId('vars-form')).toBeVisible(SLOW);
  await expect(page.getByTestId('vars-json-editor')).toHaveAttribute('data-ready', 'true', SLOW);
  await checkEveryLook(page, 'Vars');
});

test('Manifest: the table, the inline condition editor, expert mode', async ({ page, serve }) => {
  test.setTimeout(150_000);
  await openTab(page, serve.url, 'manifest');
  await expect(page.getByTestId('section-row-rules')).toBeVisible(SLOW);
  await checkEveryLook(page, 'Manifest');
  await page.getByTestId('edit-when-peer-profile').click();
  await expect(page.getByTestId('when-peer-profile-kind')).toBeVisible();
  await checkEveryLook(page, 'Manifest, condition editor');
  await page.getByTestId('expert-mode').check();
  await expect(page.getByTestId('override-editor')).toHaveAttribute('data-ready', 'true', SLOW);
  await checkEveryLook(page, 'Manifest, expert mode');
});

test('History: the table, a snapshot selected, a compare', async ({ page, serve }) => {
  test.setTimeout(150_000);
  await openTab(page, serve.url, 'history');
  const rows = page.getByTestId('history-row');
  await expect(rows.first()).toBeVisible(SLOW);
  await checkEveryLook(page, 'History');
  await rows.nth(0).click();
  await expect(page.getByTestId('history-detail')).toBeVisible();
  await checkEveryLook(page, 'History, snapshot selected');
  await page.getByTestId('history-compare').click();
  await rows.nth(1).click();
  await expect(page.getByTestId('history-diff-verdict')).toBeVisible(SLOW);
  await checkEveryLook(page, 'History, compare');
});

test('the Claude Code view: files with one open, the text with a target file', async ({
  page,
  serve,
  workspace,
}) => {
  test.setTimeout(150_000);
  const dir = path.join(workspace.root, 'claude-md-project');
  fs.cpSync(path.join(APP_ROOT, 'e2e', 'fixtures', 'claude-md-project'), dir, {
    recursive: true,
    verbatimSymlinks: true,
  });
  await page.goto(`${serve.url}#/context`);
  await expect(page.getByTestId('context-text')).toBeVisible(SLOW);
  await page.getByTestId('workspace-kind').selectOption('claude');
  for (const [field, value] of [
    ['claude-cwd', path.join(dir, 'project')],
    ['claude-home', path.join(dir, 'home')],
    ['claude-managed', path.join(dir, 'managed')],
  ] as const) {
    await page.getByTestId(field).fill(value);
    await page.getByTestId(field).press('Enter');
  }
  await expect(page.getByTestId('claude-file-row')).toHaveCount(13, SLOW);
  await page.getByTestId('claude-file-row').first().click();
  await expect(page.getByTestId('claude-file-editor')).toBeVisible(SLOW);
  await checkEveryLook(page, 'Claude Code, files');
  await page.getByTestId('claude-view-text').click();
  await expect(page.getByTestId('claude-context-text')).toBeVisible();
  await page.getByTestId('claude-target').fill('packages/app/src/App.tsx');
  await page.getByTestId('claude-target').press('Enter');
  await expect(page.getByTestId('claude-attachment-why').first()).toBeVisible(SLOW);
  await checkEveryLook(page, 'Claude Code, text with a target file');
  // The target picker is modal (the settings menu is behind it): opened once per look.
  for (const { theme, language } of LOOKS) {
    await setLook(page, theme, language);
    await page.getByTestId('claude-target-browse').click();
    const tree = page.getByTestId('claude-picker-tree');
    await tree.locator('[data-path="packages"]').click();
    await expect(tree.locator('[data-path="packages/app"]')).toBeVisible(SLOW);
    await expectNoAxeViolations(page, `Claude Code, target picker (${theme}, ${language})`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('claude-target-picker')).toHaveCount(0);
  }
  await setLook(page, 'light', 'en');
});

/** The contrast ratio of two `rgb(…)` colours (WCAG's relative luminance). */
function contrast(a: string, b: string): number {
  const lum = (c: string): number => {
    const [r = 0, g = 0, bl = 0] = (c.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test('dark theme: enabled and disabled controls look different, inputs look enabled, focus shows', async ({
  page,
  serve,
}) => {
  test.setTimeout(90_000);
  await openTab(page, serve.url, 'manifest');
  await expect(page.getByTestId('section-row-rules')).toBeVisible(SLOW);
  await setLook(page, 'dark', 'en');
  const look = (testId: string) =>
    page.getByTestId(testId).evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        bg: s.backgroundColor,
        border: s.borderStyle,
        borderColor: s.borderTopColor,
        color: s.color,
        opacity: s.opacity,
        cursor: s.cursor,
      };
    });
  const pageBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const button = await look('edit-when-peer-profile');
  const input = await look('add-id');
  // Enabled: outlined against the page (3:1, WCAG 1.4.11), solid.
  expect(input.border).toBe('solid');
  expect(contrast(input.borderColor, pageBg)).toBeGreaterThanOrEqual(3);
  expect(button.border).toBe('solid');
  expect(contrast(button.borderColor, pageBg)).toBeGreaterThanOrEqual(3);
  // Focus: a visible ring.
  await page.getByTestId('add-id').focus();
  await expect(page.getByTestId('add-id')).toHaveCSS('outline-style', 'solid');

  // A typo in expert mode makes the form read-only: the same controls, disabled.
  await page.getByTestId('expert-mode').check();
  const editor = page.getByTestId('override-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true', SLOW);
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('x');
  await expect(page.getByTestId('add-id')).toBeDisabled();
  await expect(page.getByTestId('edit-when-peer-profile')).toBeDisabled();
  for (const [before, after] of [
    [button, await look('edit-when-peer-profile')],
    [input, await look('add-id')],
  ] as const) {
    expect(after.border).toBe('dashed');
    expect(after.bg).not.toBe(before.bg);
    // Dimmed by its own colour, not only faded.
    expect(after.color).not.toBe(before.color);
    expect(after.cursor).toBe('not-allowed');
  }
  // The disabled Save is not a faded accent.
  const save = await look('save-override');
  await expect(page.getByTestId('save-override')).toBeDisabled();
  expect(save.border).toBe('dashed');
  expect(Number(save.opacity)).toBe(1);
  expect(save.cursor).toBe('not-allowed');

  // A panel's own button look (the Context toolbar) still gives way to disabled.
  await page.getByRole('tab', { name: 'Context' }).click();
  await expect(page.getByTestId('context-copy')).toBeVisible();
  const prev = page.getByRole('button', { name: 'Previous match' });
  await expect(prev).toBeDisabled();
  const [on, off] = await Promise.all(
    [page.getByTestId('context-copy'), prev].map((l) =>
      l.evaluate((el) => {
        const s = getComputedStyle(el);
        return { bg: s.backgroundColor, color: s.color, cursor: s.cursor };
      }),
    ),
  );
  expect(off?.bg).not.toBe(on?.bg);
  expect(off?.color).not.toBe(on?.color);
  expect(off?.cursor).toBe('not-allowed');
  expect(on?.cursor).toBe('pointer');
});
