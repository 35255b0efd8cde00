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
import { HistoryIndex, fileReadOf, readSnapshotFileIn } from '../history/history-index';
import type { Scenario } from '../../shared/api';
import type { RenderReport } from '../../shared/engine';
import { parseEvolcoreReport } from '../../shared/debug-files/parse-evolcore-report';
import { inferManifest } from '../history/infer-manifest';
import { tooLargeMessage } from '../../shared/api/answer-caps';
import type { TooLarge } from '../../shared/api/answer-caps';
import { ArchiveRows } from '../history/archive-rows';
import type { ArchiveReader } from '../history/archive-rows';
import { DEFAULT_NAME_ZONE } from '../../shared/debug-files/names';
import type { SnapshotFileText } from '../../shared/api/history-models';

/** The home's archive as the Vars tab reads it; `null` when the home has none. */
export type OpenArchive = () => (ArchiveReader & { close(): void }) | null;

/** Runs `use` with the archive open (closed after); `null` without one. */
function withArchive<T>(open: OpenArchive | undefined, use: (reader: ArchiveReader | null) => T): T {
  const reader = open?.() ?? null;
  if (reader === null) return use(null);
  try {
    return use(reader);
  } finally {
    reader.close();
  }
}

/**
 * Snapshots of the home that carry a vars file, newest first: the history index's own timeline
 * of the eck-debug folder and the archive (one listing, no reads), so both agree on what a
 * snapshot is, and a snapshot evolcore's cleanup took is still a scenario to load.
 */
export function listVarsSnapshots(home: string, openArchive?: OpenArchive): VarsSnapshot[] {
  const index = new HistoryIndex(debugDirOf(home));
  index.refresh(); // No folder: no snapshots.
  return withArchive(openArchive, (reader) => {
    if (reader !== null) index.attachArchive(reader);
    const out = index.keysWithFile('vars').map((key) => ({ key, time: index.snapshot(key)?.time ?? 0 }));
    return out.sort((a, b) => b.time - a.time || (b.key < a.key ? -1 : b.key > a.key ? 1 : 0));
  });
}

/** A file's text, `null` when absent, or its marker when over the cap (answer-caps.ts). */
function readKind(
  dir: string,
  kind: DebugFileKind,
  key: string,
  archive: ArchiveRows | null,
): string | null | { tooLarge: TooLarge } {
  const read = readSnapshotFileIn(dir, key, kind) ?? archivedRead(archive, kind, key);
  if (read === null) return null;
  if (read.ok) return read.text;
  if (read.tooLarge !== undefined) return { tooLarge: read.tooLarge };
  throw new ApiFailure('read-error', read.error, path.join(dir, debugFileName(kind, key)));
}

/** The archive's copy of a file the folder no longer holds, capped as the folder's; `null`: none. */
function archivedRead(
  archive: ArchiveRows | null,
  kind: DebugFileKind,
  key: string,
): SnapshotFileText | null {
  if (archive === null || !archive.has(key, kind)) return null;
  return fileReadOf(debugFileName(kind, key), archive.read(key, kind));
}

/** The text of a file the scenario needs: over the cap is an error naming the file. */
function readNeeded(
  dir: string,
  kind: DebugFileKind,
  key: string,
  archive: ArchiveRows | null,
): string | null {
  const text = readKind(dir, kind, key, archive);
  if (text === null || typeof text === 'string') return text;
  const file = text.tooLarge.path ?? debugFileName(kind, key);
  throw new ApiFailure('read-error', tooLargeMessage(path.basename(file), text.tooLarge), file);
}

/**
 * Reads one snapshot into a scenario (from the folder, else the archive's copy), re-rooted onto
 * `workspace` when asked. A snapshot in evolcore's format records no manifest choice: with `render`, the kit manifest whose render
 * lists the recorded sections is taken (`infer-manifest.ts`), and an absent context file is the
 * empty context it stands for.
 */
export function readSnapshotScenario(
  workspace: Roots,
  key: string,
  reroot: boolean,
  render?: (scenario: Scenario) => RenderReport,
  openArchive?: OpenArchive,
): SnapshotScenarioRead {
  return withArchive(openArchive, (reader) => {
    const archive = reader === null ? null : new ArchiveRows(reader, DEFAULT_NAME_ZONE);
    archive?.take();
    return readScenario(workspace, key, reroot, archive, render);
  });
}

function readScenario(
  workspace: Roots,
  key: string,
  reroot: boolean,
  archive: ArchiveRows | null,
  render?: (scenario: Scenario) => RenderReport,
): SnapshotScenarioRead {
  if (!/^\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d(?:-\d+)?$/.test(key)) {
    throw new ApiFailure('invalid-input', `not a snapshot key: ${key}`);
  }
  const dir = debugDirOf(workspace.home);
  const varsText = readNeeded(dir, 'vars', key, archive);
  if (varsText === null)
    throw new ApiFailure('not-found', `snapshot ${key} has no vars file`, path.join(dir, `vars-${key}.json`));
  const reportText = readNeeded(dir, 'manifest', key, archive);
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
  const read = readKind(dir, 'context', key, archive);
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
