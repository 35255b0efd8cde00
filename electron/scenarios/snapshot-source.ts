/**
 * Snapshots as a source of scenarios: the list of an eck-debug folder (one listing, no reads)
 * and one snapshot read into a scenario, with its recorded context for comparison.
 */
import path from 'node:path';
import { ApiFailure } from '../../shared/api';
import { debugFileName } from '../../shared/debug-files/names';
import type { DebugFileKind } from '../../shared/debug-files/names';
import type { Roots } from '../../shared/scenarios/reroot';
import { scenarioFromSnapshot } from '../../shared/scenarios/snapshot-scenario';
import type { SnapshotScenarioRead } from '../../shared/api/snapshot-scenario-read';
import type { VarsSnapshot } from '../../shared/scenarios/snapshot-scenario';
import { debugDirOf } from '../history/debug-dir';
import { HistoryIndex, readSnapshotFileIn } from '../history/history-index';
import type { Scenario } from '../../shared/api';
import type { RenderReport } from '../../shared/engine';
import { parseEvolcoreReport } from '../../shared/debug-files/parse-evolcore-report';
import { inferManifest } from '../history/infer-manifest';
import { tooLargeMessage } from '../../shared/api/answer-caps';
import type { TooLarge } from '../../shared/api/answer-caps';

/**
 * Snapshots of the home's eck-debug folder that carry a vars file, newest first: the history
 * index's own listing (one `readdir`, no reads), so both agree on what a snapshot is.
 */
export function listVarsSnapshots(home: string): VarsSnapshot[] {
  const { snapshots } = new HistoryIndex(debugDirOf(home)).refresh(); // No folder: no snapshots.
  const out: VarsSnapshot[] = [];
  for (const s of snapshots) if (s.files.vars !== undefined) out.push({ key: s.key, time: s.time });
  return out.sort((a, b) => b.time - a.time || (b.key < a.key ? -1 : b.key > a.key ? 1 : 0));
}

/** A file's text, `null` when absent, or its marker when over the cap (answer-caps.ts). */
function readKind(dir: string, kind: DebugFileKind, key: string): string | null | { tooLarge: TooLarge } {
  const read = readSnapshotFileIn(dir, key, kind);
  if (read === null) return null;
  if (read.ok) return read.text;
  if (read.tooLarge !== undefined) return { tooLarge: read.tooLarge };
  throw new ApiFailure('read-error', read.error, path.join(dir, debugFileName(kind, key)));
}

/** The text of a file the scenario needs: over the cap is an error naming the file. */
function readNeeded(dir: string, kind: DebugFileKind, key: string): string | null {
  const text = readKind(dir, kind, key);
  if (text === null || typeof text === 'string') return text;
  const file = text.tooLarge.path ?? debugFileName(kind, key);
  throw new ApiFailure('read-error', tooLargeMessage(path.basename(file), text.tooLarge), file);
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
  const varsText = readNeeded(dir, 'vars', key);
  if (varsText === null)
    throw new ApiFailure('not-found', `snapshot ${key} has no vars file`, path.join(dir, `vars-${key}.json`));
  const reportText = readNeeded(dir, 'manifest', key);
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
  const read = readKind(dir, 'context', key);
  // Over the cap the recorded context is not sent: nothing to compare, and the warning says why.
  const context = typeof read === 'object' && read !== null ? null : read;
  if (typeof read === 'object' && read !== null)
    warnings.push(
      `${tooLargeMessage(`context-${key}.md`, read.tooLarge)}: the render is not compared with it`,
    );
  return {
    key,
    scenario,
    recordedContext: context === null && evolcore !== null && read === null ? '' : context,
    recorded: result.recorded,
    rerooted: result.rerooted,
    warnings,
    ...(typeof read === 'object' && read !== null ? { recordedTooLarge: read.tooLarge } : {}),
  };
}
