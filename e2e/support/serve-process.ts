/**
 * Starts `serve` as its own process on a free port, as a user would, and reads the URL from
 * the one line it prints.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVE_BUNDLE_ENV } from './serve-bundle';
import { APP_ROOT } from './workspace-copy';

/** A running `serve`. */
export interface ServeProcess {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly child: ChildProcess;
  /** Everything it wrote to stderr so far (for failure messages). */
  stderr(): string;
  stop(): Promise<void>;
}

/** How to start serve: the run's bundle (fast), or the sources through tsx as `npm run serve` does. */
export type ServeEntry = 'bundle' | 'tsx';

const LINE = /^ECK Inspector at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([\w-]+))$/m;

function command(entry: ServeEntry): { cmd: string; args: string[] } {
  const bundle = process.env[SERVE_BUNDLE_ENV];
  if (entry === 'bundle' && bundle !== undefined && fs.existsSync(bundle)) {
    return { cmd: process.execPath, args: [bundle] };
  }
  return { cmd: path.join(APP_ROOT, 'node_modules', '.bin', 'tsx'), args: ['electron/serve/cli.ts'] };
}

/** Spawns `serve --no-open --port 0` on the given workspace. */
export async function startServe(
  args: {
    home: string;
    packageRoot: string;
    extraArgs?: readonly string[];
    /** Added to the server's environment (a PATH holding a stand-in `claude`, …). */
    env?: NodeJS.ProcessEnv;
  },
  entry: ServeEntry = 'bundle',
): Promise<ServeProcess> {
  if (!fs.existsSync(path.join(APP_ROOT, 'dist', 'renderer', 'index.html'))) {
    throw new Error('e2e: the renderer is not built: run `npm run build` (npm run test:e2e does it first)');
  }
  const { cmd, args: entryArgs } = command(entry);
  const child = spawn(
    cmd,
    [
      ...entryArgs,
      '--no-open',
      // The run builds the renderer once up front; a stale check per test must not start builds.
      '--no-build',
      // Temp homes must not leave archives in the user's settings folder.
      '--no-archive',
      '--port',
      '0',
      '--home',
      args.home,
      '--package-root',
      args.packageRoot,
      ...(args.extraArgs ?? []),
    ],
    { cwd: APP_ROOT, env: { ...process.env, CI: '1', ...args.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve did not print its URL in 20 s; stderr: ${err}`)),
      20_000,
    );
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = LINE.exec(out);
      if (m !== null) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${String(code)}; stderr: ${err}`));
    });
  });
  // Exactly one line on stdout: anything else printed there is a bug.
  const lines = out.split('\n').filter((l) => l !== '');
  if (lines.length !== 1) throw new Error(`serve printed ${lines.length} lines on stdout: ${out}`);
  const url = match[1] ?? '';
  return {
    url,
    origin: new URL(url).origin,
    token: match[3] ?? '',
    child,
    stderr: () => err,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
