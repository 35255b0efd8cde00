/**
 * Verify against stand-ins of an installed evolcore: the fixture's kit-renderer.js
 * renders as ours; the tests copy it and plant a one-line difference, a hang, writes into the
 * user's home and a network call, and check what `eck verify` says and that the user's home is
 * byte for byte as it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runWithSettingsDir } from './test-support/with-settings-dir';
import { findInstalledEngine } from './find-engine';
import { verifyHistory } from './verify-history';

const FIXTURE = path.join(import.meta.dirname, '__fixtures__', 'installed-evolcore');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-verify-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

let n = 0;
/** A copy of the fixture package root and home, the engine patched by `plant`. */
function installed(plant?: (source: string) => string): { pkg: string; home: string; engine: string } {
  const root = path.join(work, `case-${++n}`);
  fs.cpSync(FIXTURE, root, { recursive: true });
  const engine = path.join(root, 'dist', 'eck', 'kit-renderer.js');
  if (plant) fs.writeFileSync(engine, plant(fs.readFileSync(engine, 'utf8')));
  return { pkg: root, home: path.join(root, 'home'), engine };
}

/** Every file below `dir` with its bytes and mtime: what "the home is unchanged" compares. */
function snapshotTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = `${fs.readFileSync(p, 'base64')}@${fs.statSync(p).mtimeMs}`;
    }
  };
  walk(dir);
  return out;
}

/**
 * Runs verify with a private settings folder (where its scratch folders go), to see that it
 * leaves none behind.
 */
function verify(...argv: string[]) {
  return runWithSettingsDir(fs.mkdtempSync(path.join(work, 'settings-')), 'verify', ...argv);
}

let vars: string;
beforeEach(() => {
  vars = path.join(work, 'vars.json');
  fs.writeFileSync(vars, JSON.stringify({ sessionId: 'verify-test' }));
});

describe('eck verify', () => {
  it('says "identical" when the installed engine renders as ours, and names it', async () => {
    const p = installed();
    const r = await verify('--package-root', p.pkg, '--home', p.home, '--vars', vars);
    expect(r.err).toBe('');
    expect(r.out).toBe(
      'eck verify: your evolcore 0.0.27 (dist/eck/kit-renderer.js) renders this scenario identically (18 lines)\n',
    );
    expect(r.code).toBe(0);
    expect(r.leftScratch).toEqual([]);
  });

  it('finds a planted one-line difference: exit 3, the section, the first line, the installed text', async () => {
    const p = installed((s) => s.replace('text.trimEnd()', "text.trimEnd().replace('plainly', 'plainly!')"));
    const r = await verify('--package-root', p.pkg, '--home', p.home, '--vars', vars);
    expect(r.code).toBe(3);
    expect(r.err).toContain('renders this scenario differently: 1 section (style), first at line 11');
    expect(r.err).toContain('  inspector: Write plainly.\n  installed: Write plainly!.\n');
    const json = await verify('--package-root', p.pkg, '--home', p.home, '--vars', vars, '--json');
    const outcome = JSON.parse(json.out) as { exit: number; installedContext: string; oursContext: string };
    expect(outcome.exit).toBe(3);
    expect(outcome.installedContext).toContain('Write plainly!.');
    expect(outcome.oursContext).toContain('Write plainly.');
  });

  it('never writes into the user home: the engine writes only into its scratch data/', async () => {
    const p = installed((s) =>
      s.replace(
        'return out;',
        `for (const target of [
          path.join(process.env.EVOLCORE_HOME, 'eck', 'planted.md'),
          path.join(ctx.vars.EVOLCORE_HOME, 'eck', 'planted-by-var.md'),
          path.join(ctx.vars.EVOLCORE_HOME, 'data', 'eck-debug', 'context-planted.md'),
        ]) { try { fs.writeFileSync(target, 'x'); } catch (e) { fs.writeFileSync(path.join(dir, 'refused-' + path.basename(target)), String(e.code)); } }
        return out;`,
      ),
    );
    fs.mkdirSync(path.join(p.home, 'data', 'eck-debug'), { recursive: true });
    const before = snapshotTree(p.home);
    const r = await verify('--package-root', p.pkg, '--home', p.home, '--vars', vars, '--json');
    const outcome = JSON.parse(r.out) as { exit: number; engineDebugFiles: string[] };
    expect(outcome.exit).toBe(0);
    // The debug file and the three refusals landed in the scratch home, which is gone.
    expect(outcome.engineDebugFiles).toEqual([
      'context-verify-test.md',
      'refused-context-planted.md',
      'refused-planted-by-var.md',
      'refused-planted.md',
    ]);
    expect(snapshotTree(p.home)).toEqual(before);
    expect(r.leftScratch).toEqual([]);
  });

  it('stops an engine that hangs, on time, and cleans up', async () => {
    const p = installed((s) =>
      s.replace(
        'export function renderKitSections(ctx',
        'export function renderKitSections(ctx) { for (;;) {} }\nfunction unused(ctx',
      ),
    );
    const t = performance.now();
    const r = await verify('--package-root', p.pkg, '--home', p.home, '--vars', vars, '--timeout', '1');
    const ms = performance.now() - t;
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'could not render this scenario: the engine did not answer within 1 s and was stopped',
    );
    expect(ms).toBeLessThan(10_000);
    expect(r.leftScratch).toEqual([]);
  });

  it('cuts the network off: a connection attempt fails inside the engine', async () => {
    const p = installed((s) =>
      s
        .replace(
          'return out;',
          `let net = 'none';
        try { (await import('node:net')).connect(9, '127.0.0.1'); net = 'connected'; } catch (e) { net = e.message; }
        try { fetch('http://127.0.0.1:9/'); } catch (e) { net += ' / ' + e.message; }
        return out + '\\n' + net;`,
        )
        .replace('export function renderKitSections', 'export async function renderKitSections'),
    );
    const r = await verify('--package-root', p.pkg, '--home', p.home, '--vars', vars, '--json');
    const outcome = JSON.parse(r.out) as { installedContext: string };
    expect(outcome.installedContext.split('\n').at(-1)).toBe(
      'network access is off while Verify runs the engine / network access is off while Verify runs the engine',
    );
  });

  it('where nothing is installed, exits 2 saying what it looked for', async () => {
    const p = installed();
    fs.rmSync(path.join(p.pkg, 'dist', 'eck'), { recursive: true });
    const r = await verify('--package-root', p.pkg, '--home', p.home, '--vars', vars);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no installed engine to verify against');
    expect(r.err).toContain('dist/index.js, dist/**/kit-renderer.{js,mjs,cjs} (4 levels)');
  });

  it('refuses --override: the installed engine reads the home override itself', async () => {
    const p = installed();
    const r = await verify('--package-root', p.pkg, '--home', p.home, '--override', vars);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--override cannot be verified');
  });
});

describe('eck verify --history', () => {
  /** Writes recorded vars files as evolcore's debug writer names them. */
  function record(home: string, keys: readonly string[]): void {
    const dir = path.join(home, 'data', 'eck-debug');
    fs.mkdirSync(dir, { recursive: true });
    for (const key of keys) {
      const params = [{ name: 'sessionId', value: `s-${key}`, description: '' }];
      fs.writeFileSync(
        path.join(dir, `vars-${key}.json`),
        JSON.stringify({ timestamp: '', sessionId: `s-${key}`, params }),
      );
    }
  }
  const KEYS = ['2026-12-01-10-00-00', '2026-12-02-10-00-00', '2026-12-03-10-00-00'];

  it('counts the identical ones among the N newest, in one engine process', async () => {
    const p = installed();
    record(p.home, KEYS);
    const before = snapshotTree(p.home);
    const r = await verify('--package-root', p.pkg, '--home', p.home, '--history', '2');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^eck verify: 2 of 2 snapshots render identically with your evolcore 0\.0\.27 \(dist\/eck\/kit-renderer\.js\), \d+ ms\n$/,
    );
    expect(snapshotTree(p.home)).toEqual(before);
    expect(r.leftScratch).toEqual([]);
  });

  it('given the keys a filtered History table shows, verifies those, not the newest', async () => {
    const p = installed();
    record(p.home, KEYS);
    const settings = fs.mkdtempSync(path.join(work, 'settings-'));
    const saved = process.env['ECK_INSPECTOR_SETTINGS_DIR'];
    process.env['ECK_INSPECTOR_SETTINGS_DIR'] = settings;
    try {
      // The oldest two, as a table filtered to them would send.
      const r = await verifyHistory({ packageRoot: p.pkg, home: p.home }, 2, { keys: KEYS.slice(0, 2) });
      expect(r.kind === 'verified' ? r.verdicts.map((v) => [v.key, v.kind]) : r).toEqual([
        ['2026-12-02-10-00-00', 'identical'],
        ['2026-12-01-10-00-00', 'identical'],
      ]);
    } finally {
      if (saved === undefined) delete process.env['ECK_INSPECTOR_SETTINGS_DIR'];
      else process.env['ECK_INSPECTOR_SETTINGS_DIR'] = saved;
    }
  });

  it('names each snapshot that differs: exit 3', async () => {
    // The planted difference shows only for one recorded session.
    const p = installed((s) =>
      s.replace(
        'text.trimEnd()',
        "(ctx.sessionId === 's-2026-12-02-10-00-00' ? text.trimEnd() + ' (changed)' : text.trimEnd())",
      ),
    );
    record(p.home, KEYS);
    const r = await verify('--package-root', p.pkg, '--home', p.home, '--history', '3', '--json');
    expect(r.code).toBe(3);
    const result = JSON.parse(r.out) as {
      checked: number;
      identical: number;
      verdicts: { key: string; kind: string; sections?: string[] }[];
    };
    expect({ checked: result.checked, identical: result.identical }).toEqual({
      checked: 3,
      identical: 0 + 2,
    });
    expect(result.verdicts.map((v) => [v.key, v.kind])).toEqual([
      ['2026-12-03-10-00-00', 'identical'],
      ['2026-12-02-10-00-00', 'different'],
      ['2026-12-01-10-00-00', 'identical'],
    ]);
    expect(result.verdicts[1]?.sections).toEqual(['intro', 'style', 'note']);
  });
});

describe('findInstalledEngine', () => {
  const pkgWith = (files: Record<string, string>): string => {
    const root = path.join(work, `find-${++n}`);
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    }
    return root;
  };

  it('takes package.json exports first, then main, then kit-renderer files, shallowest first', () => {
    const root = pkgWith({
      'package.json': JSON.stringify({
        name: 'evolclaw',
        version: '1.2.3',
        exports: { '.': { import: './lib/engine.mjs' } },
      }),
      'lib/engine.mjs': 'export { r as renderKitSections };',
      'dist/eck/kit-renderer.js': 'export function renderKitSections() {}',
    });
    expect(findInstalledEngine(root)).toEqual({
      found: true,
      file: path.join(root, 'lib', 'engine.mjs'),
      how: 'package-entry',
      product: { name: 'evolclaw', version: '1.2.3' },
    });
    const deep = pkgWith({
      'package.json': '{"name":"evolcore"}',
      'out/a/b/c/kit-renderer.cjs': 'exports.renderKitSections = function () {};',
      'dist/a/b/c/d/e/kit-renderer.js': 'export function renderKitSections() {}',
    });
    const found = findInstalledEngine(deep);
    // dist/ at 5 levels is too deep; out/ at 3 is found (CommonJS form).
    expect(found.found && path.relative(deep, found.file)).toBe(
      path.join('out', 'a', 'b', 'c', 'kit-renderer.cjs'),
    );
  });

  it("a file that only calls renderKitSections (as this inspector's own bundle does) is not an engine", () => {
    const root = pkgWith({
      'package.json': JSON.stringify({ name: 'eck-inspector', main: 'dist/electron/main.js' }),
      'dist/electron/main.js': 'const render = mod.renderKitSections ?? mod.default?.renderKitSections;',
    });
    expect(findInstalledEngine(root)).toMatchObject({
      found: false,
      looked: expect.arrayContaining(['dist/electron/main.js']) as unknown,
    });
  });
});
