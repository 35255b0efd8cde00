/**
 * What gets compared: the conformance cases, the default kit in every built-in preset, and the
 * seeded random worlds. Each source yields jobs whose folders are private temp copies, so the
 * real engine (which writes debug files into the home) never touches a case or the demo home.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_ROOT, DEMO_HOME } from '../../electron/services/app-paths';
import { SCENARIO_PRESETS } from '../../shared/scenarios/presets';
import { generateWorld, placePaths, writeWorld, type World } from './fuzz';
import { generateClassWorld } from './class-worlds';
import { generateMessageWorld } from './message-worlds';
import { writeMessageWorld, type MessageJob } from './message-compare';

export type SourceName = 'cases' | 'kit' | 'fuzz' | 'classes' | 'messages';

/** One render to do with both engines. */
export interface CompareJob {
  readonly source: SourceName;
  readonly name: string;
  readonly packageRoot: string;
  readonly home: string;
  readonly vars: Record<string, unknown>;
  readonly sessionType?: string;
  readonly manifestFile?: string;
  readonly tags?: readonly string[];
  /** Where the job's temp copy lives (removed after the job). */
  readonly tempRoot: string;
}

/**
 * Where the run's temp folders go: `$ECK_COMPARE_TMP`, else `/dev/shm` when there is one (thousands
 * of small worlds written and removed on a disk cost ten times the renders), else the OS temp folder.
 */
export function scratchBase(env: NodeJS.ProcessEnv = process.env): string {
  if (env['ECK_COMPARE_TMP']) return env['ECK_COMPARE_TMP'];
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

let runRoot: string | null = null;

/** The folder that holds all of this run's temp folders (removed by `removeScratch`). */
function scratch(): string {
  runRoot ??= fs.mkdtempSync(path.join(scratchBase(), 'eck-compare-'));
  return runRoot;
}

/** Removes every temp folder of this run. */
export function removeScratch(): void {
  if (runRoot) fs.rmSync(runRoot, { recursive: true, force: true });
  runRoot = null;
}

function tempRoot(prefix: string): string {
  return fs.mkdtempSync(path.join(scratch(), `${prefix}-`));
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The case folders (those with a `package/`) of each folder, sorted by name. */
export function caseFolders(folders: readonly string[]): string[] {
  const out: string[] = [];
  for (const f of folders) {
    for (const n of fs.readdirSync(f).sort()) {
      const d = path.join(f, n);
      if (fs.statSync(d).isDirectory() && fs.existsSync(path.join(d, 'package'))) out.push(d);
    }
  }
  return out;
}

/** A conformance case as a job: its `case.json` args give `--manifest` and `--session-type`. */
export function caseJob(dir: string): CompareJob {
  const spec = asRecord(readJson(path.join(dir, 'case.json')));
  const args = Array.isArray(spec['args']) ? spec['args'].map(String) : [];
  const arg = (flag: string): string | undefined => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const root = tempRoot('case');
  const P = path.join(root, 'package');
  const H = path.join(root, 'home');
  fs.cpSync(path.join(dir, 'package'), P, { recursive: true, verbatimSymlinks: true });
  if (fs.existsSync(path.join(dir, 'home')))
    fs.cpSync(path.join(dir, 'home'), H, { recursive: true, verbatimSymlinks: true });
  else fs.mkdirSync(H);
  const sessionType = arg('--session-type');
  const manifestFile = arg('--manifest');
  return {
    source: 'cases',
    name: path.basename(dir),
    packageRoot: P,
    home: H,
    vars: asRecord(readJson(path.join(dir, 'vars.json'))),
    ...(sessionType !== undefined ? { sessionType } : {}),
    ...(manifestFile !== undefined ? { manifestFile } : {}),
    tempRoot: root,
  };
}

/** The default kit (`kits/`) with a copy of the demo home, in every built-in preset. */
export function kitJobs(): CompareJob[] {
  return SCENARIO_PRESETS.map(({ id, scenario }) => {
    const root = tempRoot('kit');
    const H = path.join(root, 'home');
    fs.cpSync(DEMO_HOME, H, { recursive: true });
    return {
      source: 'kit' as const,
      name: id,
      packageRoot: APP_ROOT,
      home: H,
      vars: { ...scenario.vars },
      ...(scenario.sessionType !== 'main' ? { sessionType: scenario.sessionType } : {}),
      ...(scenario.manifestFile !== null ? { manifestFile: scenario.manifestFile } : {}),
      tempRoot: root,
    };
  });
}

/** Random world `index` of run `seed`, written to a temp folder. */
export function fuzzJob(seed: number, index: number): CompareJob {
  return worldJob('fuzz', generateWorld(seed, index), `seed ${seed} #${index}`);
}

/** Class world `index` of run `seed` (`class-worlds.ts`), written to a temp folder. */
export function classJob(seed: number, index: number): CompareJob {
  return worldJob('classes', generateClassWorld(seed, index), `class seed ${seed} #${index}`);
}

/** Message world `index` of run `seed`, written to a temp folder. */
export function messageJob(
  seed: number,
  index: number,
): MessageJob & { name: string; tags: readonly string[]; tempRoot: string } {
  const world = generateMessageWorld(seed, index);
  const root = tempRoot('msg');
  const job = writeMessageWorld(root, world);
  const vars = placePaths(job.vars, job.packageRoot, job.home) as Record<string, unknown>;
  return { ...job, vars, name: `message seed ${seed} #${index}`, tags: world.tags, tempRoot: root };
}

function worldJob(source: SourceName, world: World, name: string): CompareJob {
  const root = tempRoot(source);
  const { packageRoot, home } = writeWorld(root, world);
  return {
    source,
    name,
    packageRoot,
    home,
    vars: placePaths(world.vars, packageRoot, home) as Record<string, unknown>,
    ...(world.manifestFile !== undefined ? { manifestFile: world.manifestFile } : {}),
    ...(world.sessionType !== undefined ? { sessionType: world.sessionType } : {}),
    tags: world.tags,
    tempRoot: root,
  };
}

/** Keeps a job's folders as a conformance-style case (package/, home/, vars.json, case.json). */
export function keepAsCase(job: CompareJob, dir: string, description: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(job.packageRoot, path.join(dir, 'package'), { recursive: true, verbatimSymlinks: true });
  fs.cpSync(job.home, path.join(dir, 'home'), { recursive: true, verbatimSymlinks: true });
  // the vars name the job's temp folders, which go: point them at the kept copy
  const vars = JSON.stringify(job.vars, null, 2)
    .replaceAll(JSON.stringify(job.packageRoot).slice(1, -1), path.join(dir, 'package'))
    .replaceAll(JSON.stringify(job.home).slice(1, -1), path.join(dir, 'home'));
  fs.writeFileSync(path.join(dir, 'vars.json'), `${vars}\n`);
  const args = [
    ...(job.manifestFile !== undefined ? ['--manifest', job.manifestFile] : []),
    ...(job.sessionType !== undefined ? ['--session-type', job.sessionType] : []),
  ];
  fs.writeFileSync(path.join(dir, 'case.json'), `${JSON.stringify({ description, args }, null, 2)}\n`);
}
