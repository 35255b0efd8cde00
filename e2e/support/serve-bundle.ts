/**
 * Bundles `electron/serve/cli.ts` once per e2e run into one ES module, so each test's `serve`
 * starts in plain Node (about 1.4 s) instead of through tsx (3 to 5 s on the CI box).
 *
 * The bundle sits two folders below the app root (test-results/serve-bundle-<pid>/cli.mjs),
 * so the CLI's `import.meta.url`-relative app root still points at this checkout; node_modules
 * stay external, as in the sources.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { APP_ROOT } from './workspace-copy';

/** Environment variable through which global setup tells the workers where the bundle is. */
export const SERVE_BUNDLE_ENV = 'ECK_E2E_SERVE_BUNDLE';

/** Removes bundles left by runs that were killed before their teardown (their pid is gone). */
export function removeStaleBundles(): void {
  const dir = path.join(APP_ROOT, 'test-results');
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^serve-bundle-(\d+)$/.exec(name);
    if (m === null || isRunning(Number(m[1]))) continue;
    fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Builds the bundle; returns the path of its entry. */
export async function bundleServe(): Promise<string> {
  removeStaleBundles();
  const outDir = path.join(APP_ROOT, 'test-results', `serve-bundle-${process.pid}`);
  await build({
    configFile: false,
    root: APP_ROOT,
    logLevel: 'warn',
    build: {
      ssr: path.join(APP_ROOT, 'electron', 'serve', 'cli.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rollupOptions: { output: { entryFileNames: 'cli.mjs', format: 'es' } },
    },
  });
  return path.join(outDir, 'cli.mjs');
}

/** Removes a bundle built by `bundleServe`. */
export function removeBundle(entry: string): void {
  fs.rmSync(path.dirname(entry), { recursive: true, force: true });
}
