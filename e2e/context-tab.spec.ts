/**
 * The Context tab's upgrades: tints per section, clicking text selects the section,
 * search, copy all, byte count, and the prompt-cache prefix marker.
 */
import { expect, test } from './support/fixtures';

test('blocks are tinted by section; clicking text selects its section', async ({ page, serve }) => {
  await page.goto(`${serve.url}#/context`);
  const text = page.getByTestId('context-text');
  await expect(text).toContainText('Contenu de $KITS_RULES/00-core.md');
  const persona = text.locator('[data-section="persona"]').first();
  await expect(persona).toHaveClass(/tint-\d/);
  await persona.click();
  await expect(page.getByTestId('context-selected')).toContainText('Selected: persona');
  await expect(persona).toHaveClass(/selected/);
  // The selection is shared with the Timeline: it opens there on the same row.
  await page.getByTestId('context-selected').getByRole('button', { name: 'Show in Timeline' }).click();
  await expect(page.locator('[data-testid="timeline-row"][data-section="persona"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('section-detail')).toContainText('Section persona');
});

test('search counts and marks matches; / focuses it; copy all copies the whole text', async ({
  page,
  context,
  serve,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${serve.url}#/context`);
  const text = page.getByTestId('context-text');
  await expect(text).toContainText('<system-reminder>');
  const full = (await text.textContent()) ?? '';
  const blocks = full.split('Contenu de ').length - 1;
  await page.locator('body').press('/');
  await expect(page.getByTestId('context-search')).toBeFocused();
  await page.keyboard.type('contenu de');
  await expect(page.getByTestId('context-search-count')).toHaveText(`match 1 of ${blocks}`);
  await expect(text.locator('.hit')).toHaveCount(blocks);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('context-search-count')).toHaveText(`match 2 of ${blocks}`);

  const bytes = Buffer.byteLength(full, 'utf8');
  // The one byte format: KB with one decimal shown, the exact count in the tooltip.
  await expect(page.getByTestId('context-bytes')).toContainText(`${(bytes / 1024).toFixed(1)} KB`);
  await expect(page.getByTestId('context-bytes')).toContainText(
    `${full.length.toLocaleString('en')} characters`,
  );
  await expect(page.getByTestId('context-bytes')).toHaveAttribute(
    'title',
    new RegExp(`^${bytes.toLocaleString('en')} UTF-8 bytes of the context as sent · `),
  );
  // The status bar states the same render's size in the same words.
  await expect(page.getByTestId('status-context-size')).toHaveText(
    (await page.getByTestId('context-bytes').textContent()) ?? '',
  );
  await page.getByTestId('context-copy').click();
  await expect(page.getByTestId('context-copy')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(full);
});

test('the prompt-cache marker sits where the text first differs from the previous render', async ({
  page,
  serve,
}) => {
  await page.goto(`${serve.url}#/context`);
  const text = page.getByTestId('context-text');
  await expect(text).toContainText('aun');
  await expect(page.getByTestId('cache-prefix')).toContainText('shown after the next render');
  const before = (await text.textContent()) ?? '';
  await page.getByTestId('preset-select').selectOption('group-member');
  await expect(page.getByTestId('cache-prefix')).toContainText('unchanged since the previous render');
  const after = (await text.textContent()) ?? '';
  let same = 0;
  while (same < before.length && same < after.length && before[same] === after[same]) same++;
  await expect(page.getByTestId('cache-prefix')).toContainText(
    `first ${same.toLocaleString('en')} characters`,
  );
  await expect(text.getByTestId('cache-prefix-marker')).toHaveCount(1);
  // The marker is placed exactly at that offset of the text.
  const offset = await text.evaluate((pre) => {
    const marker = pre.querySelector('[data-testid="cache-prefix-marker"]');
    const range = document.createRange();
    range.setStart(pre, 0);
    if (marker !== null) range.setEndBefore(marker);
    return range.toString().length;
  });
  expect(offset).toBe(same);
});
