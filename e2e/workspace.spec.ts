import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { startServe } from './support/serve-process';

test('typing another home in the workspace bar opens it; a missing one is a banner naming it', async ({
  page,
  serve,
  workspace,
}) => {
  await page.goto(`${serve.url}#/context`);
  const home = page.getByTestId('home-path');
  await expect(home).toHaveValue(workspace.home);
  await expect(page.getByTestId('context-text')).toContainText('<system-reminder>');

  const missing = path.join(workspace.root, 'no-such-home');
  await home.fill(missing);
  await home.press('Enter');
  await expect(page.getByTestId('error-banner')).toContainText('the home folder does not exist');
  await expect(page.getByTestId('error-banner')).toContainText(missing);
  await expect(home).toHaveValue(workspace.home);

  // A second home whose persona says something else: the render follows the new home.
  const other = path.join(workspace.root, 'other-home');
  fs.cpSync(workspace.home, other, { recursive: true });
  const persona = path.join(other, 'agents', 'nova.aid.pub', 'personal', 'persona.md');
  fs.writeFileSync(persona, 'persona of the other home\n');
  await home.fill(other);
  await home.press('Enter');
  await expect(home).toHaveValue(other);
  await expect(page.getByTestId('context-text')).toContainText('persona of the other home');
});

test('inside the user folder the bar shows ~/…, the full path on hover, and a typed ~/… opens', async ({
  page,
  workspace,
}) => {
  // The server's user folder is the test's root, so its home and package root lie inside it.
  const serve = await startServe({
    home: workspace.home,
    packageRoot: workspace.packageRoot,
    env: { HOME: workspace.root, ECK_INSPECTOR_SETTINGS_DIR: path.join(workspace.root, 'settings') },
  });
  try {
    await page.goto(`${serve.url}#/context`);
    const home = page.getByTestId('home-path');
    await expect(home).toHaveValue('~/home');
    await expect(page.getByTestId('package-root-path')).toHaveValue('~/pkg');
    await expect(page.locator('label.path-field', { has: home })).toHaveAttribute('title', workspace.home);

    const other = path.join(workspace.root, 'other-home');
    fs.cpSync(workspace.home, other, { recursive: true });
    fs.writeFileSync(path.join(other, 'agents', 'nova.aid.pub', 'personal', 'persona.md'), 'persona of ~\n');
    await home.fill('~/other-home');
    await home.press('Enter');
    await expect(home).toHaveValue('~/other-home');
    await expect(page.getByTestId('context-text')).toContainText('persona of ~');
  } finally {
    await serve.stop();
  }
});
