/**
 * `default-kit-vs-real`: this engine against evolcore's real one on the same render — the default
 * kit, a copy of the demo home, the private chat with the owner — timed in the same run. Only when
 * EVOLCLAW_REAL_DIR names a staged real engine (tools/evolclaw-oracle/README.md); the plain-fs
 * baseline of `default-kit-render` stays either way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderContext } from '../shared/engine';
import { createNodeFs, toEnginePath } from '../electron/services/node-fs';
import { APP_ROOT, DEMO_HOME } from '../electron/services/app-paths';
import { presetScenario } from '../shared/scenarios/presets';
import { checkStaged, startRealEngine } from '../scripts/compare-real/real-engine';
import { buildRealVars } from '../scripts/compare-real/real-vars';
import { medianMs, round, type BenchResult } from './measure';

const NAME = 'default-kit-vs-real';
const RUNS = 300;
const WARMUP = 30;

/** The figure, or why it was not measured. */
export async function benchDefaultKitVsReal(
  realDir: string | undefined = process.env['EVOLCLAW_REAL_DIR'],
): Promise<BenchResult | { readonly name: string; readonly skipped: string }> {
  if (!realDir) return { name: NAME, skipped: 'EVOLCLAW_REAL_DIR is not set (no staged real engine)' };
  const problem = checkStaged(realDir);
  if (problem) return { name: NAME, skipped: problem };
  // The real engine writes four debug files into the home on every render: give it a copy.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-bench-real-'));
  const home = path.join(tmp, 'home');
  fs.cpSync(DEMO_HOME, home, { recursive: true });
  fs.mkdirSync(path.join(home, 'data', 'eck-debug'), { recursive: true });
  const real = await startRealEngine(
    path.resolve(realDir),
    path.join(APP_ROOT, 'node_modules', '.bin', 'tsx'),
  );
  try {
    const vars = presetScenario('private-owner').vars;
    const input = { packageRoot: toEnginePath(APP_ROOT), home: toEnginePath(home), vars };
    const nodeFs = createNodeFs();
    const ours = renderContext(input, nodeFs);
    const oursMs = medianMs(() => renderContext(input, nodeFs), RUNS, WARMUP);
    const realRun = await real.bench(
      {
        packageRoot: APP_ROOT,
        home,
        cwd: APP_ROOT,
        vars: buildRealVars(APP_ROOT, home, vars),
        sessionId: String(vars['sessionId'] ?? 'bench'),
        manifestFile: 'eck_manifest.json',
      },
      RUNS,
      WARMUP,
    );
    return {
      name: NAME,
      medianMs: round(oursMs),
      baselineMs: round(realRun.medianMs),
      ratio: round(oursMs / realRun.medianMs),
      baseline: `evolcore's real renderKitSections (${path.resolve(realDir)}), same kit, home copy and vars, ${RUNS} renders after ${WARMUP}, its debug files written`,
      files: ours.totals.files,
      contextChars: { ours: ours.context.length, real: realRun.len },
    };
  } finally {
    real.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
