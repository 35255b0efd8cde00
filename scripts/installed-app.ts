/**
 * Starting the compiled app the way a user does, for `npm run test:pack` and `npm run bench`:
 * an environment with no evolcore home of the user's and no display (so the
 * commands fall back to the demo and the browser mode), and one start of `eck-inspector` timed
 * until its printed URL answers.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** The environment of a user without a home of their own: HOME is `home` (created). */
export function demoEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, CI: 'true' };
  for (const name of ['EVOLCORE_HOME', 'EVOLCLAW_HOME', 'DISPLAY', 'WAYLAND_DISPLAY', 'npm_config_prefix'])
    delete env[name];
  fs.mkdirSync(home, { recursive: true });
  return env;
}

/** One start: the URL, the page it served, how long until it answered, and a stop. */
export interface AppStart {
  readonly url: string;
  readonly status: number;
  readonly html: string;
  readonly ms: number;
  /** The started process's id (its memory is read from it). */
  readonly pid: number | undefined;
  stop(): void;
}

/** Starts `cmd args --no-open --port 0` and resolves once its URL answered (30 s at most). */
export function startApp(cmd: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<AppStart> {
  const t0 = performance.now();
  const child = spawn(cmd, [...args, '--no-open', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const fail = (why: string): void => {
      child.kill('SIGKILL');
      reject(new Error(`${path.basename(cmd)}: ${why}${err.trim() === '' ? '' : `; stderr: ${err.trim()}`}`));
    };
    const timer = setTimeout(() => fail('printed no URL within 30 s'), 30_000);
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /ECK Inspector at (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      fetch(url)
        .then(async (res) => {
          const html = await res.text();
          resolve({
            url,
            status: res.status,
            html,
            ms: performance.now() - t0,
            pid: child.pid,
            stop: () => child.kill('SIGTERM'),
          });
        })
        .catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(`exited (${String(code)}) before serving`);
    });
  });
}
