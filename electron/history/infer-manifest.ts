/**
 * The manifest of a snapshot in evolcore's format. evolcore's files record neither the session
 * type nor the manifest file a render used (docs/engine.md §14), so a replay with the default
 * choice would render an auxiliary session's snapshot with the main manifest. The recorded
 * report lists every section of the merged manifest in order, which tells the manifests apart:
 * the first of the package's manifest files whose render lists the same ids is taken.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../../shared/api';
import type { RenderReport } from '../../shared/engine';

/** Renders a scenario against the workspace. */
type Render = (scenario: Scenario) => RenderReport;

/** What the inference found. */
export interface InferredScenario {
  readonly scenario: Scenario;
  /** The render of `scenario`, so the caller need not render it again. */
  readonly report: RenderReport;
  /** A line for the replay's warnings when the manifest was inferred, or could not be. */
  readonly note: string | null;
}

function sameIds(report: RenderReport, ids: readonly string[]): boolean {
  return report.sections.length === ids.length && report.sections.every((s, i) => s.id === ids[i]);
}

/** The `*.json` files of `$PACKAGE_ROOT/kits/`, by name; none when the folder cannot be read. */
function manifestFiles(packageRoot: string): string[] {
  try {
    return readdirSync(path.join(packageRoot, 'kits'))
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The scenario as recorded when its render lists `recordedIds`; else the same vars with the
 * first manifest file of the package that does (forced by name, which renders what the
 * session-type lookup chose); else the scenario unchanged, with a note saying so.
 */
export function inferManifest(
  scenario: Scenario,
  recordedIds: readonly string[],
  packageRoot: string,
  render: Render,
): InferredScenario {
  const report = render(scenario);
  if (sameIds(report, recordedIds)) return { scenario, report, note: null };
  for (const file of manifestFiles(packageRoot)) {
    if (file === report.manifestFile) continue;
    const candidate: Scenario = { ...scenario, manifestFile: file };
    const other = render(candidate);
    if (other.rendered && sameIds(other, recordedIds)) {
      return {
        scenario: candidate,
        report: other,
        note: `evolcore's files do not record the manifest; ${file} lists the recorded sections`,
      };
    }
  }
  return {
    scenario,
    report,
    note: `evolcore's files do not record the manifest, and no manifest of the kit lists the recorded sections; rendered with ${report.manifestFile}`,
  };
}
