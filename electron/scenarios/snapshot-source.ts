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

/** Reads one snapshot into a scenario, re-rooted onto `workspace` when asked. */
export function readSnapshotScenario(workspace: Roots, key: string, reroot: boolean): SnapshotScenarioRead {
  if (!/^\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d(?:-\d+)?$/.test(key)) {
    throw new ApiFailure('invalid-input', `not a snapshot key: ${key}`);
  }
  const dir = debugDirOf(workspace.home);
  const varsText = readKind(dir, 'vars', key);
  if (varsText === null)
    throw new ApiFailure('not-found', `snapshot ${key} has no vars file`, path.join(dir, `vars-${key}.json`));
  const result = scenarioFromSnapshot(varsText, readKind(dir, 'manifest', key), { reroot, workspace });
  if (!result.ok) throw new ApiFailure('read-error', result.error, path.join(dir, `vars-${key}.json`));
  return {
    key,
    scenario: result.scenario,
    recordedContext: readKind(dir, 'context', key),
    recorded: result.recorded,
    rerooted: result.rerooted,
    warnings: result.warnings,
  };
}
