/**
 * A "Claude Code project" workspace: open the fixture project (a temp copy) from the
 * workspace bar, see its files in load order with their reasons, and see the view follow edits
 * on disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { APP_ROOT } from './support/workspace-copy';
import { expect, test } from './support/fixtures';
import { startServe } from './support/serve-process';

const FIXTURE = path.join(APP_ROOT, 'e2e', 'fixtures', 'claude-md-project');

/** Copies the fixture beside the test's workspace (removed with it). */
function copyFixture(root: string): { root: string; cwd: string; home: string; managed: string } {
  const dir = path.join(root, 'claude-md-project');
  fs.cpSync(FIXTURE, dir, { recursive: true, verbatimSymlinks: true });
  return {
    root: dir,
    cwd: path.join(dir, 'project'),
    home: path.join(dir, 'home'),
    managed: path.join(dir, 'managed'),
  };
}

async function setField(page: Page, testId: string, value: string): Promise<void> {
  const field = page.getByTestId(testId);
  await field.fill(value);
  await field.press('Enter');
  await expect(field).toHaveValue(value);
}

/** The `.claude/rules/` rows of one run sorted in place: their order is the file system's. */
function settleRules(names: readonly string[]): string[] {
  const out: string[] = [];
  let group: string[] = [];
  for (const name of [...names, '']) {
    if (name.startsWith('.claude/rules/')) group.push(name);
    else {
      out.push(...group.sort());
      group = [];
      if (name !== '') out.push(name);
    }
  }
  return out;
}

const row = (page: Page, name: string) =>
  page.getByTestId('claude-file-row').filter({
    has: page.getByTestId('claude-file-name').getByText(name, { exact: true }),
  });

test('a Claude Code project shows its files in load order with reasons, and follows edits on disk', async ({
  page,
  serve,
  workspace,
}) => {
  // Many steps, each a round trip and a re-assembly: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const dirs = copyFixture(workspace.root);
  await page.goto(`${serve.url}#/context`);
  await expect(page.getByTestId('context-text')).toContainText('<system-reminder>');

  await page.getByTestId('workspace-kind').selectOption('claude');
  await expect(page.getByTestId('claude-panel')).toBeVisible();
  await expect(page.getByTestId('home-path')).toHaveCount(0);

  // A folder that does not exist is refused, naming it.
  const missing = path.join(dirs.root, 'no-such-project');
  await page.getByTestId('claude-cwd').fill(missing);
  await page.getByTestId('claude-cwd').press('Enter');
  await expect(page.getByTestId('claude-error')).toContainText('the working directory does not exist');
  await expect(page.getByTestId('claude-error')).toContainText(missing);
  // What was typed stays in the field, marked, to be corrected rather than retyped.
  await expect(page.getByTestId('claude-cwd')).toHaveValue(missing);
  await expect(page.getByTestId('claude-cwd')).toHaveAttribute('aria-invalid', 'true');

  await setField(page, 'claude-cwd', dirs.cwd);
  await setField(page, 'claude-home', dirs.home);
  await setField(page, 'claude-managed', dirs.managed);

  const rows = page.getByTestId('claude-file-row');
  await expect(rows).toHaveCount(13);
  // Rules folders are listed in the file system's own order (as Claude Code walks them): one
  // folder's rows are compared as a set.
  expect(settleRules(await page.getByTestId('claude-file-name').allTextContents())).toEqual(
    settleRules([
      path.join(dirs.managed, 'CLAUDE.md'),
      '~/.claude/CLAUDE.md',
      '~/.claude/snippets/tone.md',
      '~/.claude/rules/commits.md',
      'CLAUDE.md',
      'docs/conventions.md',
      'docs/diagram.png',
      path.join(dirs.root, 'shared-notes.md'),
      '.claude/CLAUDE.md',
      '.claude/rules/frontend/styles.md',
      '.claude/rules/general.md',
      '.claude/rules/testing.md',
      'CLAUDE.local.md',
    ]),
  );
  await expect(row(page, 'CLAUDE.md').getByTestId('claude-file-reason')).toHaveText('At session start');
  await expect(row(page, 'docs/conventions.md').getByTestId('claude-file-reason')).toHaveText(
    'Included by CLAUDE.md',
  );
  await expect(row(page, 'docs/diagram.png').getByTestId('claude-file-status')).toHaveText(
    'Skipped: not a text file',
  );
  await expect(
    row(page, path.join(dirs.root, 'shared-notes.md')).getByTestId('claude-file-status'),
  ).toHaveText('Skipped: outside the project folder, and external includes are not approved here');
  await expect(row(page, '.claude/rules/testing.md').getByTestId('claude-file-status')).toHaveText(
    'Not sent at start: it has paths, so it waits for Claude to read a matching file',
  );
  await expect(row(page, '~/.claude/snippets/tone.md').getByTestId('claude-file-reason')).toHaveText(
    'Included by ~/.claude/CLAUDE.md',
  );

  // One "When" badge per file, agreeing with its status: a paths: rule waits for a matching Read.
  await expect(row(page, '.claude/rules/testing.md').getByTestId('claude-file-phase')).toHaveText(
    'On a matching Read',
  );
  await expect(row(page, 'docs/diagram.png').getByTestId('claude-file-phase')).toHaveText('Not sent');

  // A target file, picked rather than typed: the picker's search finds it, Enter chooses it. The
  // Read's phase lists the nested folder's CLAUDE.md, the matching rule and the cwd's
  // conditional rules that do not match it.
  await page.getByTestId('claude-target-browse').click();
  const picker = page.getByTestId('claude-target-picker');
  await expect(
    picker.getByTestId('claude-picker-tree').getByRole('treeitem', { name: 'packages' }),
  ).toBeVisible();
  await page.getByTestId('claude-picker-search').fill('App.ts');
  await expect(picker.getByRole('option')).toHaveText(['packages/app/src/App.tsx']);
  await page.getByTestId('claude-picker-search').press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId('claude-target')).toHaveValue('packages/app/src/App.tsx');
  await expect(rows).toHaveCount(17);
  await expect(page.getByTestId('claude-totals-attached')).toContainText('2 attached after the Read');
  await expect(row(page, 'packages/app/CLAUDE.md').getByTestId('claude-file-phase')).toHaveText('On Read');
  await expect(row(page, 'packages/app/CLAUDE.md').getByTestId('claude-file-reason')).toHaveText(
    'Its folder lies between the project folder and the file read',
  );
  await expect(row(page, 'packages/app/.claude/rules/react.md').getByTestId('claude-file-status')).toHaveText(
    'Attached: its paths match the file read',
  );
  await expect(row(page, '.claude/rules/testing.md').getByTestId('claude-file-status')).toHaveText([
    'Not sent at start: it has paths, so it waits for Claude to read a matching file',
    'Not attached: its paths do not match the file read',
  ]);

  // Both phases side by side: the start block exactly as sent, and what the Read attaches.
  await page.getByTestId('claude-view-text').click();
  const startPhase = page.getByTestId('claude-phase-start');
  const readPhase = page.getByTestId('claude-phase-read');
  await expect(startPhase.getByRole('heading')).toHaveText('At session start');
  await expect(readPhase.getByRole('heading')).toHaveText('When Claude reads packages/app/src/App.tsx');
  await expect(startPhase.getByTestId('claude-context-text')).toContainText(
    `Contents of ${path.join(dirs.managed, 'CLAUDE.md')} (organization-managed policy instructions):`,
  );
  await expect(startPhase.getByTestId('claude-context-text')).not.toContainText('React 19');
  const attachments = readPhase.getByTestId('claude-attachment');
  await expect(attachments).toHaveCount(2);
  await expect(attachments.nth(0).getByTestId('claude-attachment-text')).toHaveText(
    `Contents of ${path.join(dirs.cwd, 'packages', 'app', 'CLAUDE.md')}:\n\n# The app package\n\nReact 19 with function components only.\n`,
  );
  await expect(attachments.nth(1).getByTestId('claude-attachment-why')).toHaveText(
    'Attached: its paths match the file read · Its paths decide: sent when Claude reads a matching file',
  );
  await expect(page.getByTestId('claude-version')).toContainText('Claude Code 2.1.197');
  await expect(page.getByTestId('claude-version')).toContainText('feature flags');
  // The same in Simplified Chinese.
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('zh-CN');
  await page.keyboard.press('Escape');
  await expect(startPhase.getByRole('heading')).toHaveText('会话开始时');
  await expect(readPhase.getByRole('heading')).toHaveText('Claude 读取 packages/app/src/App.tsx 时');
  await expect(attachments.nth(0).getByTestId('claude-attachment-why')).toHaveText(
    '读取后附加 · 它所在的文件夹位于项目文件夹与所读取文件之间',
  );
  await expect(page.getByTestId('claude-version')).toContainText('功能开关');
  await page.getByTestId('settings-button').click();
  await page.getByTestId('language-select').selectOption('en');
  await page.keyboard.press('Escape');
  await page.getByTestId('claude-view-files').click();

  // Selecting a row shows the file read-only.
  await row(page, 'CLAUDE.md').click();
  await expect(page.getByTestId('claude-detail')).toContainText(path.join(dirs.cwd, 'CLAUDE.md'));
  await expect(page.getByTestId('claude-file-editor')).toContainText('Demo project', { timeout: 15_000 });
  // ↓ moves to the next file, its include.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('claude-detail')).toContainText(
    path.join(dirs.cwd, 'docs', 'conventions.md'),
  );
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('claude-detail')).toContainText(path.join(dirs.cwd, 'CLAUDE.md'));

  // Edits on disk: a file changes, a new rule appears.
  fs.appendFileSync(path.join(dirs.cwd, 'CLAUDE.md'), '\nEdited on disk by the e2e test.\n');
  fs.writeFileSync(path.join(dirs.cwd, '.claude', 'rules', 'added.md'), 'A rule added while open.\n');
  await expect(row(page, '.claude/rules/added.md')).toHaveCount(1);
  await expect(row(page, '.claude/rules/added.md').getByTestId('claude-file-status')).toHaveText('Loaded');
  await expect(page.getByTestId('claude-file-editor')).toContainText('Edited on disk by the e2e test.');
  await expect(page.getByTestId('claude-status-disk')).toContainText('last change on disk');
  await page.getByTestId('claude-view-text').click();
  const text = page.getByTestId('claude-context-text');
  await expect(text).toContainText('Edited on disk by the e2e test.');
  await expect(text).toContainText(`Contents of ${path.join(dirs.cwd, '.claude', 'rules', 'added.md')}`);
  await expect(text).not.toContainText('Maintainers: keep this file short');

  // A settings file that changes memory: the view names it, and the row says why.
  await page.getByTestId('claude-view-files').click();
  fs.writeFileSync(
    path.join(dirs.cwd, '.claude', 'settings.local.json'),
    JSON.stringify({ claudeMdExcludes: ['**/rules/added.md'] }),
  );
  await expect(page.getByTestId('claude-settings-effect')).toHaveText(
    '.claude/settings.local.json: claudeMdExcludes "**/rules/added.md" drops 1 file',
  );
  await expect(row(page, '.claude/rules/added.md').getByTestId('claude-file-status')).toHaveText(
    'Not loaded: matches a claudeMdExcludes pattern of the settings',
  );

  // Back to the ECK home: its tabs return.
  await page.getByTestId('workspace-kind').selectOption('eck');
  await expect(page.getByTestId('home-path')).toHaveValue(workspace.home);
  await expect(page.getByTestId('context-text')).toContainText('<system-reminder>');
  // And back again: the same project, with its target, not an empty view.
  await page.getByTestId('workspace-kind').selectOption('claude');
  await expect(page.getByTestId('claude-cwd')).toHaveValue(dirs.cwd);
  await expect(page.getByTestId('claude-target')).toHaveValue('packages/app/src/App.tsx');
  await expect(page.getByTestId('claude-totals-attached')).toContainText('attached after the Read');
});

test('serve --claude-project opens that project at start, in place of the ECK tabs', async ({
  page,
  workspace,
}) => {
  const dirs = copyFixture(workspace.root);
  const server = await startServe({
    home: workspace.home,
    packageRoot: workspace.packageRoot,
    extraArgs: ['--claude-project', dirs.cwd],
  });
  try {
    await page.goto(server.url);
    await expect(page.getByTestId('claude-panel')).toBeVisible();
    await expect(page.getByTestId('workspace-kind')).toHaveValue('claude');
    await expect(page.getByTestId('claude-cwd')).toHaveValue(dirs.cwd);
    await expect(row(page, 'CLAUDE.md').first()).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('a project opened elsewhere (another window, the File menu) is shown here when it arrives', async ({
  page,
  serve,
  workspace,
  context,
}) => {
  const dirs = copyFixture(workspace.root);
  await page.goto(`${serve.url}#/context`);
  await expect(page.getByTestId('context-text')).toContainText('<system-reminder>');
  const other = await context.newPage();
  await other.goto(serve.url);
  await other.getByTestId('workspace-kind').selectOption('claude');
  await setField(other, 'claude-cwd', dirs.cwd);
  await expect(row(other, 'CLAUDE.md').first()).toBeVisible();
  // The first window follows the main side into the project.
  await expect(page.getByTestId('claude-panel')).toBeVisible();
  await expect(page.getByTestId('workspace-kind')).toHaveValue('claude');
  await expect(row(page, 'CLAUDE.md').first()).toBeVisible();
});
