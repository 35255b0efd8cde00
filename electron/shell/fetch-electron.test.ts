import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FetchElectronDeps, InstallerProcess } from './fetch-electron';
import { fetchElectronBinary, fetchTimeoutMs, installerErrorLine } from './fetch-electron';

/** A stand-in for the installer's child process: the test decides what it writes and when it exits. */
class FakeInstaller extends EventEmitter implements InstallerProcess {
  readonly stderr = new PassThrough();
  killedWith: string | undefined;
  kill(signal?: NodeJS.Signals): boolean {
    this.killedWith = signal ?? 'SIGTERM';
    return true;
  }
}

let root = '';
afterEach(() => {
  vi.useRealTimers();
  if (root !== '') fs.rmSync(root, { recursive: true, force: true });
  root = '';
});

function appWithInstaller(): string {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-fetch-'));
  fs.mkdirSync(path.join(root, 'node_modules', 'electron'), { recursive: true });
  fs.writeFileSync(path.join(root, 'node_modules', 'electron', 'install.js'), '// stub');
  return root;
}

function deps(child: FakeInstaller, opts: { tty?: boolean; timeoutMs?: number } = {}) {
  const written: string[] = [];
  const spawned: { cmd: string; args: readonly string[] }[] = [];
  const d: FetchElectronDeps = {
    spawn: (cmd, args) => {
      spawned.push({ cmd, args });
      return child;
    },
    out: { write: (t: string) => written.push(t), isTTY: opts.tty ?? false, columns: 100 },
    timeoutMs: opts.timeoutMs ?? 60_000,
    nodePath: '/usr/bin/node',
    env: {},
  };
  return { d, written, spawned };
}

describe('fetching Electron with its own installer', () => {
  it('runs node_modules/electron/install.js with node and succeeds when it exits 0', async () => {
    const app = appWithInstaller();
    const child = new FakeInstaller();
    const { d, spawned } = deps(child);
    const done = fetchElectronBinary(app, d);
    child.emit('exit', 0, null);
    expect(await done).toEqual({ ok: true });
    expect(spawned[0]?.cmd).toBe('/usr/bin/node');
    expect(spawned[0]?.args.at(-1)).toBe(path.join(app, 'node_modules', 'electron', 'install.js'));
  });

  it('turns the installer stack trace into one reason line', async () => {
    const app = appWithInstaller();
    const child = new FakeInstaller();
    const { d, written } = deps(child);
    const done = fetchElectronBinary(app, d);
    child.stderr.write(
      'RequestError: getaddrinfo ENOTFOUND github.com\n    at ClientRequest.<anonymous> (got/index.js:970:111)\n',
    );
    await new Promise((r) => setImmediate(r));
    child.emit('exit', 1, null);
    expect(await done).toEqual({ ok: false, reason: 'RequestError: getaddrinfo ENOTFOUND github.com' });
    // Not on a terminal: nothing is written here, the caller prints its one line.
    expect(written).toEqual([]);
  });

  it('on a terminal shows the installer progress bar and clears it before the outcome', async () => {
    const app = appWithInstaller();
    const child = new FakeInstaller();
    const { d, written, spawned } = deps(child, { tty: true });
    const done = fetchElectronBinary(app, d);
    // The preload makes the child draw its bar into the pipe.
    expect(spawned[0]?.args[0]).toBe('--import');
    expect(decodeURIComponent(spawned[0]?.args[1] ?? '')).toContain('isTTY=true');
    child.stderr.write(
      '\rDownloading electron-v38.8.6-linux-x64.zip: [====    ] 45% ETA: 12.3 seconds \x1b[K',
    );
    await new Promise((r) => setImmediate(r));
    child.emit('exit', 0, null);
    expect(await done).toEqual({ ok: true });
    expect(written[0]).toContain('fetching Electron');
    expect(written.some((w) => w.includes('45%'))).toBe(true);
    expect(written.at(-1)).toBe('\r\x1b[K');
  });

  it('stops the installer at the timeout', async () => {
    vi.useFakeTimers();
    const app = appWithInstaller();
    const child = new FakeInstaller();
    const { d } = deps(child, { timeoutMs: 5000 });
    const done = fetchElectronBinary(app, d);
    vi.advanceTimersByTime(5000);
    expect(await done).toEqual({ ok: false, reason: 'the download did not finish within 5 s' });
    expect(child.killedWith).toBe('SIGTERM');
  });

  it('says so when the installer cannot start or is missing', async () => {
    const app = appWithInstaller();
    const child = new FakeInstaller();
    const done = fetchElectronBinary(app, deps(child).d);
    child.emit('error', new Error('spawn ENOENT'));
    expect(await done).toEqual({ ok: false, reason: 'the installer did not start: spawn ENOENT' });
    fs.rmSync(path.join(app, 'node_modules', 'electron', 'install.js'));
    expect(await fetchElectronBinary(app, deps(new FakeInstaller()).d)).toMatchObject({ ok: false });
  });

  it('reads its timeout from ECK_ELECTRON_FETCH_TIMEOUT_S and the first error line', () => {
    expect(fetchTimeoutMs({ ECK_ELECTRON_FETCH_TIMEOUT_S: '30' })).toBe(30_000);
    expect(fetchTimeoutMs({ ECK_ELECTRON_FETCH_TIMEOUT_S: 'x' })).toBe(300_000);
    expect(installerErrorLine('\n\x1b[KError: boom\n  at x')).toBe('Error: boom');
    expect(installerErrorLine('')).toBeUndefined();
  });
});
