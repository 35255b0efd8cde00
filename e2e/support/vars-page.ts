/** Opening the Vars tab, shared by the Vars specs. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Monaco and the lazily loaded panel take a while on a loaded two-core CI box. */
export const SLOW = { timeout: 30_000 };

/** Opens the app and its Vars tab, once the first render is on screen. */
export async function openVars(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#/context`);
  await expect(page.getByTestId('context-text')).toBeVisible(SLOW);
  await page.getByRole('tab', { name: 'Vars' }).click();
  await expect(page.getByTestId('vars-form')).toBeVisible(SLOW);
}
