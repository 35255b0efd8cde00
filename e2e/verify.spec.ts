/**
 * Verify in the Timeline: on a package root holding an installed evolcore (the
 * stand-in engine of electron/verify/__fixtures__), the button appears, says "identical", and
 * after a planted difference names the section and the first line, shows the side-by-side diff
 * and the installed text; the status bar marks the render as verified. Absent on the demo kit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { startServe, type ServeProcess } from './support/serve-process';
import { APP_ROOT } from './support/workspace-copy';

const FIXTURE = path.join(APP_ROOT, 'electron', 'verify', '__fixtures__', 'installed-evolcore');

let root: string;
let serve: ServeProcess;
let engine: string;

test.describe('with an installed evolcore', () => {
  test.beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-e2e-verify-'));
    const packageRoot = path.join(root, 'evolcore');
    fs.cpSync(FIXTURE, packageRoot, { recursive: true });
    engine = path.join(packageRoot, 'dist', 'eck', 'kit-renderer.js');
    serve = await startServe({ home: path.join(packageRoot, 'home'), packageRoot });
  });

  test.afterEach(async () => {
    await serve.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('says identical, then finds a planted difference and shows it', async ({ page }) => {
    await page.goto(serve.url);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const button = page.getByTestId('verify-button');
    await expect(button).toHaveText('Verify with evolcore 0.0.27', { timeout: 20_000 });
    await button.click();
    await expect(page.getByTestId('verify-answer')).toContainText(
      'Your evolcore 0.0.27 (dist/eck/kit-renderer.js) renders this scenario identically',
      { timeout: 20_000 },
    );
    await expect(page.getByTestId('status-verify')).toContainText('Verified identical with your evolcore');

    fs.writeFileSync(
      engine,
      fs
        .readFileSync(engine, 'utf8')
        .replace('text.trimEnd()', "text.trimEnd().replace('plainly', 'plainly!')"),
    );
    await button.click();
    const answer = page.getByTestId('verify-answer');
    await expect(answer).toContainText(
      'renders this scenario differently: 1 section (style), first difference at line 11',
      {
        timeout: 20_000,
      },
    );
    await expect(page.getByTestId('verify-first-line')).toContainText(
      'inspector: Write plainly. · installed: Write plainly!.',
    );
    await expect(page.getByTestId('status-verify')).toContainText('renders this differently');
    await page.getByTestId('verify-show-installed').click();
    await expect(page.getByTestId('verify-installed')).toContainText('Write plainly!.');
    await page.getByTestId('verify-show-diff').click();
    await expect(page.getByTestId('verify-diff')).toBeVisible();

    // The same answer in Chinese.
    await page.getByTestId('settings-button').click();
    await page.getByTestId('language-select').selectOption('zh-CN');
    await expect(answer).toContainText('渲染不同：1 个 section（style），第一处差异在第 11 行');
    await expect(page.getByTestId('status-verify')).toContainText('你的 evolcore 渲染结果不同');
  });
});

test('absent where nothing is installed (the demo kit)', async ({ page, serve: demo }) => {
  await page.goto(demo.url);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('timeline-list')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('verify-bar')).toHaveCount(0);
});

test('the CLAUDE.md view verifies with the user’s own claude (a stand-in on PATH)', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-e2e-claude-verify-'));
  const bin = path.join(dir, 'bin');
  const home = path.join(dir, 'home');
  const proj = path.join(dir, 'proj');
  fs.mkdirSync(bin);
  fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
  fs.mkdirSync(proj);
  fs.copyFileSync(
    path.join(APP_ROOT, 'electron', 'verify', '__fixtures__', 'fake-claude', 'claude'),
    path.join(bin, 'claude'),
  );
  fs.chmodSync(path.join(bin, 'claude'), 0o755);
  fs.writeFileSync(path.join(proj, 'CLAUDE.md'), 'Use tabs.\n');
  const server = await startServe({
    home: path.join(APP_ROOT, 'kits', 'demo-home'),
    packageRoot: APP_ROOT,
    extraArgs: ['--claude-project', proj],
    env: { PATH: `${bin}${path.delimiter}${process.env['PATH'] ?? ''}`, HOME: home },
  });
  try {
    await page.goto(server.url);
    const button = page.getByTestId('claude-verify-button');
    await expect(button).toHaveText('Verify with Claude Code 2.1.197', { timeout: 20_000 });
    await button.click();
    await expect(page.getByTestId('claude-verify-answer')).toContainText(
      'Your Claude Code 2.1.197 sends the same memory: the start block is identical.',
      { timeout: 30_000 },
    );
    // The stand-in wrote its transcript where the real CLI does: not in the user's ~/.claude.
    expect(fs.readdirSync(path.join(home, '.claude'))).toEqual([]);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
