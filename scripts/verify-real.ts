/**
 * `npm run verify:real` (opt-in): Verify run on evolcore's real engine, built as an
 * installed package would ship it — the staged evolclaw sources (EVOLCLAW_REAL_DIR, see
 * ../shared/tools/evolclaw-oracle/README.md) compiled file by file with esbuild under `dist/`,
 * `dist/paths.js` finding the package root from its own place and the home from
 * `$EVOLCLAW_HOME`, beside a copy of this app's kit — then `eck verify` on every preset of the
 * default kit and `--history 20` on a copy of the demo home. Prints each answer and its time.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { APP_ROOT, DEMO_HOME } from '../electron/services/app-paths';
import { SCENARIO_PRESETS } from '../shared/scenarios/presets';

const PATHS_JS = `import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
export function getPackageRoot() { return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'); }
export function resolveRoot() { return process.env.EVOLCLAW_HOME || path.join(os.homedir(), '.evolclaw'); }
export function kitsDir() { return path.join(getPackageRoot(), 'kits'); }
export function kitsRulesDir() { return path.join(getPackageRoot(), 'kits', 'rules'); }
export function eckDebugDir() { return path.join(resolveRoot(), 'data', 'eck-debug'); }
`;

function buildInstalled(realDir: string, into: string): void {
  fs.cpSync(path.join(APP_ROOT, 'kits'), path.join(into, 'kits'), { recursive: true });
  fs.rmSync(path.join(into, 'kits', 'demo-home'), { recursive: true, force: true });
  fs.writeFileSync(
    path.join(into, 'package.json'),
    JSON.stringify({ name: 'evolclaw', version: 'real-f3b1fcd', type: 'module' }),
  );
  const src = path.join(realDir, 'src');
  for (const rel of fs.readdirSync(src, { recursive: true }) as string[]) {
    if (!rel.endsWith('.ts')) continue;
    const out = path.join(into, 'dist', rel.replace(/\.ts$/, '.js'));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const { code } = transformSync(fs.readFileSync(path.join(src, rel), 'utf8'), {
      loader: 'ts',
      format: 'esm',
      platform: 'node',
    });
    fs.writeFileSync(out, code);
  }
  fs.writeFileSync(path.join(into, 'dist', 'paths.js'), PATHS_JS);
}

function eck(args: readonly string[]): { code: number | null; out: string; ms: number } {
  const t = performance.now();
  const r = spawnSync(
    path.join(APP_ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(APP_ROOT, 'electron', 'cli', 'eck.ts'), ...args],
    {
      encoding: 'utf8',
    },
  );
  return { code: r.status, out: `${r.stdout}${r.stderr}`.trim(), ms: Math.round(performance.now() - t) };
}

function main(): void {
  const realDir = process.env['EVOLCLAW_REAL_DIR'];
  if (!realDir || !fs.existsSync(path.join(realDir, 'src', 'eck', 'kit-renderer.ts'))) {
    process.stderr.write(
      'verify:real: set EVOLCLAW_REAL_DIR to a staged real engine (tools/evolclaw-oracle/README.md)\n',
    );
    process.exit(2);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-verify-real-'));
  const settings = path.join(tmp, 'settings');
  process.env['ECK_INSPECTOR_SETTINGS_DIR'] = settings;
  try {
    const pkg = path.join(tmp, 'evolclaw');
    buildInstalled(path.resolve(realDir), pkg);
    const home = path.join(tmp, 'home');
    fs.cpSync(DEMO_HOME, home, { recursive: true });
    let worst = 0;
    for (const { id, scenario } of SCENARIO_PRESETS) {
      const vars = path.join(tmp, `${id}.json`);
      fs.writeFileSync(vars, JSON.stringify(scenario.vars));
      const args = [
        'verify',
        '--package-root',
        pkg,
        '--home',
        home,
        '--vars',
        vars,
        '--session-type',
        scenario.sessionType,
      ];
      const r = eck(scenario.manifestFile === null ? args : [...args, '--manifest', scenario.manifestFile]);
      worst = Math.max(worst, r.code ?? 1);
      process.stdout.write(`${id}: exit ${String(r.code)} in ${r.ms} ms — ${r.out.split('\n')[0] ?? ''}\n`);
    }
    const h = eck(['verify', '--package-root', pkg, '--home', home, '--history', '20']);
    worst = Math.max(worst, h.code ?? 1);
    process.stdout.write(
      `history 20: exit ${String(h.code)} in ${h.ms} ms — ${h.out.split('\n').slice(0, 6).join(' | ')}\n`,
    );
    process.exitCode = worst === 0 ? 0 : 1;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main();
