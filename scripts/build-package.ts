/**
 * `npm run build` and `prepack`: everything the published package runs, as plain
 * JavaScript — no TypeScript loader at run time, no runtime dependency to install.
 *
 * - `dist/renderer/`: the UI, Vite's build (React, Monaco, uPlot bundled in).
 * - `dist/bin/eck.mjs`, `dist/bin/eck-inspector.mjs`: the two commands, one ES module each with
 *   every library of the main side bundled in (a single file starts faster than a tree of
 *   `node_modules` lookups, and `npm install` has nothing to fetch or run).
 * - `dist/bin/history-pass-worker.mjs`: the History index pass's reader thread, started by the
 *   commands and by the desktop shell (electron/history/pass-worker-client.ts).
 * - `dist/electron/main.js`, `preload.js`: the desktop shell, CommonJS (a sandboxed preload must
 *   be), `electron` left to the runtime; `npm run dist` packages these.
 *
 * Both bin files sit two folders below the package root, as `electron/services/app-paths.ts`
 * does in the sources, so `APP_ROOT` (its `../..`) is the package root in either layout.
 *
 * Flags: `--commands` (only dist/bin/*.mjs: what `npm run eck` builds when they are stale),
 * `--renderer=always` (default, what `prepack` uses), `--renderer=if-stale` (skip Vite
 * when dist/renderer is newer than its sources: the pack test after the e2e run).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { isRendererStale } from '../electron/serve/build-freshness';
import { APP_ROOT } from '../electron/services/app-paths';
import { isRendererBuilt } from '../electron/serve/static-files';
import { PASS_WORKER_BUNDLE } from '../electron/history/pass-worker-client';

const DIST = path.join(APP_ROOT, 'dist');

/**
 * Modules left out of every bundle: Electron is the runtime of main.js (and an optional peer of
 * the package); `ws` tries these optional native speed-ups inside a try/catch.
 */
const EXTERNAL = ['electron', 'bufferutil', 'utf-8-validate'];

/**
 * An ES module bundle has no `require`; CommonJS libraries bundled into it (ws, and Node built-ins
 * they require) get one made for the bundle's own location.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __eckCreateRequire } from 'node:module'; const require = __eckCreateRequire(import.meta.url);";

const COMMON: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  external: EXTERNAL,
  // ES module builds first: jsonc-parser's `main` is a UMD file whose `require('./impl/…')` calls
  // esbuild cannot follow (it would leave them to run time, outside the bundle).
  mainFields: ['module', 'main'],
  // Smaller files parse faster; identifiers kept so a stack trace still reads.
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
};

/**
 * The two commands' bundles, in dist/bin/, and the History pass's worker beside them
 * (electron/history/pass-worker-client.ts finds it there from dist/bin/ and dist/electron/).
 */
export const COMMANDS: BuildOptions = {
  ...COMMON,
  entryPoints: {
    eck: path.join(APP_ROOT, 'electron', 'bin', 'eck.ts'),
    'eck-inspector': path.join(APP_ROOT, 'electron', 'bin', 'eck-inspector.ts'),
    [PASS_WORKER_BUNDLE.replace(/\.mjs$/, '')]: path.join(APP_ROOT, 'electron', 'history', 'pass-worker.ts'),
  },
  outdir: path.join(DIST, 'bin'),
  outExtension: { '.js': '.mjs' },
  format: 'esm',
  banner: { js: ESM_REQUIRE_BANNER },
  metafile: true,
};

/**
 * The desktop app's main and preload scripts, in dist/electron/: CommonJS, as Electron loads a
 * main script by default (so `import.meta` is empty in them: a module must not rely on it there).
 */
export const DESKTOP = {
  ...COMMON,
  entryPoints: {
    main: path.join(APP_ROOT, 'electron', 'main.ts'),
    preload: path.join(APP_ROOT, 'electron', 'preload.ts'),
  },
  outdir: path.join(DIST, 'electron'),
  format: 'cjs',
  metafile: true,
} satisfies BuildOptions;

/**
 * The sources the command bundles were built from (package-relative), beside them but outside
 * what the package ships: `scripts/eck.mjs` (`npm run eck`) states these to tell whether
 * dist/bin/eck.mjs is older than its sources. package-lock.json stands for the dependencies
 * (npm gives installed files a fixed old mtime, so their own mtimes say nothing).
 */
export const COMMAND_INPUTS_FILE = path.join(DIST, 'bin-inputs.json');

/**
 * Builds dist/bin/*.mjs and records their inputs (COMMAND_INPUTS_FILE). Written beside and
 * renamed into place, so an `npm run eck` running meanwhile imports the old file or the new
 * one, never half of one.
 */
async function buildCommandBundles(): Promise<Awaited<ReturnType<typeof build>> & { metafile: Metafile }> {
  fs.mkdirSync(DIST, { recursive: true });
  const staging = fs.mkdtempSync(path.join(DIST, '.bin-'));
  try {
    const out = await build({ ...COMMANDS, outdir: staging });
    if (out.metafile === undefined) throw new Error('esbuild gave no metafile');
    const bin = path.join(DIST, 'bin');
    fs.mkdirSync(bin, { recursive: true });
    for (const name of fs.readdirSync(staging)) fs.renameSync(path.join(staging, name), path.join(bin, name));
    const inputs = Object.keys(out.metafile.inputs)
      .filter((file) => !file.includes(':'))
      .map((file) => path.relative(APP_ROOT, path.resolve(file)).split(path.sep).join('/'));
    const record = path.join(staging, 'inputs.json');
    fs.writeFileSync(
      record,
      `${JSON.stringify({ bundles: ['bin/eck.mjs', 'bin/eck-inspector.mjs', `bin/${PASS_WORKER_BUNDLE}`], inputs: [...inputs, 'package-lock.json'] })}\n`,
    );
    fs.renameSync(record, COMMAND_INPUTS_FILE);
    // The metafile names the staging folder; the files now live in dist/bin.
    const outputs = Object.fromEntries(
      Object.entries(out.metafile.outputs).map(([file, o]) => [path.join(bin, path.basename(file)), o]),
    );
    return { ...out, metafile: { ...out.metafile, outputs } };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds only the two commands (`npm run eck` when its bundle is missing or stale). */
export async function buildCommands(): Promise<void> {
  await buildCommandBundles();
}

/** What was built, for the caller's log. */
export interface PackageBuild {
  readonly renderer: 'built' | 'fresh';
  readonly files: readonly { readonly file: string; readonly bytes: number }[];
}

function buildRenderer(): void {
  const vite = path.join(APP_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const run = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: APP_ROOT,
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) throw new Error(`vite build failed (exit ${String(run.status)})`);
}

/** Builds the package's JavaScript into dist/. Throws when a step fails. */
export async function buildPackage(renderer: 'always' | 'if-stale' = 'always'): Promise<PackageBuild> {
  const staticDir = path.join(DIST, 'renderer');
  const skipRenderer =
    renderer === 'if-stale' && isRendererBuilt(staticDir) && !isRendererStale(APP_ROOT, staticDir);
  if (!skipRenderer) buildRenderer();
  // Old outputs of an earlier layout (tsc's dist/electron/**, dist/shared/**) must not ship.
  for (const old of ['bin', 'electron', 'shared'])
    fs.rmSync(path.join(DIST, old), { recursive: true, force: true });
  const outputs = await Promise.all([buildCommandBundles(), build(DESKTOP)]);
  // dist/electron/*.js are CommonJS whatever the root package.json says.
  fs.writeFileSync(path.join(DIST, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  const files = outputs.flatMap((o) =>
    Object.entries(o.metafile.outputs).map(([file, out]) => ({
      file: path.relative(APP_ROOT, path.resolve(file)),
      bytes: out.bytes,
    })),
  );
  return { renderer: skipRenderer ? 'fresh' : 'built', files };
}

async function main(): Promise<void> {
  if (process.argv.includes('--commands')) {
    await buildCommands();
    process.stderr.write(
      `build-package: dist/bin/eck.mjs, eck-inspector.mjs and ${PASS_WORKER_BUNDLE} built\n`,
    );
    return;
  }
  const flag = process.argv.slice(2).find((a) => a.startsWith('--renderer='));
  const mode = flag === '--renderer=if-stale' ? 'if-stale' : 'always';
  const result = await buildPackage(mode);
  process.stdout.write(
    `build-package: renderer ${result.renderer}; ${result.files.map((f) => `${f.file} ${(f.bytes / 1024).toFixed(0)} KiB`).join(', ')}\n`,
  );
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    process.stderr.write(`build-package: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
