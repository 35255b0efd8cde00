/**
 * Untrusted text is text: a home names a section and its file
 * `<img src=x onerror=alert(1)>`, the template holds a bare URL, and a var's value is a
 * markdown link. The Timeline shows them all as characters: the editor hover has no link and
 * clicking it opens nothing, the URL in the source is not a Ctrl+click link, no `img` is made,
 * no script runs; and the page itself opens no window for a link planted in it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1400, height: 2400 } });

const EVIL = 'https://evil.example/x';
const LINK_VALUE = `[click](${EVIL})`;
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const SLOW = { timeout: 30_000 };

/** Plants the hostile template in the home and a section of that id in its override. */
function plantHostileSection(home: string): void {
  const template = ['# notes', '{{?peerName}}', 'Peer: {{peerName}}', `Docs at ${EVIL} today`, '{{/}}', ''];
  fs.writeFileSync(path.join(home, 'eck', `${HOSTILE_NAME}.md`), template.join('\n'));
  const overridePath = path.join(home, 'eck', 'eck_manifest.json');
  const override = JSON.parse(fs.readFileSync(overridePath, 'utf8')) as { sections: unknown[] };
  override.sections.push({
    id: HOSTILE_NAME,
    type: 'file',
    file: `$ECK/${HOSTILE_NAME}.md`,
    order: 21,
    needsInjection: true,
    when: { var: 'chatType', neq: null },
  });
  fs.writeFileSync(overridePath, JSON.stringify(override, null, 2));
}

/** Every popup and dialog the page opens from now on. */
function watchEscapes(page: Page): { popups: string[]; dialogs: string[] } {
  const seen = { popups: [] as string[], dialogs: [] as string[] };
  page.on('popup', (popup) => seen.popups.push(popup.url()));
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

test('a var value that is a markdown link and a section named like an img tag show as text', async ({
  page,
  serve,
  workspace,
}) => {
  // Monaco's first load is slow on a busy two-core box.
  test.setTimeout(120_000);
  plantHostileSection(workspace.home);
  const seen = watchEscapes(page);

  await page.goto(serve.url);
  await page.getByTestId('preset-select').selectOption('private-owner');
  await page.getByRole('tab', { name: 'Vars' }).click();
  await page.getByTestId('var-input-peerName').fill(LINK_VALUE);
  await page.getByRole('tab', { name: 'Timeline' }).click();

  const row = page
    .getByTestId('timeline-list')
    .locator(`[data-testid="timeline-row"][data-section="${HOSTILE_NAME}"]`);
  await expect(row).toContainText(HOSTILE_NAME, SLOW);
  await row.click();
  const detail = page.getByTestId('section-detail');
  await expect(detail).toContainText(`Section ${HOSTILE_NAME}`);
  await expect(detail.locator('.file-head code')).toContainText(HOSTILE_NAME);
  await expect(page.getByTestId('source-editor')).toHaveAttribute('data-ready', 'true', SLOW);
  // The trace list (React) shows the value as it is.
  await expect(page.getByTestId('trace-list')).toContainText(`peerName = "${LINK_VALUE}"`);

  // The kept block's hover in Monaco: the value readable, as text, no link in it.
  const editor = page.getByTestId('source-editor');
  const peerLine = editor.locator('.view-line', { hasText: 'Peer:' });
  await expect(peerLine).toBeVisible();
  await peerLine.locator('span > span').first().hover();
  const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: 'peerName' });
  await expect(hover).toBeVisible(SLOW);
  await expect(hover).toContainText(`kept: {{?peerName}} (peerName = "${LINK_VALUE}")`);
  await expect(hover.locator('a')).toHaveCount(0);
  await expect(hover.locator('img, code')).toHaveCount(0);
  await expect(page.locator(`a[href="${EVIL}"], [data-href="${EVIL}"]`)).toHaveCount(0);
  const pageUrl = page.url();
  await hover.getByText(LINK_VALUE, { exact: false }).click();

  // The bare URL in the template is no Ctrl+click link (link detection is off).
  const urlLine = editor.locator('.view-line', { hasText: 'Docs at' });
  await expect(editor.locator('.detected-link')).toHaveCount(0);
  await urlLine
    .getByText('evil', { exact: false })
    .first()
    .click({ modifiers: ['Control'] });

  // Nothing opened, nothing navigated, no img made, no script ran.
  await page.waitForTimeout(1000);
  expect(seen.popups).toEqual([]);
  expect(page.url()).toBe(pageUrl);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(seen.dialogs).toEqual([]);
});

test('the serve page opens no window and leaves for no link planted in it', async ({ page, serve }) => {
  const seen = watchEscapes(page);
  await page.goto(serve.url);
  await expect(page.getByRole('tab', { name: 'Timeline' })).toBeVisible(SLOW);
  const pageUrl = page.url();
  // A link the page did not make (as if workspace text had become markup), in both forms.
  await page.evaluate((href) => {
    for (const target of ['_blank', '']) {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = `planted ${target || 'same window'}`;
      a.dataset['testid'] = 'planted-link';
      if (target !== '') a.target = target;
      document.body.prepend(a);
    }
  }, EVIL);
  for (const link of await page.getByTestId('planted-link').all()) {
    await link.click();
    await link.click({ button: 'middle' });
  }
  const opened = await page.evaluate((href) => window.open(href) === null, EVIL);
  await page.waitForTimeout(500);
  expect(opened).toBe(true);
  expect(seen.popups).toEqual([]);
  expect(page.url()).toBe(pageUrl);
});
