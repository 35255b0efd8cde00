import { expect, test } from './support/fixtures';

test('switching language shows Chinese labels', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByRole('tab', { name: 'Context' })).toBeVisible();
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await expect(page.getByRole('tab', { name: '上下文' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '时间线' })).toBeVisible();
  await expect(page.getByTestId('status-sections')).toContainText('已加载 section');
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

test.describe('in Chinese at 1280 × 800', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  test('the History chart ticks at round sizes and no two time labels overlap', async ({ page, serve }) => {
    await page.goto(serve.url);
    await page.getByRole('tab', { name: '历史' }).click();
    const axes = page.getByTestId('history-chart-axes');
    // The demo's budget is 100 KB: quarters of it, in the byte unit the legend uses.
    await expect(axes).toHaveAttribute('data-y-ticks', '0 | 25 KB | 50 KB | 75 KB | 100 KB', {
      timeout: 15_000,
    });
    await expect(axes).toHaveAttribute('data-x-ticks', /\d{1,2}月\d{1,2}日 \d\d:00/);
    const boxes = ((await axes.getAttribute('data-x-boxes')) ?? '')
      .split(' ')
      .map((b) => b.split(',').map(Number) as [number, number]);
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < boxes.length; i++) {
      // A readable gap, not just no overlap: "22:0011月30日" touched at 2 px.
      expect(boxes[i]![0] - boxes[i - 1]![1], `gap before label ${i}`).toBeGreaterThanOrEqual(8);
    }
  });
});
