/**
 * `npm run compare:debug`: our debug writer against evolcore's real one, file by file (opt-in,
 * not in `npm test`: the real engine is not ours to ship; see ../shared/tools/evolclaw-oracle).
 *
 * For each conformance case and each preset of the default kit (demo home), the render is made
 * by our engine and written by our writer; the real engine (evolclaw's kit-renderer, staged in
 * `$EVOLCLAW_REAL_DIR`, default /work/evolclaw-real) renders the same manifest file with the
 * same vars and session id and writes its own files into its home. The two sets of files must be
 * equal with the timestamps masked and evolclaw's names mapped to evolcore's (`EvolClaw` →
 * `EvolCore`, `EVOLCLAW_HOME` → `EVOLCORE_HOME`), nothing else.
 *
 *   npm run compare:debug -- [--real DIR] [--cases DIR] [--show]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RenderReport } from '../shared/engine';
import { renderContext } from '../shared/engine';
import { sessionIdOf } from '../shared/debug-files/evolcore-format';
import { PARAM_DESCRIPTIONS } from '../shared/debug-files/param-descriptions';
import { SCENARIO_PRESETS } from '../shared/scenarios/presets';
import type { Scenario } from '../shared/scenarios/scenario';
import { writeDebugFiles } from '../electron/history/write-debug-files';
import { createNodeFs } from '../electron/services/node-fs';
import { APP_ROOT, DEMO_HOME } from '../electron/services/app-paths';
import { checkStaged } from './compare-real/real-engine';

/** One render to compare: a package root and a home to copy, and what to render. */
interface Job {
  readonly label: string;
  readonly packageRoot: string;
  /** Copy only these entries of the package root (the app's own root holds node_modules). */
  readonly packageEntries?: readonly string[];
  readonly home: string | null;
  readonly vars: unknown;
  readonly sessionType?: string;
  readonly manifestFile?: string;
}

/** The outcome of one job: per file name (timestamps masked), equal or the first differing line. */
interface Outcome {
  readonly label: string;
  readonly files: readonly { readonly name: string; readonly equal: boolean; readonly first?: string }[];
  readonly error?: string;
}

function option(name: string): string | null {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
}

const REAL = path.resolve(option('--real') ?? process.env.EVOLCLAW_REAL_DIR ?? '/work/evolclaw-real');
const CASES = path.resolve(option('--cases') ?? path.join(APP_ROOT, '..', 'shared', 'conformance', 'cases'));
const SHOW = process.argv.includes('--show');
const TSX = path.join(APP_ROOT, 'node_modules', '.bin', 'tsx');

const NAME_TS = /\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d(-\d+)?/;
const ISO_TS = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;

/** evolclaw's names as evolcore's (the only mapping allowed). */
function mapNames(text: string): string {
  return text
    .replaceAll('EvolClaw', 'EvolCore')
    .replaceAll('$EVOLCLAW_HOME', '$EVOLCORE_HOME')
    .replaceAll('EVOLCLAW_HOME', 'EVOLCORE_HOME');
}

function maskTimes(text: string): string {
  return text.replace(ISO_TS, '<iso>');
}

/** The folder's files by masked name, contents masked. */
function readFiles(dir: string, map: boolean): Map<string, string> {
  const out = new Map<string, string>();
  if (!fs.existsSync(dir)) return out;
  for (const name of fs.readdirSync(dir).sort()) {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    out.set(name.replace(NAME_TS, '<ts>'), maskTimes(map ? mapNames(text) : text));
  }
  return out;
}

function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i])
      return `line ${i + 1}: ours ${JSON.stringify(x[i] ?? '<end>')} / real ${JSON.stringify(y[i] ?? '<end>')}`;
  }
  return 'same lines';
}

/** The vars as the real engine gets them: ours, in the same order, with evolclaw's name for the home. */
function realVars(report: RenderReport): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(report.vars).map(([k, v]) => [k === 'EVOLCORE_HOME' ? 'EVOLCLAW_HOME' : k, v]),
  );
}

function runJob(job: Job): Outcome {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-debug-'));
  try {
    const P = path.join(root, 'package');
    const H = path.join(root, 'home');
    if (job.packageEntries === undefined) fs.cpSync(job.packageRoot, P, { recursive: true });
    else
      for (const entry of job.packageEntries)
        fs.cpSync(path.join(job.packageRoot, entry), path.join(P, entry), { recursive: true });
    if (job.home !== null && fs.existsSync(job.home)) fs.cpSync(job.home, H, { recursive: true });
    else fs.mkdirSync(H, { recursive: true });
    const realDir = path.join(H, 'data', 'eck-debug');
    fs.rmSync(realDir, { recursive: true, force: true });
    fs.mkdirSync(realDir, { recursive: true });

    // Ours first, before the real engine writes anything into the home.
    const report = renderContext(
      {
        packageRoot: P,
        home: H,
        vars: job.vars,
        ...(job.sessionType ? { sessionType: job.sessionType } : {}),
        ...(job.manifestFile ? { manifestFile: job.manifestFile } : {}),
      },
      createNodeFs(),
    );
    const oursDir = path.join(root, 'ours');
    fs.mkdirSync(oursDir);
    writeDebugFiles(oursDir, report);

    const jobFile = path.join(root, 'job.json');
    fs.writeFileSync(
      jobFile,
      JSON.stringify({
        vars: realVars(report),
        sessionId: sessionIdOf(report.vars),
        manifestFile: report.manifestFile,
      }),
    );
    const run = spawnSync(TSX, [path.join(REAL, 'run-real.ts'), jobFile], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, EVOLCLAW_HOME: H, EVOLCORE_HOME: H, ECK_PACKAGE_ROOT: P },
    });
    // A throw of the real render (a section without `when`) writes no file: that is compared too.
    const threw = run.status !== 0;
    if (threw !== (report.failure !== null)) {
      return {
        label: job.label,
        files: [],
        error: threw
          ? `the real engine threw (${(run.stderr || '').trim().split('\n')[0] ?? ''}); ours did not fail`
          : `ours failed (${report.failure?.code ?? ''}); the real engine rendered`,
      };
    }
    const ours = readFiles(oursDir, false);
    const real = readFiles(realDir, true);
    const names = [...new Set([...ours.keys(), ...real.keys()])].sort();
    return {
      label: job.label,
      files: names.map((name) => {
        const a = ours.get(name);
        const b = real.get(name);
        if (a === undefined || b === undefined)
          return {
            name,
            equal: false,
            first: a === undefined ? 'only the real engine wrote it' : 'only ours',
          };
        return a === b ? { name, equal: true } : { name, equal: false, first: firstDifference(a, b) };
      }),
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
}

/** The conformance cases: package, home, vars, and the session type or manifest their args give. */
function caseJobs(): Job[] {
  if (!fs.existsSync(CASES)) return [];
  return fs
    .readdirSync(CASES)
    .sort()
    .filter((n) => fs.existsSync(path.join(CASES, n, 'package')))
    .map((n) => {
      const dir = path.join(CASES, n);
      const spec = fs.existsSync(path.join(dir, 'case.json'))
        ? (readJson(path.join(dir, 'case.json')) as { args?: string[] })
        : {};
      const args = spec.args ?? [];
      const arg = (flag: string): string | undefined => {
        const i = args.indexOf(flag);
        return i >= 0 ? args[i + 1] : undefined;
      };
      const sessionType = arg('--session-type');
      const manifestFile = arg('--manifest');
      return {
        label: `case ${n}`,
        packageRoot: path.join(dir, 'package'),
        home: path.join(dir, 'home'),
        vars: fs.existsSync(path.join(dir, 'vars.json')) ? readJson(path.join(dir, 'vars.json')) : {},
        ...(sessionType ? { sessionType } : {}),
        ...(manifestFile ? { manifestFile } : {}),
      };
    });
}

/** The default kit on the demo home, once per preset, plus var sets for the writer's quirks and its table. */
function kitJobs(): Job[] {
  const fromScenario = (label: string, s: Scenario): Job => ({
    label,
    packageRoot: APP_ROOT,
    packageEntries: ['kits'],
    home: DEMO_HOME,
    vars: s.vars,
    sessionType: s.sessionType,
    ...(s.manifestFile ? { manifestFile: s.manifestFile } : {}),
  });
  const jobs = SCENARIO_PRESETS.map((p) => fromScenario(`kit ${p.id}`, p.scenario));
  const owner = SCENARIO_PRESETS.find((p) => p.id === 'private-owner');
  if (owner) {
    jobs.push(
      fromScenario('kit private-owner + null, nested, inherited-name vars', {
        ...owner.scenario,
        vars: {
          ...owner.scenario.vars,
          groupId: null,
          toString: 'shadow',
          renderModes: { text: 'plain', list: [1, null, { a: 'b' }] },
          sessionId: 42,
        },
      }),
      // Every described var set, so each description of the table is compared once.
      fromScenario('kit private-owner + every described var', {
        ...owner.scenario,
        vars: {
          ...Object.fromEntries(
            Object.keys(PARAM_DESCRIPTIONS)
              .filter((name) => name !== name.toUpperCase())
              .map((name) => [name, `v-${name}`]),
          ),
          ...owner.scenario.vars,
          CURRENT_PROJECT: '/work/project',
        },
      }),
    );
  }
  return jobs;
}

function main(): void {
  // The same check as compare:real's: the files stage.sh puts there (it writes no marker).
  const notStaged = checkStaged(REAL);
  if (notStaged !== null) {
    process.stderr.write(`compare:debug: ${notStaged}\n`);
    process.exit(2);
  }
  const outcomes = [...caseJobs(), ...kitJobs()].map(runJob);
  let files = 0;
  let equal = 0;
  let rendersEqual = 0;
  for (const o of outcomes) {
    const same = o.error === undefined && o.files.every((f) => f.equal);
    if (same) rendersEqual++;
    files += o.files.length;
    equal += o.files.filter((f) => f.equal).length;
    const names = o.files.map((f) => f.name.replace(/-<ts>\.(json|md)$/, '')).join(' ');
    process.stdout.write(`${same ? 'same  ' : 'DIFFER'}  ${o.label}  [${names || 'no files'}]\n`);
    if (o.error) process.stdout.write(`        ${o.error}\n`);
    for (const f of o.files)
      if (!f.equal && (SHOW || f.first)) process.stdout.write(`        ${f.name}: ${f.first ?? ''}\n`);
  }
  process.stdout.write(
    `\n${rendersEqual} of ${outcomes.length} renders wrote the same files; ${equal} of ${files} files equal\n`,
  );
  process.exit(rendersEqual === outcomes.length ? 0 : 1);
}

main();
