import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';

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
