/**
 * The Manifest tab: switch a section off in the form, see the draft render, save,
 * find exactly the patch on disk and the section disabled by the override in the Timeline;
 * a file edited on disk meanwhile gives the conflict prompt.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Monaco panes (base, override, merged, diffs) take a while to start on a 2-core box.
test.describe.configure({ timeout: 90_000 });

async function openManifest(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'Manifest' }).click();
  await expect(page.getByTestId('section-row-rules')).toBeVisible({ timeout: 20_000 });
}

test('switch a section off, see the draft render, save the minimal patch, see it in the Timeline', async ({
  page,
  serve,
  workspace,
}) => {
  const file = path.join(workspace.home, 'eck', 'eck_manifest.json');
  const before = fs.readFileSync(file, 'utf8');
  await openManifest(page, serve.url);

  // The demo override's own entries are called out with their origin.
  await expect(page.getByTestId('section-row-venue-client')).toHaveAttribute('data-origin', 'override');
  await expect(page.getByTestId('section-row-team-notes')).toHaveAttribute('data-origin', 'added');
  await expect(page.getByTestId('section-row-rules')).toHaveAttribute('data-origin', 'base');

  await page.getByTestId('toggle-rules').uncheck();
  await expect(page.getByTestId('draft-state')).toHaveText('Draft — not saved');
  // The draft render beside the saved one: rules goes from loaded to disabled, the cache prefix moves.
  const impact = page.getByTestId('draft-impact');
  await expect(impact.getByTestId('impact-rules')).toHaveAttribute('data-after', 'disabled');
  await expect(impact.getByTestId('impact-rules')).toHaveAttribute('data-before', 'ok');
  await expect(impact.getByTestId('impact-prefix')).toContainText(
    'prompt-cache prefix would change from byte',
  );
  await expect(page.getByTestId('status-rules')).toHaveText('disabled');
  await impact.getByTestId('impact-diff-toggle').click();
  await expect(page.getByTestId('impact-diff')).toHaveAttribute('data-ready', 'true');
  // Nothing is written before the save.
  expect(fs.readFileSync(file, 'utf8')).toBe(before);

  // The Timeline shows the draft's render under the band while it is unsaved; the draft survives the trip.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('draft-band')).toHaveAttribute('data-shown', 'draft');
  await expect(page.locator('[data-testid="timeline-row"][data-section="rules"]')).toHaveAttribute(
    'data-status',
    'disabled',
  );
  await page.getByRole('tab', { name: 'Manifest' }).click();
  await expect(page.getByTestId('toggle-rules')).not.toBeChecked();

  await page.getByTestId('save-override').click();
  await expect(page.getByTestId('save-saved')).toBeVisible();
  // In words, no internal names: what changed, the previous version kept.
  await expect(page.getByTestId('save-words')).toHaveText('Saved. rules off.');
  await expect(page.getByTestId('save-cache-note')).not.toContainText('invalidateKitCache');
  await expect(page.getByTestId('draft-state')).toHaveText('No unsaved changes');

  // Exactly the patch: the file as it was, plus one entry, in the file's own layout.
  const after = fs.readFileSync(file, 'utf8');
  expect(after).toBe(
    before.replace(
      /\n {4}\}\n {2}\]\n\}\n$/,
      '\n    },\n    {\n      "id": "rules",\n      "enabled": false\n    }\n  ]\n}\n',
    ),
  );
  expect(fs.readFileSync(`${file}.bak`, 'utf8')).toBe(before);

  // The section list and the Timeline show it disabled, from the override.
  await expect(page.getByTestId('section-row-rules')).toHaveAttribute('data-origin', 'override');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const row = page.locator('[data-testid="timeline-row"][data-section="rules"]');
  await expect(row).toHaveAttribute('data-status', 'disabled');
  await expect(row.getByTestId('origin')).toHaveText('override');
});

test('a file edited on disk meanwhile gives the conflict prompt; reload theirs takes it', async ({
  page,
  serve,
  workspace,
}) => {
  const file = path.join(workspace.home, 'eck', 'eck_manifest.json');
  await openManifest(page, serve.url);
  await page.getByTestId('toggle-session').uncheck();
  await expect(page.getByTestId('draft-state')).toHaveText('Draft — not saved');

  const theirs = '{\n  "sections": [\n    { "id": "baseagent", "enabled": false }\n  ]\n}\n';
  fs.writeFileSync(file, theirs);
  await page.getByTestId('save-override').click();
  const prompt = page.getByTestId('save-conflict');
  await expect(prompt).toBeVisible();
  await expect(prompt.getByTestId('conflict-overwrite')).toBeVisible();
  await prompt.getByTestId('conflict-compare').click();
  await expect(page.getByTestId('conflict-diff')).toBeVisible();
  // Their file is untouched by the refused save.
  expect(fs.readFileSync(file, 'utf8')).toBe(theirs);

  await prompt.getByTestId('conflict-reload').click();
  await expect(page.getByTestId('draft-state')).toHaveText('No unsaved changes');
  await expect(page.getByTestId('section-row-baseagent')).toHaveAttribute('data-origin', 'override');
  await expect(page.getByTestId('toggle-session')).toBeChecked();
});

test('an override entry that matches no base section is called out and marked at its id', async ({
  page,
  serve,
  workspace,
}) => {
  const file = path.join(workspace.home, 'eck', 'eck_manifest.json');
  fs.writeFileSync(file, '{\n  "sections": [\n    { "id": "rulez", "enabled": false }\n  ]\n}\n');
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Manifest' }).click();
  await expect(page.getByTestId('unmatched-rulez')).toContainText('did you mean “rules”?', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('unmatched-list')).toContainText('rulez');
  // The warning sits at the entry's "id" on line 3, column 7.
  await expect(page.getByTestId('override-problems')).toContainText('3:7');
});

test('change a when from the dropdowns and add a file section: the patch touches only those', async ({
  page,
  serve,
  workspace,
}) => {
  const file = path.join(workspace.home, 'eck', 'eck_manifest.json');
  const before = fs.readFileSync(file, 'utf8');
  await openManifest(page, serve.url);

  await page.getByTestId('edit-when-peer-profile').click();
  await expect(page.getByTestId('when-peer-profile-kind')).toHaveValue('in');
  await page.getByTestId('when-peer-profile-values').fill('owner');
  await page.getByTestId('when-peer-profile-values').press('Enter');
  await expect(page.getByTestId('draft-state')).toHaveText('Draft — not saved');

  const add = page.getByTestId('add-section');
  await add.getByTestId('add-id').fill('my-notes');
  await add.getByTestId('add-root').selectOption('$PERSONAL_DIR');
  await add.getByTestId('add-file').fill('persona.md');
  await add.getByTestId('add-order').fill('25');
  await add.getByTestId('add-id').click();
  await expect(add.getByTestId('add-file-check')).toContainText('found');
  await add.getByTestId('add-submit').click();
  await expect(page.getByTestId('section-row-my-notes')).toHaveAttribute('data-origin', 'added');
  await expect(page.getByTestId('status-my-notes')).toHaveText('loaded');

  await page.getByTestId('save-override').click();
  await expect(page.getByTestId('save-saved')).toBeVisible();
  const entry =
    '    },\n    {\n      "id": "my-notes",\n      "type": "file",\n      "file": "$PERSONAL_DIR/persona.md",\n' +
    '      "order": 25,\n      "needsInjection": false,\n      "when": "always"\n    }\n  ]\n}\n';
  expect(fs.readFileSync(file, 'utf8')).toBe(
    before.replace('"owner",\n          "admin"', '"owner"').replace(/ {4}\}\n {2}\]\n\}\n$/, entry),
  );
});

test('the add form lists the section types; a folder section is written with its `path`', async ({
  page,
  serve,
  workspace,
}) => {
  const file = path.join(workspace.home, 'eck', 'eck_manifest.json');
  await openManifest(page, serve.url);
  const add = page.getByTestId('add-section');
  await expect(add.getByTestId('add-type').locator('option')).toHaveText([
    'file — one file',
    'directory — a whole folder',
  ]);
  await add.getByTestId('add-type').selectOption('directory');
  await expect(add.getByText('Folder', { exact: true })).toBeVisible();
  await add.getByTestId('add-id').fill('more-rules');
  await add.getByTestId('add-root').selectOption('$KITS');
  await add.getByTestId('add-file').fill('rules');
  await add.getByTestId('add-order').fill('3');
  await add.getByTestId('add-submit').click();
  await expect(page.getByTestId('section-row-more-rules')).toHaveAttribute('data-origin', 'added');
  await expect(page.getByTestId('status-more-rules')).toHaveText('loaded');

  await page.getByTestId('save-override').click();
  await expect(page.getByTestId('save-saved')).toBeVisible();
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { sections: Record<string, unknown>[] };
  expect(saved.sections.find((s) => s.id === 'more-rules')).toEqual({
    id: 'more-rules',
    type: 'directory',
    path: '$KITS/rules',
    order: 3,
    needsInjection: false,
    when: 'always',
  });
});

test('expert mode: a typo in the JSON is marked, blocks the save, and undo takes it back', async ({
  page,
  serve,
}) => {
  await openManifest(page, serve.url);
  await page.getByTestId('expert-mode').check();
  const editor = page.getByTestId('override-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('x');
  await expect(page.getByTestId('draft-parse-error')).toContainText('does not parse');
  await expect(page.getByTestId('save-override')).toBeDisabled();
  await expect(page.getByTestId('override-problems')).toContainText('override-parse-error');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('draft-parse-error')).toHaveCount(0);
  await expect(page.getByTestId('draft-state')).toHaveText('No unsaved changes');
});

test('dragging a section by its handle moves it, changing only its order in the draft', async ({
  page,
  serve,
}) => {
  await openManifest(page, serve.url);
  const ids = () =>
    page
      .getByTestId('manifest-sections')
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => (tr.getAttribute('data-testid') ?? '').replace('section-row-', '')),
      );
  const before = await ids();
  const last = before.at(-1) ?? '';
  const first = before[0] ?? '';
  // Drop the last section on the upper half of the first row: it becomes the first. By hand, so
  // the drag starts on the handle before anything scrolls the first row into view.
  await page.getByTestId(`drag-${last}`).hover();
  await page.mouse.down();
  const box = await page.getByTestId(`drag-${last}`).boundingBox();
  await page.mouse.move((box?.x ?? 0) + 2, (box?.y ?? 0) - 6);
  await page.getByTestId(`section-row-${first}`).hover({ position: { x: 40, y: 2 } });
  await page.mouse.up();
  await expect(page.getByTestId('draft-state')).toHaveText('Draft — not saved');
  await expect.poll(ids).toEqual([last, ...before.slice(0, -1)]);
  const firstOrder = Number(await page.getByTestId(`order-${first}`).inputValue());
  expect(Number(await page.getByTestId(`order-${last}`).inputValue())).toBe(firstOrder - 1);
  // Undo takes the move back.
  await page.keyboard.press('ControlOrMeta+Z');
  await expect.poll(ids).toEqual(before);
});
