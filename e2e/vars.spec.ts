/**
 * The Vars tab: presets, the form, the JSON view, snapshots, saved scenarios, compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openVars, SLOW } from './support/vars-page';

// Monaco and the lazily loaded panel take a while on a loaded two-core CI box.
test.describe.configure({ timeout: 120_000 });

// Saved scenarios go to the app settings folder; keep the test's out of the user's own.
test.beforeEach(({ workspace }) => {
  process.env['ECK_INSPECTOR_SETTINGS_DIR'] = path.join(workspace.root, 'settings');
});

async function loadedSections(page: Page): Promise<string[]> {
  await page.getByRole('tab', { name: 'Context' }).click();
  await expect(page.getByTestId('context-text')).toBeVisible();
  return page
    .getByTestId('loaded-sections')
    .locator('[data-section]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-section') ?? ''));
}

/** The effect chip of `section` under the field of `name`. */
function effect(page: Page, name: string, section: string) {
  return page.getByTestId(`var-effects-${name}`).locator(`[data-section="${section}"]`);
}

/** Replaces the JSON view's text as a paste (typing would auto-close brackets and quotes). */
async function replaceJson(page: Page, text: string): Promise<void> {
  const editor = page.getByTestId('vars-json-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true', SLOW);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

test('choosing the group preset loads the group venue', async ({ page, serve }) => {
  await openVars(page, serve.url);
  await page.getByTestId('vars-preset-select').selectOption('group-member');
  await expect(page.getByTestId('var-input-chatType')).toHaveValue('group');
  await expect(page.getByTestId('var-input-groupId')).toHaveValue('oc_team42');
  await expect(page.getByTestId('var-input-mentionMode')).toHaveValue('mention-only');
  await expect(page.getByTestId('var-input-channel')).toHaveValue('feishu');
  // Each field says which sections read it, with the status of this render.
  await expect(effect(page, 'chatType', 'team-notes')).toHaveAttribute('data-status', 'ok');
  await expect(effect(page, 'chatType', 'venue-channel-chattype')).toHaveAttribute('data-status', 'ok');
  const sections = await loadedSections(page);
  expect(sections).toEqual(
    expect.arrayContaining(['team-notes', 'venue-chattype', 'venue-channel-chattype']),
  );
  await expect(page.getByTestId('context-text')).toContainText('venues/feishu-group.md');
});

test('setting peerRole to visitor in the form changes the in-condition sections', async ({ page, serve }) => {
  await openVars(page, serve.url);
  // The default preset is the private chat with the owner.
  await expect(page.getByTestId('var-input-peerRole')).toHaveValue('owner');
  await expect(effect(page, 'peerRole', 'peer-profile')).toHaveAttribute('data-status', 'ok');
  await page.getByTestId('var-input-peerRole').fill('visitor');
  // Demo override: peer-profile is {peerRole in [owner, admin]}; the base relation layer is
  // {chatType in [private, group]} and still loads.
  await expect(effect(page, 'peerRole', 'peer-profile')).toHaveAttribute('data-status', 'when-false');
  await expect(effect(page, 'chatType', 'relation-layer')).toHaveAttribute('data-status', 'ok');
  // The JSON view followed the form.
  await expect(page.getByTestId('vars-json-editor')).toContainText('"peerRole": "visitor"');
  const sections = await loadedSections(page);
  expect(sections).toContain('relation-layer');
  expect(sections).not.toContain('peer-profile');
  await expect(page.getByTestId('preset-select')).toHaveValue('');
});

test('typing in the form and at once in the JSON view keeps both edits', async ({ page, serve }) => {
  await openVars(page, serve.url);
  const editor = page.getByTestId('vars-json-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true', SLOW);
  const input = page.getByTestId('var-input-peerName');
  await input.fill('');
  await input.pressSequentially('Ann');
  // Straight into the JSON view, while the form's last render may still be on its way: the view
  // must take in "Ann" before the new key lands, or typing there would undo the form's edit.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('"threadId": "t-ann",');
  await expect(page.getByTestId('var-input-threadId')).toHaveValue('t-ann', SLOW);
  await expect(input).toHaveValue('Ann');
  await expect(editor).toContainText('"peerName": "Ann"');
  await expect(page.getByTestId('vars-json-status')).not.toHaveClass(/is-error/);
});

test('the JSON view completes var names and describes them on hover, from the vars schema', async ({
  page,
  serve,
}) => {
  await openVars(page, serve.url);
  await replaceJson(page, '{"peerRole": "owner", "chatType": "grup"}');
  const editor = page.getByTestId('vars-json-editor');
  // Hover over a key: the catalog's description, in both languages.
  // The JSON worker may still be starting: move away and back until the hover answers.
  const key = editor.locator('.view-line span span', { hasText: /^"peerRole"$/ }).first();
  const hover = page.locator('.monaco-hover').filter({ hasText: 'Role of the peer' });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await key.hover();
    await expect(hover).toBeVisible({ timeout: 2_000 });
  }).toPass(SLOW);
  await expect(hover).toContainText('对端角色');
  // A value outside a closed set is an error in place (schema enum and the catalog check).
  await expect(editor.locator('.squiggly-error').first()).toBeAttached(SLOW);
  await expect(page.getByTestId('var-field-chatType')).toHaveClass(/is-wrong/);
  // Completion of var names, while the JSON is half-typed.
  await replaceJson(page, '{\n  "sel\n}');
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.suggest-widget').filter({ hasText: 'selfAid' })).toBeVisible(SLOW);
});

test('invalid JSON shows the error in place and keeps the previous render', async ({ page, serve }) => {
  await openVars(page, serve.url);
  await page.getByRole('tab', { name: 'Context' }).click();
  const before = await page.getByTestId('context-text').textContent();
  await page.getByRole('tab', { name: 'Vars' }).click();
  await replaceJson(page, '{\n  "chatType": grou\n}');
  const status = page.getByTestId('vars-json-status');
  await expect(status).toHaveClass(/is-error/);
  await expect(status).toContainText('Invalid JSON at 2:15');
  // Marked in the editor itself.
  await expect(page.getByTestId('vars-json-editor').locator('.squiggly-error').first()).toBeAttached();
  // The form still shows the last valid vars, and the render did not change.
  await expect(page.getByTestId('var-input-peerRole')).toHaveValue('owner');
  await page.getByRole('tab', { name: 'Context' }).click();
  await expect(page.getByTestId('context-text')).toHaveText(before ?? '');
});

test('a wrong type and a typo are flagged; fixing the JSON re-renders', async ({ page, serve }) => {
  await openVars(page, serve.url);
  await replaceJson(page, '{"chattype": "group", "hasPersona": "yes", "selfAid": "nova.aid.pub"}');
  await expect(page.getByTestId('vars-json-status')).not.toHaveClass(/is-error/);
  await expect(page.getByTestId('unknown-vars')).toContainText('did you mean chatType?');
  await expect(page.getByTestId('var-field-hasPersona')).toHaveClass(/is-wrong/);
  await expect(page.getByTestId('var-field-chatType')).toHaveAttribute('data-state', 'unset');
  await page.getByRole('button', { name: 'Rename to chatType' }).click();
  await expect(page.getByTestId('var-input-chatType')).toHaveValue('group');
  await expect(effect(page, 'chatType', 'team-notes')).toHaveAttribute('data-status', 'ok');
});

for (const [key, what] of [
  ['2026-11-29-09-22-14', 'group chat'],
  ['2026-11-29-12-06-42', 'auxiliary session'],
  ['2026-11-29-12-47-49', 'message batch'],
] as const) {
  test(`a snapshot loaded re-rooted reproduces its recorded context exactly (${what})`, async ({
    page,
    serve,
    workspace,
  }) => {
    await openVars(page, serve.url);
    await page.getByTestId('snapshot-select').selectOption(key);
    await expect(page.getByTestId('snapshot-reroot')).toBeChecked();
    await page.getByTestId('snapshot-use').click();
    await expect(page.getByTestId('snapshot-match')).toHaveAttribute('data-match', 'true');
    const recorded = fs.readFileSync(
      path.join(workspace.home, 'data', 'eck-debug', `context-${key}.md`),
      'utf8',
    );
    await page.getByRole('tab', { name: 'Context' }).click();
    await expect(page.getByTestId('context-text')).toHaveText(recorded, { useInnerText: false });
  });
}

test('without re-rooting, the recorded paths stay explicit', async ({ page, serve }) => {
  await openVars(page, serve.url);
  await page.getByTestId('snapshot-select').selectOption('2026-11-29-08-00-00');
  await page.getByTestId('snapshot-reroot').uncheck();
  await page.getByTestId('snapshot-use').click();
  await expect(page.getByTestId('path-override-KITS')).toBeChecked();
  await expect(page.getByTestId('path-input-KITS')).toHaveValue('/opt/evolcore/kits');
  await expect(page.getByTestId('snapshot-match')).toHaveAttribute('data-match', 'false');
});

test('save, rename, delete a scenario, and compare two', async ({ page, serve, workspace }) => {
  await openVars(page, serve.url);
  await page.getByTestId('vars-preset-select').selectOption('private-visitor');
  await page.getByTestId('scenario-name').fill('Bob visits');
  await page.getByTestId('saved-save').click();
  await expect(page.getByTestId('saved-select').locator('option', { hasText: 'Bob visits' })).toHaveCount(1);
  const file = path.join(workspace.root, 'settings', 'scenarios.json');
  expect(JSON.parse(fs.readFileSync(file, 'utf8')).scenarios[0].name).toBe('Bob visits');
  expect(fs.existsSync(path.join(workspace.home, 'scenarios.json'))).toBe(false);

  await page.getByTestId('saved-select').selectOption('Bob visits');
  await page.getByTestId('scenario-name').fill('Bob, visitor');
  await page.getByTestId('saved-rename').click();
  await expect(page.getByTestId('saved-select')).toHaveValue('Bob, visitor');

  await page.getByTestId('vars-preset-select').selectOption('private-owner');
  await page.getByTestId('compare-left').selectOption('current');
  await page.getByTestId('compare-right').selectOption('saved:Bob, visitor');
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare-vars').locator('[data-var="peerRole"]')).toContainText('"visitor"');
  await expect(page.getByTestId('compare-sections').locator('[data-section="peer-profile"]')).toContainText(
    'when-false',
  );
  // Rendering for the comparison left the current scenario alone.
  await expect(page.getByTestId('var-input-peerRole')).toHaveValue('owner');

  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('saved-delete').click();
  await expect(page.getByTestId('saved-select').locator('option', { hasText: 'Bob, visitor' })).toHaveCount(
    0,
  );
});

test('export and import a scenario file', async ({ page, serve, workspace }) => {
  await openVars(page, serve.url);
  await page.getByTestId('vars-preset-select').selectOption('message-batch');
  const download = page.waitForEvent('download');
  await page.getByTestId('scenario-export').click();
  const target = path.join(workspace.root, 'exported.scenario.json');
  await (await download).saveAs(target);
  const exported = JSON.parse(fs.readFileSync(target, 'utf8'));
  expect(exported.scenario.manifestFile).toBe('eck_message_manifest.json');

  await page.getByTestId('vars-preset-select').selectOption('coding');
  await expect(page.getByTestId('var-field-items')).toHaveAttribute('data-state', 'unset');
  await page.getByTestId('scenario-import-file').setInputFiles(target);
  await expect(page.getByTestId('var-field-items')).toHaveAttribute('data-state', 'value');
  const sections = await loadedSections(page);
  expect(sections).toEqual(['batch-messages']);
});

test('importing a recorded vars file from anywhere re-roots it like a snapshot', async ({
  page,
  serve,
  workspace,
}) => {
  await openVars(page, serve.url);
  const key = '2026-11-29-09-22-14';
  const dir = path.join(workspace.home, 'data', 'eck-debug');
  const copy = path.join(workspace.root, `vars-${key}.json`);
  fs.copyFileSync(path.join(dir, `vars-${key}.json`), copy);
  await page.getByTestId('scenario-import-file').setInputFiles(copy);
  await expect(page.getByTestId('vars-tools-note')).toContainText('params');
  await expect(page.getByTestId('var-input-chatType')).toHaveValue('group');
  await expect(page.getByTestId('path-override-KITS')).not.toBeChecked();
  await page.getByRole('tab', { name: 'Context' }).click();
  const recorded = fs.readFileSync(path.join(dir, `context-${key}.md`), 'utf8');
  await expect(page.getByTestId('context-text')).toHaveText(recorded, { useInnerText: false });
});
