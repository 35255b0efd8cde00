/**
 * Snapshots as a source of scenarios: the list of an eck-debug folder (one listing, no reads)
 * and one snapshot read into a scenario, with its recorded context for comparison.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApiFailure } from '../../shared/api';
import { parseDebugFileName } from '../../shared/debug-files/names';
import type { DebugFileKind } from '../../shared/debug-files/names';
import type { Roots } from '../../shared/scenarios/reroot';
import { scenarioFromSnapshot } from '../../shared/scenarios/snapshot-scenario';
import type { SnapshotScenarioRead, VarsSnapshot } from '../../shared/scenarios/snapshot-scenario';
import { debugDirOf } from '../debug/debug-dir';
import type { Scenario } from '../../shared/api';
import type { RenderReport } from '../../shared/engine';
import { parseEvolcoreReport } from '../../shared/debug-files/parse-evolcore-report';
import { inferManifest } from '../history-api/infer-manifest';

/** Snapshots of the home's eck-debug folder that carry a vars file, newest first. */
export function listVarsSnapshots(home: string): VarsSnapshot[] {
  let names: string[];
  try {
    names = fs.readdirSync(debugDirOf(home));
  } catch {
    return []; // No history yet: nothing to load from.
  }
  const out: VarsSnapshot[] = [];
  for (const name of names) {
    const parsed = parseDebugFileName(name);
    if (parsed !== null && parsed.kind === 'vars') out.push({ key: parsed.key, time: parsed.time });
  }
  return out.sort((a, b) => b.time - a.time || (b.key < a.key ? -1 : b.key > a.key ? 1 : 0));
}

const EXT: Readonly<Record<DebugFileKind, string>> = {
  vars: 'json',
  context: 'md',
  fragments: 'md',
  manifest: 'md',
};

function readKind(dir: string, kind: DebugFileKind, key: string): string | null {
  try {
    return fs.readFileSync(path.join(dir, `${kind}-${key}.${EXT[kind]}`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ApiFailure('read-error', String(error), path.join(dir, `${kind}-${key}.${EXT[kind]}`));
  }
}

/**
 * Reads one snapshot into a scenario, re-rooted onto `workspace` when asked. A snapshot in
 * evolcore's format records no manifest choice: with `render`, the kit manifest whose render
 * lists the recorded sections is taken (`infer-manifest.ts`), and an absent context file is the
 * empty context it stands for.
 */
export function readSnapshotScenario(
  workspace: Roots,
  key: string,
  reroot: boolean,
  render?: (scenario: Scenario) => RenderReport,
): SnapshotScenarioRead {
  if (!/^\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d(?:-\d+)?$/.test(key)) {
    throw new ApiFailure('invalid-input', `not a snapshot key: ${key}`);
  }
  const dir = debugDirOf(workspace.home);
  const varsText = readKind(dir, 'vars', key);
  if (varsText === null)
    throw new ApiFailure('not-found', `snapshot ${key} has no vars file`, path.join(dir, `vars-${key}.json`));
  const reportText = readKind(dir, 'manifest', key);
  const result = scenarioFromSnapshot(varsText, reportText, { reroot, workspace });
  if (!result.ok) throw new ApiFailure('read-error', result.error, path.join(dir, `vars-${key}.json`));
  const evolcore = reportText === null ? null : parseEvolcoreReport(reportText);
  let scenario = result.scenario;
  const warnings = [...result.warnings];
  if (evolcore !== null && render !== undefined && scenario.manifestFile === null) {
    const inferred = inferManifest(
      scenario,
      evolcore.sections.map((s) => s.id),
      workspace.packageRoot,
      render,
    );
    scenario = inferred.scenario;
    if (inferred.note !== null) warnings.push(inferred.note);
  }
  const context = readKind(dir, 'context', key);
  return {
    key,
    scenario,
    recordedContext: context === null && evolcore !== null ? '' : context,
    recorded: result.recorded,
    rerooted: result.rerooted,
    warnings,
  };
}
