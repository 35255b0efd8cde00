#!/usr/bin/env node
/**
 * The installed `eck-inspector` command (package.json `bin`): the desktop window where
 * Electron is installed, otherwise `serve` in the browser, with the flags of `npm start` /
 * `npm run serve` (and `--browser` to skip the desktop). Bundled to dist/bin/eck-inspector.mjs.
 */
import { spawn } from 'node:child_process';
import { SERVE_USAGE, parseServeArgs } from '../serve/args';
import { serveUntilStopped } from '../serve/serve-until-stopped';
import { APP_ROOT } from '../services/app-paths';
import { findElectronBinary } from '../shell/electron-binary';
import { chooseInstalledStartMode } from '../shell/installed-start-mode';

const USAGE = `${SERVE_USAGE.replace('npm run serve --', 'eck-inspector')}\n  --browser           the browser mode even where Electron is installed`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const browserAsked = argv.includes('--browser');
  let args;
  try {
    args = parseServeArgs(argv.filter((a) => a !== '--browser'));
  } catch (error) {
    process.stderr.write(`eck-inspector: ${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const choice = chooseInstalledStartMode({
    findBinary: () => findElectronBinary(import.meta.url),
    env: process.env,
    platform: process.platform,
    browserAsked,
  });
  if (choice.mode === 'desktop') {
    // Electron reads `main` (dist/electron/main.js) from the package's package.json.
    const passed = argv.filter((a) => a !== '--no-open' && a !== '--no-build');
    const child = spawn(choice.electronPath, [APP_ROOT, ...passed], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 1));
    return;
  }
  if (choice.line !== null) process.stderr.write(`${choice.line}\n`);
  // The package ships its renderer built: never try to build it.
  await serveUntilStopped(APP_ROOT, { ...args, build: false }, 'eck-inspector');
}

main().catch((error: unknown) => {
  const e = error as { message?: string; path?: string };
  process.stderr.write(
    `eck-inspector: ${e.message ?? String(error)}${e.path === undefined ? '' : ` (${e.path})`}\n`,
  );
  process.exit(1);
});
