/**
 * `npm start`: the desktop app when Electron's binary is present or can be fetched now with
 * Electron's own installer; otherwise one line saying why, then `serve` on the demo (or given)
 * workspace in the system browser (unless CI is set).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVE_USAGE, parseServeArgs } from './serve/args';
import { isRendererStale, newestMtime } from './serve/build-freshness';
import { serveUntilStopped } from './serve/serve-until-stopped';
import { isRendererBuilt } from './serve/static-files';
import { chooseStartMode } from './shell/desktop-or-browser';
import { findElectronBinary } from './shell/electron-binary';
import { fetchElectronBinary, realFetchDeps } from './shell/fetch-electron';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);

/** `true` when dist/ holds a build at least as new as every source it is made of. */
function isBuiltAndFresh(): boolean {
  const main = path.join(appRoot, 'dist', 'electron', 'main.js');
  const staticDir = path.join(appRoot, 'dist', 'renderer');
  if (!fs.existsSync(main) || !isRendererBuilt(staticDir)) return false;
  const sources = Math.max(
    newestMtime(path.join(appRoot, 'electron')),
    newestMtime(path.join(appRoot, 'shared')),
  );
  return sources <= fs.statSync(main).mtimeMs && !isRendererStale(appRoot, staticDir);
}

function run(cmd: string, args: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: appRoot, stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const choice = await chooseStartMode({
    findBinary: () => findElectronBinary(import.meta.url),
    fetchBinary: () => fetchElectronBinary(appRoot, realFetchDeps()),
    env: process.env,
  });
  if (choice.mode === 'desktop') {
    if (!isBuiltAndFresh() && (await run('npm', ['run', 'build'])) !== 0) process.exit(1);
    // Electron reads `main` from package.json; --home / --package-root pass through.
    process.exit(
      await run(choice.electronPath, ['.', ...argv.filter((a) => a !== '--no-open' && a !== '--no-build')]),
    );
  }
  process.stderr.write(`${choice.line}\n`);
  let args;
  try {
    args = parseServeArgs(argv);
  } catch (error) {
    process.stderr.write(`start: ${(error as Error).message}\n${SERVE_USAGE}\n`);
    process.exit(2);
  }
  await serveUntilStopped(appRoot, args, 'start');
}

main().catch((error: unknown) => {
  const e = error as { message?: string; path?: string };
  process.stderr.write(`start: ${e.message ?? String(error)}${e.path === undefined ? '' : ` (${e.path})`}\n`);
  process.exit(1);
});
