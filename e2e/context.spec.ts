import { expect, test } from './support/fixtures';

test('the Context tab shows the rendered text of the default scenario', async ({ page, serve }) => {
  await page.goto(`${serve.url}#/context`);
  const text = page.getByTestId('context-text');
  await expect(text).toContainText('<system-reminder>');
  await expect(text).toContainText('EvolCore Context Kit documents are shown below.');
  await expect(text).toContainText('Contenu de $KITS_RULES/00-core.md (rules');
  // The default preset is the private chat with the owner: the persona and Alice's profile load.
  await expect(page.getByTestId('loaded-sections').locator('[data-section="persona"]')).toBeVisible();
  await expect(page.getByTestId('loaded-sections').locator('[data-section="peer-profile"]')).toBeVisible();
  await expect(page.getByTestId('status-sections')).toContainText(/Sections \d+\/\d+ loaded/);
  await expect(page.getByRole('tab', { name: 'Context' })).toHaveAttribute('aria-selected', 'true');
});

test('the app opens on the Timeline; the tabs switch panels: Context, Vars, Manifest, History', async ({
  page,
  serve,
}) => {
  await page.goto(serve.url);
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect(page.getByTestId('context-text')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Context' }).click();
  await expect(page.getByTestId('context-text')).toBeVisible();
  for (const name of ['Timeline', 'Vars', 'Manifest', 'History']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('context-text')).toHaveCount(0);
  }
  await page.getByRole('tab', { name: 'Context' }).click();
  await expect(page.getByTestId('context-text')).toBeVisible();
});
