/**
 * An evolclaw kit end to end: the fixture kit with evolclaw's shapes opens as an
 * evolclaw workspace, its and-gated sections load as the real engine loads them (14 of 16), the
 * Timeline lists a compound condition clause by clause, and the Manifest tab edits an and
 * condition without JSON: add a clause, set it, move it, save exactly that to the override.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { startServe, type ServeProcess } from './support/serve-process';
import { APP_ROOT } from './support/workspace-copy';

test.describe.configure({ timeout: 90_000 });

const FIXTURES = path.join(APP_ROOT, 'e2e', 'fixtures');

let root: string;
let home: string;
let serve: ServeProcess;

test.beforeEach(async ({ request }) => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-e2e-claw-'));
  const packageRoot = path.join(root, 'evolclaw');
  home = path.join(root, 'home');
  fs.cpSync(path.join(FIXTURES, 'evolclaw-kit'), packageRoot, { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'evolclaw-home'), home, { recursive: true });
  serve = await startServe({ home, packageRoot });
  const vars = JSON.parse(
    fs.readFileSync(path.join(FIXTURES, 'evolclaw-owner-private.vars.json'), 'utf8'),
  ) as unknown;
  const set = await request.post(`${serve.origin}/api/setScenario`, {
    data: { presetId: null, vars, sessionType: 'main', manifestFile: null },
    headers: { authorization: `Bearer ${serve.token}` },
  });
  expect(await set.json()).toMatchObject({ ok: true });
});

test.afterEach(async () => {
  await serve.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const row = (page: Page, id: string) => page.locator(`[data-testid="timeline-row"][data-section="${id}"]`);

test('opens as evolclaw, loads 14 of 16 sections, explains an and clause by clause', async ({ page }) => {
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('product').locator('[data-product]')).toHaveAttribute(
    'data-product',
    'evolclaw',
  );
  await expect(row(page, 'persona')).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
  // The real engine's numbers: 14 of 16 sections, 19 files (rows are virtualised: the status bar counts).
  await expect(page.getByTestId('status-sections')).toContainText('14/16');
  await expect(page.getByTestId('status-bar')).toContainText('Files 19 / 50');
  await expect(page.locator('[data-testid="timeline-row"][data-status="invalid"]')).toHaveCount(0);

  // The group profile's and: its first clause decided, the second was never reached.
  const why = row(page, 'group-profile').getByTestId('why');
  await expect(why).toContainText('all 2 clauses must hold (and), so the condition is false:');
  const clauses = why.getByTestId('why-clauses').locator('li');
  await expect(clauses.nth(0)).toHaveAttribute('data-mark', 'false');
  await expect(clauses.nth(0)).toContainText('groupId = (not set), so groupId ≠ null is false');
  await expect(clauses.nth(1)).toHaveAttribute('data-mark', 'skipped');
  await expect(why).toContainText('To load it: give groupId any value.');

  // The auxiliary session's manifest sets its own limits; the budget bars run against them.
  await page.getByTestId('session-type-select').selectOption('auxiliary');
  await expect(page.getByTestId('budget-files')).toContainText('/ 20');
  await expect(page.getByTestId('status-sections')).toContainText('4/4');
});

test('the when editor edits an and condition: add a clause, set it, move it up, save it', async ({
  page,
}) => {
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Manifest' }).click();
  await expect(page.getByTestId('section-row-persona')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('edit-when-persona').click();
  const editor = page.getByTestId('when-persona');
  await expect(editor.getByTestId('when-persona-kind')).toHaveValue('and');
  await expect(editor.getByTestId('when-persona-c1-var')).toHaveValue('lifecycle');

  await editor.getByTestId('when-persona-add').click();
  await editor.getByTestId('when-persona-c2-kind').selectOption('eq');
  await editor.getByTestId('when-persona-c2-var').selectOption('peerRole');
  const value = editor.getByTestId('when-persona-c2-value');
  await value.fill('visitor');
  await value.press('Enter');
  // The owner is not a visitor: in the draft render the section stops loading.
  await expect(page.getByTestId('status-persona')).toHaveText('when false');
  await editor.getByTestId('when-persona-c2-up').click();
  await expect(editor.getByTestId('when-persona-c1-var')).toHaveValue('peerRole');

  await page.getByTestId('save-override').click();
  await expect(page.getByTestId('save-saved')).toBeVisible();
  const saved = JSON.parse(fs.readFileSync(path.join(home, 'eck', 'eck_manifest.json'), 'utf8')) as unknown;
  expect(saved).toEqual({
    sections: [
      {
        id: 'persona',
        when: {
          and: [
            { var: 'chatType', neq: null },
            { var: 'peerRole', eq: 'visitor' },
            { var: 'lifecycle', neq: 'bootstrapping' },
          ],
        },
      },
    ],
  });

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const why = row(page, 'persona').getByTestId('why');
  await expect(row(page, 'persona')).toHaveAttribute('data-status', 'when-false');
  await expect(why).toContainText('To load it: set peerRole to "visitor".');
  await expect(why.getByTestId('why-clauses').locator('li').nth(1)).toHaveAttribute('data-mark', 'false');
});

test('the message manifest: the mode each item type uses, and its mode fields edited in the draft', async ({
  page,
  request,
}) => {
  const vars = JSON.parse(
    fs.readFileSync(path.join(FIXTURES, 'evolclaw-owner-private.vars.json'), 'utf8'),
  ) as Record<string, unknown>;
  const set = await request.post(`${serve.origin}/api/setScenario`, {
    data: {
      presetId: null,
      vars: { ...vars, renderModes: { private: 'compact' } },
      sessionType: 'main',
      manifestFile: 'eck_message_manifest.json',
    },
    headers: { authorization: `Bearer ${serve.token}` },
  });
  expect(await set.json()).toMatchObject({ ok: true });
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Manifest' }).click();
  const modes = page.getByTestId('render-modes');
  await expect(modes).toBeVisible({ timeout: 20_000 });
  // private: the agent config names compact; group and inject: their isDefault sections.
  await expect(modes.getByTestId('mode-type-private')).toHaveAttribute('data-active', 'compact');
  await expect(modes.getByTestId('mode-type-private')).toContainText('(from renderModes)');
  await expect(modes.getByTestId('mode-type-group')).toHaveAttribute('data-active', 'default');
  await expect(modes.getByTestId('mode-type-inject')).toContainText('(isDefault)');

  // The box follows the draft's render, which arrives a moment later.
  await modes.getByTestId('mode-default-msg-private-compact').click();
  await expect(modes.getByTestId('mode-default-msg-private-compact')).toBeChecked();
  const name = modes.getByTestId('mode-name-msg-group-default');
  await name.fill('plain');
  await name.press('Enter');
  // The group's only default mode is now called plain.
  await expect(modes.getByTestId('mode-type-group')).toHaveAttribute('data-active', 'plain');
  await page.getByTestId('save-override').click();
  await expect(page.getByTestId('save-saved')).toBeVisible();
  const saved = JSON.parse(
    fs.readFileSync(path.join(home, 'eck', 'eck_message_manifest.json'), 'utf8'),
  ) as unknown;
  expect(saved).toEqual({
    sections: [
      { id: 'msg-private-compact', isDefault: true },
      { id: 'msg-group-default', modeName: 'plain' },
    ],
  });
});

test('the other tabs on it: Context says EvolClaw, Vars holds the real vars, History replays the real record', async ({
  page,
}) => {
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Context' }).click();
  await expect(page.getByTestId('context-text')).toContainText(
    'EvolClaw Context Kit documents are shown below.',
    {
      timeout: 20_000,
    },
  );
  await page.getByRole('tab', { name: 'Vars' }).click();
  await expect(page.getByTestId('var-input-selfAid')).toHaveValue('aid-nova-7f3a');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-panel')).toBeVisible();
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  await page.getByTestId('history-replay').click();
  await expect(page.getByTestId('history-diff-verdict')).toBeVisible();
  // The record names no manifest file: that alone is no "manifest changed".
  await expect(page.getByTestId('history-cause').filter({ hasText: 'manifest changed' })).toHaveCount(0);
});
