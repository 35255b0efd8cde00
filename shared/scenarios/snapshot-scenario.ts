/**
 * A scenario from a history snapshot: its `vars-<ts>.json` (any lenient shape) plus what its
 * `manifest-<ts>.md` says about the session type and the manifest file, optionally re-rooted
 * onto the open workspace.
 */
import type { Scenario } from './scenario';
import { parseManifestReport } from '../debug-files/parse-manifest-report';
import type { ParsedManifestReport } from '../debug-files/parse-manifest-report';
import { describeFailure } from '../debug-files/parse-result';
import { parseVarsFile } from '../debug-files/parse-vars';
import type { VarsFileShape } from '../debug-files/parse-vars';
import type { Roots } from './reroot';
import { dropDerivablePathVars, recordedRoots, rerootVars } from './reroot';

/** One snapshot of the home's history that has a vars file (the Vars tab's "load from snapshot" list). */
export interface VarsSnapshot {
  readonly key: string;
  readonly time: number;
}

/** How to turn the snapshot into a scenario. */
export interface SnapshotScenarioOptions {
  /** Map the recorded roots onto `workspace`; otherwise the recorded paths are kept as they are. */
  readonly reroot: boolean;
  readonly workspace: Roots;
}

/** The scenario read from a snapshot, or why not. */
export type SnapshotScenario =
  | {
      readonly ok: true;
      readonly scenario: Scenario;
      readonly shape: VarsFileShape;
      /** The roots it was recorded under (`null` where nothing told). */
      readonly recorded: { readonly packageRoot: string | null; readonly home: string | null };
      /** Path vars whose value was mapped onto the workspace. */
      readonly rerooted: readonly string[];
      readonly warnings: readonly string[];
    }
  | { readonly ok: false; readonly error: string };

/** The manifest choice the report recorded: forced by name, or chosen by the session type. */
function manifestChoice(report: ParsedManifestReport | null): Pick<Scenario, 'sessionType' | 'manifestFile'> {
  if (report === null) return { sessionType: 'main', manifestFile: null };
  const sessionType = report.sessionType !== null && report.sessionType !== '' ? report.sessionType : 'main';
  const file = report.manifestFile;
  const source = report.summary?.manifestSource ?? null;
  // Forced (`--manifest`, evolcore's message queue) replays forced; a file the lookup chose is
  // left to the lookup again, so the scenario follows the session type like the original did.
  // Without a summary we cannot tell: forcing a non-default file reproduces the render either way.
  const forced = source === 'forced' || (source === null && file !== null && file !== 'eck_manifest.json');
  const valid = file !== null && /^[^/\\]+\.json$/.test(file);
  return { sessionType, manifestFile: forced && valid ? file : null };
}

/** Reads a snapshot's vars (and report) into a scenario. Never throws. */
export function scenarioFromSnapshot(
  varsText: string,
  reportText: string | null,
  options: SnapshotScenarioOptions,
): SnapshotScenario {
  const parsed = parseVarsFile(varsText);
  if (!parsed.ok) return { ok: false, error: `vars file: ${describeFailure(parsed)}` };
  const warnings = [...parsed.warnings];
  let report: ParsedManifestReport | null = null;
  if (reportText === null) {
    warnings.push('no manifest report: session type main, manifest chosen by the engine');
  } else {
    const read = parseManifestReport(reportText);
    if (read.ok) report = read.value;
    else warnings.push(`manifest report unreadable (${describeFailure(read)}): session type main`);
  }
  const choice = manifestChoice(report);
  const recorded = recordedRoots(parsed.value.vars, {
    basePath: report?.summary?.basePath ?? null,
    overridePath: report?.summary?.overridePath ?? null,
  });
  let vars: Record<string, unknown> = { ...parsed.value.vars };
  let rerooted: readonly string[] = [];
  if (options.reroot) {
    if (recorded.packageRoot === null) warnings.push('the recorded package root is unknown; kit paths kept');
    if (recorded.home === null) warnings.push('the recorded home is unknown; home paths kept');
    const result = rerootVars(vars, {
      fromPackageRoot: recorded.packageRoot,
      fromHome: recorded.home,
      toPackageRoot: options.workspace.packageRoot,
      toHome: options.workspace.home,
    });
    rerooted = result.changed;
    vars = dropDerivablePathVars(result.vars, options.workspace);
  }
  return {
    ok: true,
    scenario: { presetId: null, vars, ...choice },
    shape: parsed.value.shape,
    recorded,
    rerooted,
    warnings,
  };
}
