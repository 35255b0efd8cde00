/**
 * `npm run compare:real`: renders with BOTH engines — this checkout's (shared/engine, imported
 * directly) and evolcore's real one (staged outside the repo, see tools/evolclaw-oracle/README.md)
 * — and says how many renders are identical, grouping the rest by the kind of their first
 * difference. Opt-in, not part of `npm test`: the real code is not ours to ship.
 *
 *   EVOLCLAW_REAL_DIR=/work/evolclaw-real npm run compare:real -- [options] [cases-folder...]
 *     --only cases,kit,fuzz,classes,messages   which sources (default all five)
 *     --seed N --count N      the random worlds (default seed 1, 3000 worlds)
 *     --class-count N         class worlds (class-worlds.ts; default 700)
 *     --message-count N       message-manifest worlds vs the real message-renderer.ts (default 1500)
 *     --start N               the first world's index (replay world N alone: --start N --count 1)
 *     --show N                examples printed per failing group (default 3)
 *     --out FILE              every result as JSON
 *     --keep-failures DIR     save failing random worlds as case folders (replay with harness.mjs)
 *
 * Exit: 0 when everything is identical, 1 when something differs, 2 on a usage problem.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { APP_ROOT } from '../../electron/services/app-paths';
import { judge } from './compare';
import { renderOurs } from './our-engine';
import { checkStaged, startRealEngine, type RealEngine } from './real-engine';
import { buildRealVars, realManifestFile } from './real-vars';
import { formatSource, shapeOf, type ResultRecord } from './report';
import { judgeMessage, realMessageJob, renderOurMessage } from './message-compare';
import {
  caseFolders,
  caseJob,
  classJob,
  fuzzJob,
  messageJob,
  keepAsCase,
  kitJobs,
  removeScratch,
  type CompareJob,
  type SourceName,
} from './sources';

interface Options {
  readonly only: ReadonlySet<SourceName>;
  readonly seed: number;
  readonly count: number;
  readonly classCount: number;
  readonly messageCount: number;
  readonly start: number;
  readonly show: number;
  readonly out: string | null;
  readonly keep: string | null;
  readonly caseDirs: readonly string[];
}

function usage(message: string): never {
  process.stderr.write(`compare:real: ${message}\n`);
  process.exit(2);
}

function parseOptions(argv: readonly string[]): Options {
  const ALL: SourceName[] = ['cases', 'kit', 'fuzz', 'classes', 'messages'];
  let only: Set<SourceName> = new Set(ALL);
  let seed = 1;
  let count = 3000;
  let classCount = 700;
  let messageCount = 1500;
  let start = 0;
  let show = 3;
  let out: string | null = null;
  let keep: string | null = null;
  const caseDirs: string[] = [];
  const num = (flag: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < 0)
      usage(`${flag} needs a whole number, got ${v ?? 'nothing'}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--only') {
      const names = (argv[++i] ?? '').split(',').filter(Boolean);
      if (names.length === 0 || names.some((n) => !(ALL as string[]).includes(n)))
        usage(`--only takes ${ALL.join(',')}, got ${names.join(',') || 'nothing'}`);
      only = new Set(names as SourceName[]);
    } else if (a === '--seed') seed = num(a, argv[++i]);
    else if (a === '--count') count = num(a, argv[++i]);
    else if (a === '--class-count') classCount = num(a, argv[++i]);
    else if (a === '--message-count') messageCount = num(a, argv[++i]);
    else if (a === '--start') start = num(a, argv[++i]);
    else if (a === '--show') show = num(a, argv[++i]);
    else if (a === '--out') out = argv[++i] ?? usage('--out needs a file');
    else if (a === '--keep-failures') keep = argv[++i] ?? usage('--keep-failures needs a folder');
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else {
      if (!fs.existsSync(a) || !fs.statSync(a).isDirectory()) usage(`${a} is not a folder of cases`);
      caseDirs.push(path.resolve(a));
    }
  }
  const publicCases = path.resolve(APP_ROOT, '..', 'shared', 'conformance', 'cases');
  if (fs.existsSync(publicCases) && !caseDirs.includes(publicCases)) caseDirs.unshift(publicCases);
  return { only, seed, count, classCount, messageCount, start, show, out, keep, caseDirs };
}

interface Timing {
  real: number;
  ours: number;
}

/** Renders a batch with both engines: the real child works while this process renders ours. */
async function runBatch(
  real: RealEngine,
  jobs: readonly CompareJob[],
  timing: Timing,
): Promise<ResultRecord[]> {
  const pending = jobs.map((job) => {
    const manifestFile = realManifestFile(job.home, job.vars, job.sessionType, job.manifestFile);
    return {
      manifestFile,
      answer: real.render({
        packageRoot: job.packageRoot,
        home: job.home,
        cwd: job.packageRoot,
        vars: buildRealVars(job.packageRoot, job.home, job.vars),
        sessionId: typeof job.vars['sessionId'] === 'string' ? job.vars['sessionId'] : 'compare',
        manifestFile,
      }),
    };
  });
  const ours = jobs.map((job) => {
    const t = performance.now();
    const answer = renderOurs({
      packageRoot: job.packageRoot,
      home: job.home,
      vars: job.vars,
      ...(job.sessionType !== undefined ? { sessionType: job.sessionType } : {}),
      ...(job.manifestFile !== undefined ? { manifestFile: job.manifestFile } : {}),
    });
    timing.ours += performance.now() - t;
    return answer;
  });
  const answers = await Promise.all(pending.map((p) => p.answer));
  for (const a of answers) timing.real += a.renderMs;
  return jobs.map((job, i) => ({
    source: job.source,
    name: job.name,
    verdict: judge(answers[i]!, ours[i]!, pending[i]!.manifestFile),
    realShape: shapeOf(answers[i]!.context),
    ...(job.tags ? { tags: job.tags } : {}),
  }));
}

function gitHead(): string {
  const r = spawnSync('git', ['-C', APP_ROOT, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().slice(0, 90) : 'unknown commit';
}

async function main(): Promise<void> {
  const realDir = process.env['EVOLCLAW_REAL_DIR'];
  if (!realDir) {
    process.stderr.write(
      'compare:real needs EVOLCLAW_REAL_DIR=<folder with the staged real engine> (see tools/evolclaw-oracle/README.md)\n',
    );
    process.exit(2);
  }
  const opts = parseOptions(process.argv.slice(2));
  const problem = checkStaged(realDir);
  if (problem) usage(problem);
  const started = performance.now();
  process.once('SIGINT', () => {
    removeScratch();
    process.exit(130);
  });
  const real = await startRealEngine(
    path.resolve(realDir),
    path.join(APP_ROOT, 'node_modules', '.bin', 'tsx'),
  );
  const timing: Timing = { real: 0, ours: 0 };
  const all: ResultRecord[] = [];
  const lines: string[] = [
    `compare:real — real engine ${path.resolve(realDir)} vs this checkout (${gitHead()})`,
  ];
  try {
    const run = async (jobs: CompareJob[]): Promise<ResultRecord[]> => {
      try {
        return await runBatch(real, jobs, timing);
      } finally {
        for (const j of jobs) fs.rmSync(j.tempRoot, { recursive: true, force: true });
      }
    };
    if (opts.only.has('cases')) {
      const dirs = caseFolders(opts.caseDirs);
      const recs = await run(dirs.map(caseJob));
      all.push(...recs);
      lines.push(...formatSource(`cases (${opts.caseDirs.join(', ')})`, recs, Math.max(opts.show, 20)));
    }
    if (opts.only.has('kit')) {
      const recs = await run(kitJobs());
      all.push(...recs);
      lines.push(
        ...formatSource('default kit (kits/, demo home) in every preset', recs, Math.max(opts.show, 10)),
      );
    }
    if (opts.only.has('fuzz')) {
      const recs: ResultRecord[] = [];
      const BATCH = 24;
      const end = opts.start + opts.count;
      for (let from = opts.start; from < end; from += BATCH) {
        const indexes = Array.from({ length: Math.min(BATCH, end - from) }, (_, k) => from + k);
        const jobs = indexes.map((i) => fuzzJob(opts.seed, i));
        try {
          const batch = await runBatch(real, jobs, timing);
          for (let k = 0; k < batch.length; k++) {
            const r = batch[k]!;
            if (!r.verdict.identical && opts.keep) {
              const dir = path.resolve(opts.keep, `seed${opts.seed}-${String(indexes[k]).padStart(5, '0')}`);
              keepAsCase(jobs[k]!, dir, `compare:real random world ${r.name}: ${r.verdict.group}`);
              recs.push({ ...r, keptAt: dir });
            } else recs.push(r);
          }
        } finally {
          for (const j of jobs) fs.rmSync(j.tempRoot, { recursive: true, force: true });
        }
      }
      all.push(...recs);
      lines.push(
        ...formatSource(`random worlds (seed ${opts.seed}, #${opts.start}..#${end - 1})`, recs, opts.show),
      );
    }
    if (opts.only.has('classes')) {
      const recs: ResultRecord[] = [];
      for (let from = 0; from < opts.classCount; from += 8) {
        const jobs = Array.from({ length: Math.min(8, opts.classCount - from) }, (_, k) =>
          classJob(opts.seed, from + k),
        );
        recs.push(...(await run(jobs)));
      }
      all.push(...recs);
      lines.push(...formatSource(`class worlds (seed ${opts.seed}, ${opts.classCount})`, recs, opts.show));
    }
    if (opts.only.has('messages')) {
      const recs: ResultRecord[] = [];
      for (let i = 0; i < opts.messageCount; i++) {
        const job = messageJob(opts.seed, i);
        try {
          const answer = await real.renderMessage(realMessageJob(job));
          const t = performance.now();
          const ours = renderOurMessage(job);
          timing.ours += performance.now() - t;
          recs.push({
            source: 'messages',
            name: job.name,
            verdict: judgeMessage(answer, ours),
            tags: job.tags,
          });
        } finally {
          fs.rmSync(job.tempRoot, { recursive: true, force: true });
        }
      }
      all.push(...recs);
      lines.push(
        ...formatSource(
          `message-manifest worlds vs message-renderer.ts (seed ${opts.seed}, ${opts.messageCount})`,
          recs,
          opts.show,
        ),
      );
    }
  } finally {
    real.close();
    removeScratch();
  }
  const identical = all.filter((r) => r.verdict.identical).length;
  const wall = (performance.now() - started) / 1000;
  lines.push(
    `all: ${identical} of ${all.length} identical; ${wall.toFixed(1)} s wall ` +
      `(render time: real ${(timing.real / 1000).toFixed(2)} s, ours ${(timing.ours / 1000).toFixed(2)} s)`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  if (opts.out) {
    fs.writeFileSync(
      opts.out,
      `${JSON.stringify({ head: gitHead(), seed: opts.seed, count: opts.count, identical, total: all.length, results: all }, null, 2)}\n`,
    );
  }
  process.exitCode = identical === all.length ? 0 : 1;
}

void main();
