/**
 * The API handlers of the History tab (issue 7), over the History service and the open workspace.
 */
import path from 'node:path';
import type { HandlerTable } from '../api/dispatch';
import type { HistoryMethodOutputs } from '../../shared/history/history-methods';
import { encodeListing } from '../../shared/history/listing-wire';
import { diffRenders } from '../../shared/history/render-diff';
import { factsOfParsedReport } from '../../shared/history/section-facts';
import type { WorkspaceHost } from '../workspace/workspace-host';
import { appSettingsDir } from '../scenarios/scenarios-dir';
import { ContextSearch } from './context-search';
import type { HistoryService } from './history-service';
import {
  buildBundle,
  openBundle,
  replaySnapshot,
  snapshotScenario,
  whatIf,
  writeBundle,
} from './history-renders';
import type { WorkspaceRender } from './history-renders';
import { readSnapshotDetail } from './snapshot-reads';
import type { SnapshotDetail } from '../../shared/history/history-models';

/**
 * A snapshot's context text; for evolcore's format, which writes no file for an empty context,
 * an absent file is the empty context.
 */
function recordedContext(detail: SnapshotDetail): string | null {
  const file = detail.files.context;
  if (file.ok) return file.text;
  return file.name === null && detail.report?.source === 'evolcore' ? '' : null;
}

/** The methods these handlers serve. */
export type HistoryMethod = keyof HistoryMethodOutputs;

/** Handlers over the service and the host. */
export function createHistoryHandlers(
  host: WorkspaceHost,
  history: HistoryService,
  now: () => number = Date.now,
  bundlesDir: string = path.join(appSettingsDir(), 'bundles'),
): Pick<HandlerTable, HistoryMethod> {
  const search = new ContextSearch();
  history.onRows((keys) => search.invalidate(keys));
  const roots = () => {
    const { packageRoot, home } = host.current.resolved;
    return { packageRoot: packageRoot.replace(/\\/g, '/'), home: home.replace(/\\/g, '/') };
  };
  const render: WorkspaceRender = (scenario, overrideText) =>
    host.current.renderScenario(scenario, 'request', overrideText).report;
  return {
    getHistory: () => encodeListing(history.listing()),
    openHistoryFolder: async ({ dir }) => encodeListing(await history.openFolder(dir)),
    getSnapshot: ({ key }) => readSnapshotDetail(history.current(), key),
    searchSnapshots: ({ query, keys }) => search.search(history.current(), query, keys),
    async diffSnapshots({ a, b }) {
      const index = history.current();
      const [da, db] = await Promise.all([readSnapshotDetail(index, a), readSnapshotDetail(index, b)]);
      const contextA = recordedContext(da);
      const contextB = recordedContext(db);
      const diff = diffRenders({
        varsBefore: da.vars?.vars ?? null,
        varsAfter: db.vars?.vars ?? null,
        factsBefore: da.report ? factsOfParsedReport(da.report, contextA) : null,
        factsAfter: db.report ? factsOfParsedReport(db.report, contextB) : null,
        contextBefore: contextA,
        contextAfter: contextB,
      });
      return { a, b, diff, contextA, contextB };
    },
    replaySnapshot: ({ key, draft }) => replaySnapshot(history.current(), key, roots(), render, draft),
    whatIf: ({ keys, draft }) => whatIf(history.current(), keys, roots(), render, draft),
    async snapshotAsScenario({ key }) {
      const { scenario, rerooted, warnings } = await snapshotScenario(history.current(), key, roots());
      return { scenario, rerooted, warnings };
    },
    async exportBundle({ key, targetPath }) {
      const bundle = await buildBundle(history.current(), key, roots(), now());
      // Default: the app's own folder; the home is evolcore's, the inspector only reads it.
      const target = targetPath ? path.resolve(targetPath) : path.join(bundlesDir, `snapshot-${key}.json`);
      return writeBundle(bundle, target);
    },
    openBundle: ({ path: file }) => openBundle(path.resolve(bundlesDir, file)),
    async cleanOldSnapshots({ hours, confirm }) {
      const r = await history.current().cleanOlderThan(hours, { confirm });
      return { count: r.count, files: r.files.length, deleted: r.deleted, failed: r.failed };
    },
  };
}
