/**
 * Verify over History: the N newest snapshots of the home's eck-debug, each replayed
 * as a scenario of the open workspace (re-rooted, as History's replay does) and rendered by our
 * engine and by the installed one — all in one boxed process, the engine loaded once as in a
 * running evolcore — then counted: identical, different (with the first line and the sections),
 * failed in the installed engine, or not replayable.
 */
import path from 'node:path';
import type { RenderInput, RenderReport } from '../../shared/engine';
import { renderContext } from '../../shared/engine';
import type { Scenario } from '../../shared/api';
import type { SnapshotVerifyVerdict } from '../../shared/api/methods/verify';
import { compareWithReport } from '../../shared/verify/compare-contexts';
import { listVarsSnapshots, readSnapshotScenario } from '../scenarios/snapshot-source';
import { createNodeFs } from '../services/node-fs';
import { findInstalledEngine, type EngineLookup } from './find-engine';
import { runInstalledEngineBatch } from './run-installed-engine';

/** One snapshot's verdict (the API's type). */
export type SnapshotVerdict = SnapshotVerifyVerdict;

/** The counts and each snapshot's verdict, newest first. */
export type HistoryVerify =
  | { readonly kind: 'no-engine'; readonly lookup: Extract<EngineLookup, { found: false }> }
  | { readonly kind: 'engine-failed'; readonly message: string; readonly ms: number }
  | {
      readonly kind: 'verified';
      readonly engine: { readonly file: string; readonly name: string; readonly version: string | null };
      readonly checked: number;
      readonly identical: number;
      readonly verdicts: readonly SnapshotVerdict[];
      readonly ms: number;
    };

/** The longest a batch may take: a few seconds per snapshot, at most two minutes. */
function batchTimeout(count: number, given: number | undefined): number {
  return given ?? Math.min(120_000, 10_000 + count * 2_000);
}

/**
 * Verifies snapshots of `base.home` against the installed engine: the first `count` of
 * `options.keys` when given (the rows a filtered table shows), else the `count` newest.
 */
export async function verifyHistory(
  base: Pick<RenderInput, 'packageRoot' | 'home' | 'product'>,
  count: number,
  options: {
    readonly engineFile?: string;
    readonly timeoutMs?: number;
    readonly keys?: readonly string[];
  } = {},
): Promise<HistoryVerify> {
  const packageRoot = path.resolve(base.packageRoot);
  const home = path.resolve(base.home);
  const lookup = findInstalledEngine(packageRoot, options.engineFile);
  if (!lookup.found) return { kind: 'no-engine', lookup };
  const fs = createNodeFs();
  const inputOf = (scenario: Scenario): RenderInput => ({
    packageRoot: base.packageRoot,
    home: base.home,
    ...(base.product === undefined ? {} : { product: base.product }),
    vars: scenario.vars,
    sessionType: scenario.sessionType,
    ...(scenario.manifestFile === null ? {} : { manifestFile: scenario.manifestFile }),
  });
  const render = (scenario: Scenario): RenderReport => renderContext(inputOf(scenario), fs);
  const roots = { packageRoot, home, ...(base.product === undefined ? {} : { product: base.product }) };
  const replayed: { key: string; report: RenderReport }[] = [];
  const verdicts: SnapshotVerdict[] = [];
  const keys = options.keys ?? listVarsSnapshots(home).map((s) => s.key);
  for (const key of keys.slice(0, count)) {
    try {
      const read = readSnapshotScenario(roots, key, true, render);
      replayed.push({ key, report: render(read.scenario) });
    } catch (error) {
      verdicts.push({
        key,
        kind: 'not-replayable',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const batch = await runInstalledEngineBatch({
    engineFile: lookup.file,
    userHome: home,
    renders: replayed.map(({ report }) => ({
      vars: report.vars,
      sessionId: String(report.vars['sessionId'] ?? 'eck-verify'),
      manifestFile: report.manifestFile,
    })),
    timeoutMs: batchTimeout(replayed.length, options.timeoutMs),
  });
  if (!batch.ok) return { kind: 'engine-failed', message: batch.message, ms: batch.ms };
  replayed.forEach(({ key, report }, i) => {
    const theirs = batch.results[i];
    const oursFailed = report.failure !== null || !report.rendered;
    if (theirs === undefined || !theirs.ok) {
      verdicts.push({ key, kind: 'engine-failed', message: theirs?.message ?? 'no answer', oursFailed });
      return;
    }
    const c = compareWithReport(report, theirs.context);
    verdicts.push(
      c.identical
        ? { key, kind: 'identical' }
        : { key, kind: 'different', firstLine: c.firstLine, sections: c.sections },
    );
  });
  verdicts.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  return {
    kind: 'verified',
    engine: {
      file: path.relative(packageRoot, lookup.file),
      name: lookup.product.name,
      version: lookup.product.version,
    },
    checked: verdicts.length,
    // A render evolcore fails and the inspector shows as failed agrees too.
    identical: verdicts.filter((v) => v.kind === 'identical' || (v.kind === 'engine-failed' && v.oursFailed))
      .length,
    verdicts,
    ms: batch.ms,
  };
}
