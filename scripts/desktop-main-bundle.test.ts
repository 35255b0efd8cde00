/**
 * The desktop app's main script as the package ships it (dist/electron/main.js, CommonJS): it
 * must load. A module reached from it that reads `import.meta.url` at load time throws there
 * (`import.meta` is empty in CommonJS), and the packaged app then dies before its window opens.
 * Electron's binary cannot run here, so the script runs under Node with `electron` stubbed:
 * every property a no-op, `whenReady` never settling, so only the load itself is tested.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP } from './build-package';

let tmp = '';
afterEach(() => {
  if (tmp !== '') fs.rmSync(tmp, { recursive: true, force: true });
  tmp = '';
});

/** Answers `require('electron')` with a stub whose every member is a callable no-op. */
const ELECTRON_STUB = `
const Module = require('node:module');
const load = Module._load;
const never = new Promise(() => {});
function stub(name) {
  const fn = function () {};
  return new Proxy(fn, {
    get(_t, key) {
      if (key === 'whenReady') return () => never;
      if (key === 'requestSingleInstanceLock') return () => true;
      if (key === 'isPackaged') return false;
      if (key === 'then') return undefined;
      if (typeof key === 'symbol') return undefined;
      return stub(name + '.' + key);
    },
    apply() { return stub(name + '()'); },
    construct() { return stub('new ' + name); },
  });
}
Module._load = function (request, ...rest) {
  if (request === 'electron') return stub('electron');
  return load.call(this, request, ...rest);
};
`;

describe('the desktop main bundle', () => {
  it('loads as CommonJS (no module reads an empty import.meta at load)', async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-main-bundle-'));
    // dist/electron/main.js sits two folders below the app root, as in the package.
    const out = path.join(tmp, 'dist', 'electron');
    await build({ ...DESKTOP, outdir: out, metafile: false, logLevel: 'silent' });
    fs.writeFileSync(path.join(tmp, 'dist', 'package.json'), '{ "type": "commonjs" }\n');
    const hook = path.join(tmp, 'electron-stub.cjs');
    fs.writeFileSync(hook, ELECTRON_STUB);
    // Loaded without a throw, the probe says so.
    const probe = path.join(tmp, 'probe.cjs');
    fs.writeFileSync(
      probe,
      `require(${JSON.stringify(path.join(out, 'main.js'))});\nsetTimeout(() => { process.stdout.write('loaded'); process.exit(0); }, 200);\n`,
    );
    const run = spawnSync(process.execPath, ['--require', hook, probe], {
      cwd: tmp,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, ELECTRON_RUN_AS_NODE: undefined },
    });
    expect(run.stderr).not.toMatch(/TypeError|ERR_INVALID_ARG_TYPE/);
    expect(run.stdout).toBe('loaded');
    expect(run.status).toBe(0);
  }, 60_000);
});
