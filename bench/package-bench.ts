/**
 * The compiled package's start-up, measured on the built dist/ (built first when
 * stale), whole processes as a user starts them:
 *
 * - `eck-render-compiled`: `node dist/bin/eck.mjs render` on the demo against `node -e 0` in
 *   the same run, runs interleaved so drift hits both; target ≤ 3×. The same render through the
 *   TypeScript loader (`tsx electron/cli/eck.ts`) is given beside it, the way it ran before.
 * - `eck-inspector-url`: from spawning `node dist/bin/eck-inspector.mjs --no-open` on the demo
 *   home to its URL answering 200; target ≤ 1 s, the ratio taken against that budget, with
 *   `node -e 0` as the same-run baseline.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { APP_ROOT } from '../electron/services/app-paths';
import { buildPackage } from '../scripts/build-package';
import { demoEnv, startApp } from '../scripts/installed-app';
import { median, round, type BenchResult } from './measure';

const RENDER_RUNS = 11;
const URL_RUNS = 5;
const LOADER_RUNS = 3;
const URL_BUDGET_MS = 1000;

function wallMs(cmd: string, args: readonly string[], env: NodeJS.ProcessEnv): number {
  const t = performance.now();
  const r = spawnSync(cmd, args, { env, stdio: 'ignore', timeout: 60_000 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${String(r.status)}`);
  return ms;
}

async function timeToUrl(env: NodeJS.ProcessEnv): Promise<number> {
  const app = await startApp(
    process.execPath,
    [path.join(APP_ROOT, 'dist', 'bin', 'eck-inspector.mjs')],
    env,
  );
  app.stop();
  if (app.status !== 200) throw new Error(`its URL answered HTTP ${app.status}`);
  return app.ms;
}

/** Both figures. */
export async function benchPackage(): Promise<BenchResult[]> {
  await buildPackage('if-stale');
  const env = demoEnv(fs.mkdtempSync(path.join(os.tmpdir(), 'eck-bench-home-')));
  const node = process.execPath;
  const eck = path.join(APP_ROOT, 'dist', 'bin', 'eck.mjs');
  const bare: number[] = [];
  const compiled: number[] = [];
  wallMs(node, [eck, 'render'], env);
  for (let i = 0; i < RENDER_RUNS; i++) {
    bare.push(wallMs(node, ['-e', '0'], env));
    compiled.push(wallMs(node, [eck, 'render'], env));
  }
  const tsx = path.join(APP_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const loader: number[] = [];
  for (let i = 0; i < LOADER_RUNS; i++)
    loader.push(wallMs(node, [tsx, path.join(APP_ROOT, 'electron', 'cli', 'eck.ts'), 'render'], env));
  const urls: number[] = [];
  for (let i = 0; i < URL_RUNS; i++) urls.push(await timeToUrl(env));
  fs.rmSync(env['HOME'] ?? '', { recursive: true, force: true });
  const bareMs = median(bare);
  const renderMs = median(compiled);
  const urlMs = median(urls);
  return [
    {
      name: 'eck-render-compiled',
      medianMs: round(renderMs),
      baselineMs: round(bareMs),
      ratio: round(renderMs / bareMs),
      baseline: `node -e 0, ${RENDER_RUNS} runs interleaved with the render`,
      target: '≤ 3× node -e 0',
      meetsTarget: renderMs / bareMs <= 3,
      throughTypeScriptLoaderMs: round(median(loader)),
    },
    {
      name: 'eck-inspector-url',
      medianMs: round(urlMs),
      baselineMs: round(bareMs),
      ratio: round(urlMs / URL_BUDGET_MS),
      baseline: `the 1 s budget (ratio); node -e 0 in the same run as baselineMs; ${URL_RUNS} starts on the demo home`,
      target: '≤ 1 s from start to its URL answering',
      meetsTarget: urlMs <= URL_BUDGET_MS,
    },
  ];
}
