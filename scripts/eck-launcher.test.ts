/**
 * `npm run eck` (scripts/eck.mjs) runs the prebuilt bundle, built when missing or stale:
 * the freshness rule on a temp tree, and the real bundle rendering the default kit
 * with the same text as the sources do in process.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../electron/cli/main';
import { APP_ROOT } from '../electron/services/app-paths';
import { whyStale } from './eck.mjs';

let tmp = '';
afterEach(() => {
  if (tmp !== '') fs.rmSync(tmp, { recursive: true, force: true });
  tmp = '';
});

/** A package root with a built bundle from two sources, the bundle newer than both. */
function builtTree(): string {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-launcher-'));
  fs.mkdirSync(path.join(tmp, 'src'));
  fs.mkdirSync(path.join(tmp, 'dist', 'bin'), { recursive: true });
  for (const f of ['src/a.ts', 'src/b.ts']) fs.writeFileSync(path.join(tmp, f), 'x');
  fs.writeFileSync(
    path.join(tmp, 'dist', 'bin-inputs.json'),
    JSON.stringify({ inputs: ['src/a.ts', 'src/b.ts'] }),
  );
  const bundle = path.join(tmp, 'dist', 'bin', 'eck.mjs');
  fs.writeFileSync(bundle, '');
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(bundle, later, later);
  return tmp;
}

describe('npm run eck: the prebuilt bundle', () => {
  it('is current when newer than every source it was built from', () => {
    expect(whyStale(builtTree())).toBeNull();
  });

  it('is stale when a source changed or went, or the bundle or its inputs list is missing', () => {
    const root = builtTree();
    const future = new Date(Date.now() + 120_000);
    fs.utimesSync(path.join(root, 'src', 'b.ts'), future, future);
    expect(whyStale(root)).toBe('src/b.ts changed');
    fs.rmSync(path.join(root, 'src', 'b.ts'));
    expect(whyStale(root)).toBe('src/b.ts is gone');
    fs.writeFileSync(path.join(root, 'dist', 'bin-inputs.json'), '{');
    expect(whyStale(root)).toMatch(/bin-inputs\.json is missing or unreadable/);
    fs.rmSync(path.join(root, 'dist', 'bin', 'eck.mjs'));
    expect(whyStale(root)).toBe('dist/bin/eck.mjs is missing');
  });

  it('renders the default kit with the text the sources give', async () => {
    const args = ['render', '--home', path.join(APP_ROOT, 'kits', 'demo-home'), '--package-root', APP_ROOT];
    // Builds the bundle first when it is missing or stale (a few seconds, once).
    const run = spawnSync(process.execPath, [path.join(APP_ROOT, 'scripts', 'eck.mjs'), ...args], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(whyStale()).toBeNull();
    let expected = '';
    const code = await runCli(args, { stdout: (s) => (expected += s), stderr: () => undefined });
    expect(code).toBe(0);
    expect(run.stdout).toBe(expected);
    expect(run.stdout).toContain('<system-reminder>');
  }, 60_000);
});
