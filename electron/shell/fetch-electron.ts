/**
 * Fetches Electron's binary with Electron's own installer (node_modules/electron/install.js,
 * the postinstall step `.npmrc`'s ignore-scripts skips), as a child process with a timeout.
 *
 * The installer draws its progress bar (after 30 s, only on a terminal) and prints a stack
 * trace when it fails. Its stderr is piped here so that a failure comes out as one line; on a
 * terminal, a small preload tells the child its stderr is a TTY, and the bar's redraws are
 * passed through so the user still sees the installer's own progress.
 */
import { spawn as nodeSpawn } from 'node:child_process';
import type { SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** The part of a child process this module uses (node's ChildProcess has it). */
export interface InstallerProcess {
  readonly stderr: Readable | null;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): this;
  once(event: 'error', listener: (error: Error) => void): this;
  kill(signal?: NodeJS.Signals): boolean;
}

/** Where progress and the outcome are written (process.stderr in `npm start`). */
export interface ProgressOut {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface FetchElectronDeps {
  readonly spawn: (cmd: string, args: readonly string[], options: SpawnOptions) => InstallerProcess;
  readonly out: ProgressOut;
  readonly timeoutMs: number;
  /** The node executable that runs the installer. */
  readonly nodePath: string;
  readonly env: NodeJS.ProcessEnv;
}

export type FetchElectronResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Five minutes: Electron's zip is about 100 MB. `ECK_ELECTRON_FETCH_TIMEOUT_S` overrides it. */
export const DEFAULT_FETCH_TIMEOUT_MS = 5 * 60 * 1000;

/** The timeout from the environment, else the default. */
export function fetchTimeoutMs(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env['ECK_ELECTRON_FETCH_TIMEOUT_S']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_FETCH_TIMEOUT_MS;
}

/**
 * Preload for the installer on a terminal: the `progress` package draws only on a TTY and
 * calls cursorTo/clearLine, which a pipe lacks; this gives it the two escape codes it needs.
 */
function ttyPreload(columns: number): string {
  const code =
    `const e=process.stderr;e.isTTY=true;e.columns=${String(columns)};` +
    `e.cursorTo=()=>e.write('\\r');e.clearLine=()=>e.write('\\x1b[K');`;
  return `data:text/javascript,${encodeURIComponent(code)}`;
}

/** The first line of the installer's error output, e.g. "RequestError: getaddrinfo ENOTFOUND github.com". */
export function installerErrorLine(stderrText: string): string | undefined {
  const line = stderrText
    .split(/\r?\n|\r/)
    // eslint-disable-next-line no-control-regex -- strips the ANSI codes the progress bar writes
    .map((l) => l.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').trim())
    .find((l) => l !== '' && !l.startsWith('Downloading '));
  return line === undefined ? undefined : line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/** Runs the installer; resolves once it exited (or was stopped at the timeout). */
export function fetchElectronBinary(appRoot: string, deps: FetchElectronDeps): Promise<FetchElectronResult> {
  const installer = path.join(appRoot, 'node_modules', 'electron', 'install.js');
  if (!fs.existsSync(installer)) {
    return Promise.resolve({ ok: false, reason: 'node_modules/electron/install.js is missing (run npm ci)' });
  }
  const tty = deps.out.isTTY === true;
  const seconds = Math.round(deps.timeoutMs / 1000);
  // On a terminal this line is replaced by the outcome, so a failure still reads as one line.
  if (tty)
    deps.out.write(
      `ECK Inspector: fetching Electron's binary (node_modules/electron/install.js, up to ${seconds} s)…`,
    );
  const args = tty ? ['--import', ttyPreload(deps.out.columns ?? 80), installer] : [installer];
  return new Promise((resolve) => {
    let settled = false;
    let errorText = '';
    const child = deps.spawn(deps.nodePath, args, {
      cwd: appRoot,
      env: deps.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const finish = (result: FetchElectronResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Clear the "fetching…" line or the last frame of the bar: the caller prints the outcome.
      if (tty) deps.out.write('\r\x1b[K');
      resolve(result);
    };
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      finish({ ok: false, reason: `the download did not finish within ${seconds} s` });
    }, deps.timeoutMs);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      // A redraw of the bar starts with the preload's carriage return; anything else is output
      // kept for the one-line reason.
      if (tty && chunk.startsWith('\r') && chunk.includes('Downloading ')) {
        deps.out.write(chunk);
      } else errorText += chunk;
    });
    child.once('error', (error) =>
      finish({ ok: false, reason: `the installer did not start: ${error.message}` }),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) finish({ ok: true });
      else {
        const line = installerErrorLine(errorText);
        const how = code === null ? `stopped by ${signal ?? 'a signal'}` : `exit code ${code}`;
        finish({ ok: false, reason: line === undefined ? `the installer failed (${how})` : line });
      }
    });
  });
}

/** The real dependencies: node's spawn, process.stderr, the environment's timeout. */
export function realFetchDeps(): FetchElectronDeps {
  return {
    spawn: (cmd, args, options) => nodeSpawn(cmd, [...args], options),
    out: process.stderr,
    timeoutMs: fetchTimeoutMs(process.env),
    nodePath: process.execPath,
    env: process.env,
  };
}
