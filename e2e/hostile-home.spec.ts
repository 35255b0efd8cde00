/**
 * A home whose `data/eck-debug` is a link to a folder outside it, against `serve`:
 * "Clean older than 24 h" is refused whole, the refusal names the link and where it leads in
 * the UI's language, and every snapshot in the outside folder stays.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test as base } from './support/fixtures';
import { copyDemoWorkspace } from './support/workspace-copy';

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  workspace: async ({}, use) => {
    const copy = copyDemoWorkspace();
    const outside = path.join(copy.root, 'outside-debug');
    const linked = path.join(copy.home, 'data', 'eck-debug');
    fs.renameSync(linked, outside);
    fs.symlinkSync(outside, linked);
    const past = new Date(Date.now() - 48 * 3_600_000);
    for (const name of fs.readdirSync(outside)) fs.utimesSync(path.join(outside, name), past, past);
    await use(copy);
    copy.remove();
  },
});

test('the clean of an eck-debug linked outside is refused in Chinese, naming the link; nothing is deleted', async ({
  page,
  serve,
  workspace,
}) => {
  const outside = fs.realpathSync(path.join(workspace.root, 'outside-debug'));
  const before = fs.readdirSync(outside).sort();
  expect(before).toHaveLength(180);
  await page.goto(serve.url);
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await page.getByRole('tab', { name: '历史' }).click();
  await page.getByTestId('history-clean').click();
  await page.getByTestId('history-clean-yes').click();
  const debugDir = path.join(workspace.home, 'data', 'eck-debug');
  const home = fs.realpathSync(workspace.home);
  await expect(page.getByTestId('history-notice')).toContainText(
    `拒绝清理 ${debugDir}：${debugDir} 是指向 ${outside} 的链接，位于用户数据根目录（${home}）之外`,
  );
  expect(fs.readdirSync(outside).sort()).toEqual(before);
});
