/**
 * The handlers of every InspectorApi method, over the open workspace.
 *
 * Later issues add their methods here (or in a sibling file spread into this table).
 */
import type { ClaudeProjectService } from '../claude-md/claude-project-service';
import { createArchiveHandlers } from '../archive/archive-handlers';
import { createClaudeProjectHandlers } from '../claude-md/claude-project-handlers';
import { createHistoryHandlers } from '../history/history-handlers';
import type { HistoryHandlerOptions } from '../history/history-handlers';
import type { HistoryService } from '../history/history-service';
import { createOverrideHandlers } from '../overrides/override-handlers';
import { createScenarioHandlers } from '../scenarios/scenario-handlers';
import { heldOpen } from '../archive/shared-archive-reader';
import type { SharedArchiveReader } from '../archive/shared-archive-reader';
import { createVerifyHandlers } from '../verify/verify-handlers';
import { createVersionHandlers } from '../versions/version-handlers';
import { VersionStore } from '../versions/version-store';
import { appSettingsDir } from '../scenarios/scenarios-dir';
import type { WorkspaceHost } from '../workspace/workspace-host';
import type { HandlerTable } from './dispatch';
import type { PathOpener } from './open-in-editor';
import { openInEditor } from './open-in-editor';
import { capRenderResult } from './render-caps';

/** The handler table of the API, bound to a workspace host. */
export function createHandlers(
  host: WorkspaceHost,
  opener: PathOpener | null,
  claude: ClaudeProjectService,
  history: HistoryService,
  archives: SharedArchiveReader,
  writes: HistoryHandlerOptions,
): HandlerTable {
  // The override's kept versions, in the settings folder, through the write scope.
  const versions = new VersionStore({
    settingsDir: writes.settingsDir ?? (() => appSettingsDir()),
    scope: writes.scope,
  });
  return {
    getWorkspace: () => host.current.info(),
    openWorkspace: (input) => host.open(input, true),
    listAgents: () => host.current.info().agents,
    getScenario: () => host.current.scenario,
    // The render itself reaches the window as the pushed onDidRender.
    setScenario: (scenario) => ({ seq: host.current.setScenario(scenario).seq }),
    // Renders leave capped (render-caps.ts): a var of 4 MiB is carried in five places.
    render: (scenario) => capRenderResult(host.current.renderScenario(scenario)),
    getLastRender: () => {
      const last = host.current.lastRender;
      return last === null ? null : capRenderResult(last);
    },
    getFile: ({ path }) => host.current.readFile(path),
    openInEditor: ({ path }) => openInEditor(host.current.resolved, path, opener),
    ...createScenarioHandlers(host, undefined, () => heldOpen(archives.now())),
    ...createOverrideHandlers(host, writes.scope, versions),
    ...createVersionHandlers(host, versions, writes.scope),
    ...createClaudeProjectHandlers(claude),
    ...createHistoryHandlers(host, history, writes),
    ...createVerifyHandlers(host, claude),
    ...createArchiveHandlers(host, writes.settingsDir ?? appSettingsDir, archives),
  };
}
