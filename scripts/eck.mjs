#!/usr/bin/env node
/**
 * `npm run eck`: runs the prebuilt bundle dist/bin/eck.mjs, the same file the
 * installed `eck` is, so a command starts without the TypeScript loader (1.1–1.5 s of it on a
 * 2-core machine, against 0.1 s for `node -e 0`). When the bundle is missing or older than one
 * of the sources it was built from (dist/bin-inputs.json, written by scripts/build-package.ts),
 * it is built first (`build-package.ts --commands`: esbuild, a few seconds) and a line on
 * stderr says so. `ECK_NO_BUILD=1` runs the sources through the loader instead of building.
 *
 * Plain JavaScript on purpose: this file must start as fast as `node` itself.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE = path.join(ROOT, 'dist', 'bin', 'eck.mjs');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** @param {string} file @returns {number} its mtime, or NaN when it cannot be stated */
function mtimeOf(file) {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  return st === undefined ? Number.NaN : st.mtimeMs;
}

/**
 * Why the bundle under `root` must be built, or `null` when it is current: one stat per source
 * it was built from (some 450, a few milliseconds), no listing of any folder.
 * @param {string} [root] the package root
 * @returns {string | null}
 */
export function whyStale(root = ROOT) {
  const built = mtimeOf(path.join(root, 'dist', 'bin', 'eck.mjs'));
  if (Number.isNaN(built)) return 'dist/bin/eck.mjs is missing';
  /** @type {{ inputs?: unknown }} */
  let recorded;
  try {
    recorded = JSON.parse(fs.readFileSync(path.join(root, 'dist', 'bin-inputs.json'), 'utf8'));
  } catch {
    return 'dist/bin-inputs.json is missing or unreadable';
  }
  if (!Array.isArray(recorded.inputs)) return 'dist/bin-inputs.json lists no inputs';
  for (const input of recorded.inputs) {
    if (typeof input !== 'string') return 'dist/bin-inputs.json is malformed';
    const at = mtimeOf(path.join(root, input));
    // A source removed or renamed since the build counts as changed.
    if (Number.isNaN(at)) return `${input} is gone`;
    if (at > built) return `${input} changed`;
  }
  return null;
}

/** @param {readonly string[]} args @returns {number} the exit code */
function runThroughLoader(args) {
  const run = spawnSync(process.execPath, [TSX, path.join(ROOT, 'electron', 'cli', 'eck.ts'), ...args], {
    stdio: 'inherit',
  });
  return run.status ?? 1;
}

async function main() {
  const stale = whyStale();
  if (stale !== null) {
    if (process.env['ECK_NO_BUILD'] === '1') {
      process.exitCode = runThroughLoader(process.argv.slice(2));
      return;
    }
    process.stderr.write(`eck: building dist/bin/eck.mjs (${stale})…\n`);
    const build = spawnSync(
      process.execPath,
      [TSX, path.join(ROOT, 'scripts', 'build-package.ts'), '--commands'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (build.status !== 0) {
      process.stderr.write('eck: the build failed; running the sources through the TypeScript loader.\n');
      process.exitCode = runThroughLoader(process.argv.slice(2));
      return;
    }
  }
  // The bundle reads process.argv.slice(2), which is this script's own arguments.
  await import(pathToFileURL(BUNDLE).href);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
