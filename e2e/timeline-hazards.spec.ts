/**
 * evolcore's hazards in the Timeline: a section evolcore's engine throws on empties
 * the context and says why in a banner; a var holding ".." shows on its row, loudly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1400, height: 2400 } });

function overrideFile(home: string): string {
  return path.join(home, 'eck', 'eck_manifest.json');
}

test('a section without `when` in the override: empty context and a banner; fixing it on disk brings the render back', async ({
  page,
  serve,
  workspace,
}) => {
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('timeline')).toBeVisible();
  const file = overrideFile(workspace.home);
  const before = fs.readFileSync(file, 'utf8');
  const override = JSON.parse(before) as { sections: Record<string, unknown>[] };
  const broken = {
    id: 'my-notes',
    type: 'file',
    file: '$KITS/rules/00-core.md',
    order: 1,
    needsInjection: false,
  };
  fs.writeFileSync(file, JSON.stringify({ ...override, sections: [...override.sections, broken] }, null, 2));
  const banner = page.getByTestId('render-failure');
  await expect(banner).toContainText('section "my-notes" has no `when`');
  await expect(banner).toContainText('the agent no turn');
  fs.writeFileSync(file, before);
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('timeline-row').first()).toBeVisible();
});

test('a selfAid holding ".." reads outside the home: its rows say so', async ({ page, serve }) => {
  await page.goto(serve.url);
  await page.getByTestId('preset-select').selectOption('private-owner');
  await page.getByRole('tab', { name: 'Vars' }).click();
  await page.getByTestId('var-input-selfAid').fill('../../elsewhere');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const hazard = page.locator('[data-testid="hazards"] [data-code="path-outside-root"]').first();
  await expect(hazard).toContainText('OUTSIDE the package root and the home');
});

test('an override saved with a UTF-8 BOM: the Timeline and the Manifest tab say evolcore ignores it', async ({
  page,
  serve,
  workspace,
}) => {
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('timeline')).toBeVisible();
  const file = overrideFile(workspace.home);
  const before = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, `\ufeff${before}`);
  const note = page.getByTestId('bom-note');
  await expect(note).toContainText('starts with a UTF-8 byte-order mark (BOM)');
  await expect(note).toContainText('ignores the whole override');
  await page.getByRole('tab', { name: 'Manifest' }).click();
  await expect(page.getByTestId('manifest-panel').getByTestId('bom-note')).toContainText(
    'ignores the whole override',
  );
  fs.writeFileSync(file, before);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('bom-note')).toHaveCount(0);
});
