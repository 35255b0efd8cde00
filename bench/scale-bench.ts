/**
 * The scale goals, each a ratio against a baseline measured in the same run, on a
 * home whose eck-debug holds N snapshots made of hard links (bench/scale-home.ts: no extra
 * disk). N is 25,000 by default; `ECK_BENCH_SNAPSHOTS=250000 npm run bench` (or
 * `npm run bench -- --snapshots 250000`) runs the full size the goals are set for.
 *
 * - `serve-start-scale`: `eck-inspector --browser` (the bundle) started on that home → its URL
 *   answers, against the same on the demo home, starts interleaved; goal ≤ 1 s more.
 * - `serve-start-big-kit`: the same start with a 100,000-file folder in the kit; goal ≤ 1 s more.
 * - `history-first-rows-api`: the first `getHistory` over HTTP (list, group, encode, send) of
 *   each start, against a bare `readdirSync` of the folder right after it; the median of those
 *   pairs' ratios; goal ≤ 1.5×. `history-first-rows` is the same
 *   list in process (no HTTP), medians.
 * - `history-index-complete`: the background pass read on the main thread (8 ms slices, 8 ms
 *   rests; what the service falls back to) and without rests, against reading every vars +
 *   manifest file once; goal ≤ 2×.
 * - `history-index-worker`: the pass as the service runs it, read by the pass worker thread,
 *   against the same reading; goal ≤ 2×. Both state the main thread's event-loop delay during
 *   the pass (p95, max): what a request waits behind it, and the share of it the main thread was busy.
 * - `history-index-reopened`: the same home opened again with the index the first pass saved
 *   (saved-index.ts): the pass states every file and reads none; against the first pass, and
 *   the size of the saved file.
 * - `eck-render-lint`: `node scripts/eck.mjs render|lint` (what `npm run eck` runs) and the
 *   bundle itself against `node -e 0`, interleaved; goal ≤ 3×.
 * - `history-search-scale`: the History's free-text search as the window runs it (parts of
 *   SEARCH_PART_MS, each asked after the last) — the first part's matches, and the whole pass —
 *   against reading every context file once (`cat`), both warm; goals: first matches ≤ 1 s,
 *   the whole pass ≤ 1.5× the reading.
 * - `serve-memory-scale`: the serve process's resident memory after start, after the first
 *   listing and its peak once the index pass is done (or stopped at its time limit), against the
 *   demo home's after start; goal under 300 MB.
 * - `page-memory-scale`, `page-frames-index-pass` (bench/page-bench.ts): the History page in
 *   Chromium — its JS heap once every snapshot is listed (goal under 150 MB) and its frames
 *   while the index pass runs (goal p95 under 50 ms), against the demo home's page.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { HistoryIndex } from '../electron/history/history-index';
import { PassWorkers } from '../electron/history/pass-worker-client';
import { savedIndexPathFor, savedIndexStore } from '../electron/history/saved-index';
import { APP_ROOT } from '../electron/services/app-paths';
import { ContextSearch } from '../electron/history/context-search';
import { SEARCH_PART_MS } from '../shared/history/search-part';
import { buildCommands } from '../scripts/build-package';
import { whyStale } from '../scripts/eck.mjs';
import type { AppStart } from '../scripts/installed-app';
import { demoEnv, startApp } from '../scripts/installed-app';
import { median, round, type BenchResult } from './measure';
import { makeBigKit, makeScaleHome } from './scale-home';
import { callApi, memoryMb, waitIndexed } from './serve-probe';
import { pageFigures } from './page-bench';

const DEFAULT_SNAPSHOTS = 25_000;
/** Snapshots in the demo home's eck-debug (the page figures' baseline waits for them listed). */
const DEMO_SNAPSHOTS = 45;
const START_RUNS = 5;
const LIST_RUNS = 3;
const CLI_RUNS = 7;
/** The serve's index pass is waited for at most this long (the 250k pass can take minutes). */
const INDEX_LIMIT_MS = 10 * 60_000;

/** The size asked for: `--snapshots N`, else `ECK_BENCH_SNAPSHOTS`, else 25,000. */
export function scaleSnapshots(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const at = argv.indexOf('--snapshots');
  const raw = at >= 0 ? argv[at + 1] : env['ECK_BENCH_SNAPSHOTS'];
  const n = Number(raw);
  return raw !== undefined && Number.isInteger(n) && n > 0 ? n : DEFAULT_SNAPSHOTS;
}

function wallMs(args: readonly string[], env: NodeJS.ProcessEnv): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { env, stdio: 'ignore', timeout: 60_000 });
  const ms = performance.now() - t;
  if (r.status !== 0 && !(args.includes('lint') && r.status === 1))
    throw new Error(`node ${args.join(' ')} exited ${String(r.status)}`);
  return ms;
}

function timed<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

const INSPECTOR = path.join(APP_ROOT, 'dist', 'bin', 'eck-inspector.mjs');

function startInspector(env: NodeJS.ProcessEnv, home: string, packageRoot?: string): Promise<AppStart> {
  const root = packageRoot === undefined ? [] : ['--package-root', packageRoot];
  return startApp(process.execPath, [INSPECTOR, '--browser', '--home', home, ...root], env);
}

/** Files of the big kit folder (a kit folder of 100k files). */
const BIG_KIT_FILES = 100_000;

async function serveFigures(
  env: NodeJS.ProcessEnv,
  demoHome: string,
  scaleHome: string,
  debugDir: string,
  n: number,
  bigKitRoot: string,
): Promise<BenchResult[]> {
  const demo: number[] = [];
  const scale: number[] = [];
  const bigKit: number[] = [];
  const firstRows: number[] = [];
  const bareRows: number[] = [];
  let bigKitMemory: ReturnType<typeof memoryMb> = null;
  let demoMemory: ReturnType<typeof memoryMb> = null;
  for (let i = 0; i < START_RUNS; i++) {
    const d = await startInspector(env, demoHome);
    demo.push(d.ms);
    demoMemory = memoryMb(d.pid);
    d.stop();
    const s = await startInspector(env, scaleHome);
    scale.push(s.ms);
    // Each start's first listing over HTTP, paired with a bare listing right after: one pair
    // swung by 0.3 s between runs, so the figure is the median of these pairs.
    firstRows.push((await callApi(s, 'getHistory', null)).ms);
    bareRows.push(timed(() => fs.readdirSync(debugDir)).ms);
    s.stop();
    const k = await startInspector(env, path.join(bigKitRoot, 'kits', 'demo-home'), bigKitRoot);
    bigKit.push(k.ms);
    bigKitMemory = memoryMb(k.pid);
    k.stop();
  }
  // One more start on the big home: the first listing over HTTP, then the index pass.
  const app = await startInspector(env, scaleHome);
  const afterStart = memoryMb(app.pid);
  firstRows.push((await callApi(app, 'getHistory', null)).ms);
  const afterList = memoryMb(app.pid);
  bareRows.push(timed(() => fs.readdirSync(debugDir)).ms);
  const ratios = firstRows.map((ms, i) => ms / (bareRows[i] as number));
  const indexed = await waitIndexed(app, INDEX_LIMIT_MS);
  const afterIndex = memoryMb(app.pid);
  app.stop();
  const demoMs = median(demo);
  const scaleMs = median(scale);
  return [
    {
      name: 'serve-start-scale',
      snapshots: n,
      medianMs: round(scaleMs),
      baselineMs: round(demoMs),
      ratio: round(scaleMs / demoMs),
      extraMs: round(scaleMs - demoMs),
      baseline: `eck-inspector --browser on the demo home, ${START_RUNS} starts interleaved`,
      target: '≤ 1 s more than the demo home',
      meetsTarget: scaleMs - demoMs <= 1000,
    },
    {
      name: 'serve-start-big-kit',
      files: BIG_KIT_FILES,
      medianMs: round(median(bigKit)),
      baselineMs: round(demoMs),
      ratio: round(median(bigKit) / demoMs),
      extraMs: round(median(bigKit) - demoMs),
      rssMb: bigKitMemory?.rssMb ?? null,
      baseline: `the demo home with the app's own kit, ${START_RUNS} starts interleaved`,
      target: '≤ 1 s more than the demo home',
      meetsTarget: median(bigKit) - demoMs <= 1000,
    },
    {
      name: 'history-first-rows-api',
      snapshots: n,
      medianMs: round(median(firstRows)),
      baselineMs: round(median(bareRows)),
      ratio: round(median(ratios)),
      ratios: ratios.map(round),
      baseline: 'readdirSync of the folder, in the bench process right after each start',
      target: '≤ 1.5× a bare listing',
      meetsTarget: median(ratios) <= 1.5,
      runs: ratios.length,
    },
    {
      name: 'serve-memory-scale',
      snapshots: n,
      medianMs: 0,
      baselineMs: 0,
      ratio: afterIndex === null || demoMemory === null ? NaN : round(afterIndex.peakMb / demoMemory.rssMb),
      baseline: 'resident memory of the demo home after start (MB)',
      demoRssMb: demoMemory?.rssMb ?? null,
      afterStartRssMb: afterStart?.rssMb ?? null,
      afterFirstListRssMb: afterList?.rssMb ?? null,
      peakMb: afterIndex?.peakMb ?? null,
      indexPassMs: Math.round(indexed.ms),
      indexPendingAtEnd: indexed.pending,
      target: 'serve under 300 MB at 250k snapshots',
      meetsTarget: afterIndex === null ? false : afterIndex.peakMb < 300,
    },
  ];
}

/** The first list in process, and the background pass, against their bare-I/O baselines. */
/** Runs `pass`, timing it and the main thread's event-loop delay meanwhile (1 ms resolution). */
async function loopDelayed<T>(
  pass: () => Promise<T>,
): Promise<{ value: T; ms: number; p95Ms: number; maxMs: number; busy: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const elu = performance.eventLoopUtilization();
  const t0 = performance.now();
  const value = await pass();
  const ms = performance.now() - t0;
  const busy = performance.eventLoopUtilization(elu).utilization;
  delay.disable();
  return {
    value,
    ms,
    p95Ms: round(delay.percentile(95) / 1e6),
    maxMs: round(delay.max / 1e6),
    busy: round(busy),
  };
}

export async function indexFigures(debugDir: string, n: number): Promise<BenchResult[]> {
  const bare: number[] = [];
  const listed: number[] = [];
  for (let i = 0; i < LIST_RUNS; i++) {
    bare.push(timed(() => fs.readdirSync(debugDir)).ms);
    // What the app sends: the wire listing encoded from the columns (no object per snapshot).
    listed.push(
      timed(() => {
        const index = new HistoryIndex(debugDir);
        index.refresh();
        return JSON.stringify(index.wireListing());
      }).ms,
    );
  }
  // Reading the two files the pass reads per snapshot, once each.
  const names = fs.readdirSync(debugDir).filter((f) => f.startsWith('vars-') || f.startsWith('manifest-'));
  const readOnce = timed(() => {
    for (const f of names) fs.readFileSync(path.join(debugDir, f), 'utf8');
  }).ms;
  const service = new HistoryIndex(debugDir);
  service.refresh();
  const rested = await loopDelayed(() => service.parseInBackground({ sliceMs: 8, restMs: 8 }));
  const serviceMs = rested.ms;
  const flat = new HistoryIndex(debugDir);
  flat.refresh();
  const t1 = performance.now();
  await flat.parseInBackground({ sliceMs: 8, restMs: 0 });
  const flatMs = performance.now() - t1;
  // The thread started before the clock, as in the app after its first pass (a start under tsx
  // costs ~0.2 s; the bundle's less).
  const reader = new PassWorkers();
  await reader.read(debugDir, []);
  const threaded = new HistoryIndex(debugDir);
  threaded.refresh();
  const worker = await loopDelayed(() => threaded.parseInBackground({ sliceMs: 8, restMs: 8, reader }));
  // Reopening: the rows just filled saved as the service saves them, then a new index whose
  // pass takes them (the worker states every file, reads none).
  const settings = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-bench-settings-'));
  const store = savedIndexStore(() => settings, 'bench');
  const save = timed(() => store.save(debugDir, (columnsAt) => threaded.savedRows(columnsAt)));
  const savedBytes = fs.statSync(savedIndexPathFor(debugDir, settings)).size;
  const reopened = new HistoryIndex(debugDir);
  reopened.refresh();
  const again = await loopDelayed(() =>
    reopened.parseInBackground({ sliceMs: 8, restMs: 8, reader, saved: () => store.load(debugDir) }),
  );
  const use = reopened.savedUse();
  fs.rmSync(settings, { recursive: true, force: true });
  await reader.close();
  const bareMs = median(bare);
  const listMs = median(listed);
  return [
    {
      name: 'history-first-rows',
      snapshots: n,
      medianMs: round(listMs),
      baselineMs: round(bareMs),
      ratio: round(listMs / bareMs),
      baseline: `readdirSync of the folder, ${LIST_RUNS} runs interleaved`,
      target: '≤ 1.5× a bare listing',
      meetsTarget: listMs / bareMs <= 1.5,
    },
    {
      name: 'history-index-complete',
      snapshots: n,
      medianMs: round(serviceMs),
      baselineMs: round(readOnce),
      ratio: round(serviceMs / readOnce),
      withoutRestsMs: round(flatMs),
      withoutRestsRatio: round(flatMs / readOnce),
      loopDelayP95Ms: rested.p95Ms,
      loopDelayMaxMs: rested.maxMs,
      mainThreadBusy: rested.busy,
      baseline: 'readFileSync of every vars + manifest file once',
      target: '≤ 2× reading the files once',
      meetsTarget: serviceMs / readOnce <= 2,
      runs: 1,
    },
    {
      name: 'history-index-worker',
      snapshots: n,
      medianMs: round(worker.ms),
      baselineMs: round(readOnce),
      ratio: round(worker.ms / readOnce),
      loopDelayP95Ms: worker.p95Ms,
      loopDelayMaxMs: worker.maxMs,
      mainThreadBusy: worker.busy,
      filled: worker.value,
      threads: reader.threads,
      baseline: 'readFileSync of every vars + manifest file once',
      target: '≤ 2× reading the files once',
      meetsTarget: worker.ms / readOnce <= 2 && worker.value === n,
      runs: 1,
    },
    {
      name: 'history-index-reopened',
      snapshots: n,
      medianMs: round(again.ms),
      baselineMs: round(worker.ms),
      ratio: round(again.ms / worker.ms),
      ratioToReadOnce: round(again.ms / readOnce),
      restored: use.restored,
      read: use.read,
      savedFileBytes: savedBytes,
      savedBytesPerSnapshot: round(savedBytes / Math.max(1, n)),
      saveMs: round(save.ms),
      loopDelayP95Ms: again.p95Ms,
      loopDelayMaxMs: again.maxMs,
      baseline: 'the first pass through the worker (history-index-worker), same run',
      target: 'parses only what changed: every row restored, none read; ≤ 2× reading the files once',
      meetsTarget: use.restored === n && use.read === 0 && again.ms / readOnce <= 2,
      runs: 1,
    },
  ];
}

/** `npm run eck` (the launcher) and the bundle, against `node -e 0`. */
function cliFigures(env: NodeJS.ProcessEnv): BenchResult[] {
  const launcher = path.join(APP_ROOT, 'scripts', 'eck.mjs');
  const bundle = path.join(APP_ROOT, 'dist', 'bin', 'eck.mjs');
  const samples: Record<string, number[]> = { bare: [], render: [], lint: [], bundleRender: [] };
  wallMs([launcher, 'render'], env);
  for (let i = 0; i < CLI_RUNS; i++) {
    samples['bare']?.push(wallMs(['-e', '0'], env));
    samples['render']?.push(wallMs([launcher, 'render'], env));
    samples['lint']?.push(wallMs([launcher, 'lint'], env));
    samples['bundleRender']?.push(wallMs([bundle, 'render'], env));
  }
  const bare = median(samples['bare'] ?? []);
  return (['render', 'lint'] as const).map((cmd) => {
    const ms = median(samples[cmd] ?? []);
    return {
      name: `eck-${cmd}-launcher`,
      medianMs: round(ms),
      baselineMs: round(bare),
      ratio: round(ms / bare),
      ...(cmd === 'render' ? { bundleDirectMs: round(median(samples['bundleRender'] ?? [])) } : {}),
      baseline: `node -e 0, ${CLI_RUNS} runs interleaved`,
      target: '≤ 3× node -e 0 on the default kit',
      meetsTarget: ms / bare <= 3,
    };
  });
}

/** Runs of the search, each paired with a reading of the files right before it. */
const SEARCH_RUNS = 3;

/** One whole search in parts, as the History asks for it, with a fresh text cache. */
async function searchOnce(
  index: HistoryIndex,
): Promise<{ firstMs: number; firstHits: number; wholeMs: number; hits: number; parts: number }> {
  // A fresh search each time (an empty text cache): a phrase every snapshot holds.
  const search = new ContextSearch();
  const t0 = performance.now();
  let firstMs: number | null = null;
  let firstHits = 0;
  let hits = 0;
  let parts = 0;
  for (let from: number | null = 0; from !== null; parts++) {
    const part = await search.search(index, 'EvolCore Context Kit', undefined, from, SEARCH_PART_MS);
    hits += part.keys.length;
    if (firstMs === null) {
      firstMs = performance.now() - t0;
      firstHits = part.keys.length;
    }
    from = part.next;
  }
  return { firstMs: firstMs ?? NaN, firstHits, wholeMs: performance.now() - t0, hits, parts };
}

/**
 * The search in parts, as the History asks for it, against reading the context files once: the
 * median of `SEARCH_RUNS` pairs (one run swung from 1.43× to 1.63× between two bench runs).
 */
export async function searchFigures(debugDir: string, n: number): Promise<BenchResult[]> {
  const contexts = fs.readdirSync(debugDir).filter((f) => f.startsWith('context-'));
  const cat = (): number =>
    timed(() => {
      for (const f of contexts) fs.readFileSync(path.join(debugDir, f), 'utf8');
    }).ms;
  cat(); // warm the page cache, as for the searches after it
  const index = new HistoryIndex(debugDir);
  index.refresh();
  const cats: number[] = [];
  const runs: Awaited<ReturnType<typeof searchOnce>>[] = [];
  for (let i = 0; i < SEARCH_RUNS; i++) {
    cats.push(cat());
    runs.push(await searchOnce(index));
  }
  const ratios = runs.map((r, i) => r.wholeMs / (cats[i] as number));
  const firstMs = median(runs.map((r) => r.firstMs));
  const last = runs[runs.length - 1];
  return [
    {
      name: 'history-search-scale',
      snapshots: n,
      firstMatchesMs: round(firstMs),
      firstMatches: last?.firstHits ?? 0,
      medianMs: round(median(runs.map((r) => r.wholeMs))),
      baselineMs: round(median(cats)),
      ratio: round(median(ratios)),
      ratios: ratios.map(round),
      matches: last?.hits ?? 0,
      parts: last?.parts ?? 0,
      baseline: 'readFileSync of every context file once, warm, in the bench process, before each run',
      target: 'first matches ≤ 1 s; the whole pass ≤ 1.5× the reading',
      meetsTarget: firstMs <= 1000 && median(ratios) <= 1.5,
      runs: runs.length,
    },
  ];
}

/** Every scale figure. */
export async function benchScale(snapshots: number): Promise<BenchResult[]> {
  if (whyStale() !== null) await buildCommands();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-scale-bench-'));
  try {
    const made = makeScaleHome(root, snapshots);
    const env = demoEnv(path.join(root, 'user-home'));
    const demoHome = path.join(APP_ROOT, 'kits', 'demo-home');
    const results = [
      ...cliFigures(env),
      ...(await indexFigures(made.debugDir, snapshots)),
      ...(await searchFigures(made.debugDir, snapshots)),
      ...(await serveFigures(
        env,
        demoHome,
        made.home,
        made.debugDir,
        snapshots,
        makeBigKit(root, BIG_KIT_FILES),
      )),
      ...(await pageFigures(
        (home) => startInspector(env, home),
        demoHome,
        DEMO_SNAPSHOTS,
        made.home,
        snapshots,
      )),
    ];
    return results.map((r) => ({ ...r, madeInMs: Math.round(made.makeMs) }));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
