/**
 * `npm run test:pack` (part of `npm test`): the package as a user gets it. Builds it,
 * packs the tarball, installs it into a temp prefix the way `npm install -g` does — offline and
 * outside this repository, so neither the registry nor the repo's `.npmrc` helps — and runs the
 * installed commands:
 *
 * - `eck --help` answers;
 * - `eck render` on the demo prints the same text as the repository's own CLI;
 * - `eck-inspector --no-open` prints its URL, and the URL serves the app;
 * - the tarball is under 25 MB, lists no tests, fixtures, source maps or e2e files, and the
 *   package has no install scripts and no runtime dependency to fetch.
 *
 * Prints one line per check; exits 1 naming the first failure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_ROOT } from '../electron/services/app-paths';
import { buildPackage } from './build-package';
import { demoEnv, startApp } from './installed-app';

const MAX_TARBALL_BYTES = 25 * 1024 * 1024;
/** Files a published package must not carry. */
const FORBIDDEN = /(^|\/)(e2e|__fixtures__|fixtures|test-support)\/|\.(test|spec)\.[cm]?[jt]sx?$|\.map$/;
/** Files without which the commands cannot run. */
const REQUIRED = [
  'dist/bin/eck.mjs',
  'dist/bin/eck-inspector.mjs',
  'dist/bin/history-pass-worker.mjs',
  'dist/electron/main.js',
  'dist/electron/preload.js',
  'dist/renderer/index.html',
  'kits/eck_manifest.json',
  'kits/demo-home/eck/eck_manifest.json',
];
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

class CheckFailed extends Error {}

function check(ok: boolean, what: string, detail = ''): void {
  if (!ok) throw new CheckFailed(`${what}${detail === '' ? '' : `: ${detail}`}`);
  process.stdout.write(`pack-check: ok  ${what}\n`);
}

function run(cmd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv) {
  const r = spawnSync(cmd, args, {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface PackEntry {
  readonly filename: string;
  readonly size: number;
  readonly files: readonly { readonly path: string }[];
}

function pack(tmp: string): PackEntry {
  // --ignore-scripts: the build above already ran (the repo's .npmrc skips prepack anyway).
  const r = run(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp],
    APP_ROOT,
    process.env,
  );
  check(r.status === 0, 'npm pack', r.stderr.trim());
  const parsed = JSON.parse(r.stdout) as PackEntry[];
  const entry = parsed[0];
  if (entry === undefined) throw new CheckFailed('npm pack printed no entry');
  return entry;
}

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-pack-'));
  try {
    const built = await buildPackage('if-stale');
    process.stdout.write(`pack-check: built (renderer ${built.renderer})\n`);
    const entry = pack(tmp);
    const tarball = path.join(tmp, entry.filename);
    const names = entry.files.map((f) => f.path);
    check(entry.size < MAX_TARBALL_BYTES, `tarball under 25 MB (${(entry.size / 1e6).toFixed(1)} MB)`);
    const forbidden = names.filter((n) => FORBIDDEN.test(n));
    check(
      forbidden.length === 0,
      'no tests, fixtures, source maps or e2e files',
      forbidden.slice(0, 5).join(', '),
    );
    const missing = REQUIRED.filter((n) => !names.includes(n));
    check(
      missing.length === 0,
      'the commands, the renderer, the kit and the demo home are inside',
      missing.join(', '),
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
      dependencies?: Record<string, string>;
    };
    const scripts = INSTALL_SCRIPTS.filter((s) => manifest.scripts?.[s] !== undefined);
    check(scripts.length === 0, 'no install scripts', scripts.join(', '));
    const deps = Object.keys(manifest.dependencies ?? {});
    check(deps.length === 0, 'no runtime dependency to install (all bundled)', deps.join(', '));

    // Installed as `npm install -g` does, from a folder outside the repository, offline.
    const prefix = path.join(tmp, 'prefix');
    const env = demoEnv(path.join(tmp, 'user'));
    const install = run(
      'npm',
      ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball],
      tmp,
      env,
    );
    check(install.status === 0, 'npm install -g of the tarball, offline', install.stderr.trim());
    const binDir = process.platform === 'win32' ? prefix : path.join(prefix, 'bin');
    const eck = path.join(binDir, 'eck');
    const help = run(eck, ['--help'], tmp, env);
    check(help.status === 0 && help.stdout.includes('usage: eck'), 'eck --help', help.stderr.trim());

    const installed = run(eck, ['render'], tmp, env);
    check(
      installed.status === 0 && installed.stdout.length > 0,
      'eck render on the demo',
      installed.stderr.trim(),
    );
    const tsx = path.join(APP_ROOT, 'node_modules', '.bin', 'tsx');
    const repo = run(tsx, [path.join(APP_ROOT, 'electron', 'cli', 'eck.ts'), 'render'], tmp, env);
    check(repo.status === 0, "the repository's eck render", repo.stderr.trim());
    check(
      installed.stdout === repo.stdout,
      `the installed eck render prints the repository CLI's text (${installed.stdout.length} characters)`,
    );

    const app = await startApp(path.join(binDir, 'eck-inspector'), [], env);
    app.stop();
    check(
      app.status === 200 && app.html.includes('<div id="root">'),
      'eck-inspector serves the app at its URL',
      `HTTP ${app.status}`,
    );
    process.stdout.write(
      `pack-check: eck-inspector answered its URL ${Math.round(app.ms)} ms after starting\n`,
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`pack-check: FAILED ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
