import { expect, test } from './support/fixtures';

test('switching language shows Chinese labels', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByRole('tab', { name: 'Context' })).toBeVisible();
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(page.getByRole('tab', { name: '上下文' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '时间线' })).toBeVisible();
  await expect(page.getByTestId('status-sections')).toContainText('已加载 Section');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // The choice is remembered on reload.
  await page.reload();
  await expect(page.getByRole('tab', { name: '上下文' })).toBeVisible();
});

test.describe('with a Chinese OS', () => {
  test.use({ locale: 'zh-CN' });
  test('the UI follows the OS language by default', async ({ page, serve }) => {
    await page.goto(serve.url);
    await expect(page.getByRole('tab', { name: '上下文' })).toBeVisible();
  });
});

test.describe('with a dark OS', () => {
  test.use({ colorScheme: 'dark' });
  test('the theme follows the OS', async ({ page, serve }) => {
    await page.goto(serve.url);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(27, 30, 36)');
  });
});
