import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

async function loadedSections(page: Page): Promise<string[]> {
  return page
    .getByTestId('loaded-sections')
    .locator('[data-section]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-section') ?? ''));
}

test('switching the scenario preset changes which sections load', async ({ page, serve }) => {
  await page.goto(`${serve.url}#/context`);
  const chips = page.getByTestId('loaded-sections');
  await expect(chips.locator('[data-section="persona"]')).toBeVisible();
  const privateChat = await loadedSections(page);
  expect(privateChat).toEqual(
    expect.arrayContaining(['rules', 'identity-layer', 'persona', 'peer-profile', 'session']),
  );
  expect(privateChat).not.toContain('team-notes');

  await page.getByTestId('preset-select').selectOption('coding');
  await expect(chips.locator('[data-section="persona"]')).toHaveCount(0);
  const coding = await loadedSections(page);
  // The reference: coding loads rules + session + baseagent; everything about the chat drops.
  expect(coding).toEqual(['rules', 'session', 'baseagent']);

  // As a group member: the demo override keeps the peer profile to owners and admins, and adds
  // the team notes for group chats.
  await page.getByTestId('preset-select').selectOption('group-member');
  await expect(chips.locator('[data-section="team-notes"]')).toBeVisible();
  await expect(chips.locator('[data-section="peer-profile"]')).toHaveCount(0);
  await expect(page.getByTestId('context-text')).toContainText('feishu');

  await page.getByTestId('preset-select').selectOption('auxiliary');
  await expect(page.getByTestId('session-type-select')).toHaveValue('auxiliary');
  await expect.poll(() => loadedSections(page)).not.toEqual(privateChat);
});
