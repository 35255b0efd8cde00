/**
 * Builds the renderer before serving it when it is missing (a fresh clone) or older than its
 * sources (after a pull), so `npm run serve` and `npm start`'s browser mode show the current UI
 * instead of a 503 "not built" page. Shared by both entries.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isRendererStale } from './build-freshness';
import { isRendererBuilt } from './static-files';

/** Why the renderer must be built first, or `null` when it need not (or cannot) be. */
export type RendererBuildNeed = 'missing' | 'stale' | null;

/**
 * `missing` / `stale` in a source checkout; `null` when the build is fresh, or when there are
 * no renderer sources to build from (a packaged app: run-serve then says "not built").
 */
export function rendererBuildNeed(appRoot: string, staticDir: string): RendererBuildNeed {
  if (!fs.existsSync(path.join(appRoot, 'renderer', 'vite.config.ts'))) return null;
  if (!isRendererBuilt(staticDir)) return 'missing';
  return isRendererStale(appRoot, staticDir) ? 'stale' : null;
}

/** Runs a build; resolves with its exit code. */
export type BuildRunner = () => Promise<number>;

/** `vite build` of the renderer as a child process, its warnings shown. */
export function viteBuildRunner(appRoot: string): BuildRunner {
  return () =>
    new Promise((resolve) => {
      const child = spawn(
        'npx',
        ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'],
        {
          cwd: appRoot,
          stdio: 'inherit',
          shell: process.platform === 'win32',
        },
      );
      child.once('error', () => resolve(1));
      child.once('exit', (code) => resolve(code ?? 1));
    });
}

/**
 * Builds when {@link rendererBuildNeed} says so; `false` when the build failed (the caller
 * exits: serving a half-written dist/ would be worse than stopping).
 */
export async function ensureRendererBuilt(
  appRoot: string,
  staticDir: string,
  runBuild: BuildRunner,
  log: (line: string) => void,
): Promise<boolean> {
  const need = rendererBuildNeed(appRoot, staticDir);
  if (need === null) return true;
  log(
    need === 'missing'
      ? 'ECK Inspector: building the renderer (first run)…'
      : 'ECK Inspector: rebuilding the renderer (its sources changed)…',
  );
  const code = await runBuild();
  if (code !== 0) log(`ECK Inspector: the renderer build failed (exit code ${code}).`);
  return code === 0;
}
