/**
 * The API handlers of the Vars tab's scenarios: named scenarios in the app's settings folder and
 * scenarios read from the open home's history snapshots.
 */
import type { HandlerTable } from '../api/dispatch';
import type { WorkspaceHost } from '../workspace/workspace-host';
import { appSettingsDir, scenariosFileIn } from './scenarios-dir';
import { ScenarioStore } from './scenario-store';
import { listVarsSnapshots, readSnapshotScenario } from './snapshot-source';
import type { OpenArchive } from './snapshot-source';

/** The methods these handlers serve. */
export type ScenarioMethod =
  | 'listScenarios'
  | 'saveScenario'
  | 'renameScenario'
  | 'deleteScenario'
  | 'listVarsSnapshots'
  | 'readSnapshotScenario';

/** Handlers over the open workspace and a store (default: the app settings folder's). */
export function createScenarioHandlers(
  host: WorkspaceHost,
  store: ScenarioStore = new ScenarioStore(scenariosFileIn(appSettingsDir())),
  /** The open home's archive: its snapshots are scenarios too. */
  openArchive?: OpenArchive,
): Pick<HandlerTable, ScenarioMethod> {
  const roots = () => {
    const { packageRoot, home } = host.current.resolved;
    return { packageRoot: packageRoot.replace(/\\/g, '/'), home: home.replace(/\\/g, '/') };
  };
  return {
    listScenarios: () => store.list(),
    saveScenario: ({ name, scenario, overwrite }) => store.save(name, scenario, overwrite ?? false),
    renameScenario: ({ from, to }) => store.rename(from, to),
    deleteScenario: ({ name }) => {
      store.delete(name);
      return null;
    },
    listVarsSnapshots: () => listVarsSnapshots(host.current.resolved.home, openArchive),
    readSnapshotScenario: ({ key, reroot }) =>
      readSnapshotScenario(
        roots(),
        key,
        reroot,
        (scenario) => host.current.renderScenario(scenario, 'request').report,
        openArchive,
      ),
  };
}
