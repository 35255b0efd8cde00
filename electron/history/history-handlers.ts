/**
 * The API handlers of the History tab, over the History service and the open workspace.
 */
import path from 'node:path';
import type { HandlerTable } from '../api/dispatch';
import type { HistoryMethodOutputs } from '../../shared/api/methods/history';
import type { WorkspaceHost } from '../workspace/workspace-host';
import { ApiFailure } from '../../shared/api';
import { appSettingsDir } from '../scenarios/scenarios-dir';
import type { WriteScope, WriteTarget } from '../services/write-scope';
import { OutsideWorkspaceError, realPathOf } from '../services/write-scope';
import { ContextSearch } from './context-search';
import type { HistoryService } from './history-service';
import type { BundleDownloads } from './bundle-downloads';
import {
  buildBundle,
  bundleText,
  openBundle,
  replaySnapshot,
  snapshotScenario,
  whatIf,
  writeBundle,
} from './history-renders';
import type { WorkspaceRender } from './history-renders';
import { readSnapshotDetail } from './snapshot-reads';
import { diffSnapshots } from './snapshot-diff';
import { BUNDLES_FOLDER } from './bundles-dir';

/** The methods these handlers serve. */
export type HistoryMethod = keyof HistoryMethodOutputs;

/** What the History handlers need besides the service and the host. */
export interface HistoryHandlerOptions {
  /** Where writes and deletes may go (write-scope.ts). */
  readonly scope: WriteScope;
  readonly now?: () => number;
  /** The app's settings folder (default `appSettingsDir()`, read at each call). */
  readonly settingsDir?: () => string;
  /**
   * The desktop app's save dialog: the path a user picks there is the one target outside
   * `bundles/` an export may write (`exportBundle` with `saveAs`). `null`: cancelled.
   */
  readonly chooseSaveTarget?: (suggested: string) => Promise<string | null>;
  /**
   * `serve`'s downloads: without a save dialog, an export with `saveAs` writes no file and
   * offers the bundle here for the page to fetch once (bundle-downloads.ts).
   */
  readonly downloads?: BundleDownloads;
}

/** Handlers over the service and the host. */
export function createHistoryHandlers(
  host: WorkspaceHost,
  history: HistoryService,
  options: HistoryHandlerOptions,
): Pick<HandlerTable, HistoryMethod> {
  const { scope } = options;
  const now = options.now ?? Date.now;
  const bundlesDir = (): string => path.join((options.settingsDir ?? appSettingsDir)(), BUNDLES_FOLDER);
  const search = new ContextSearch();
  history.onRows((keys) => search.invalidate(keys));
  const roots = () => {
    const { packageRoot, home, product } = host.current.resolved;
    return { packageRoot: packageRoot.replace(/\\/g, '/'), home: home.replace(/\\/g, '/'), product };
  };
  const render: WorkspaceRender = (scenario, overrideText) =>
    host.current.renderScenario(scenario, 'request', overrideText).report;
  /** The export running now; `cancelExport` marks it, and it stops at its next checkpoint. */
  let exportRun: { cancelled: boolean } | null = null;
  /** A turn of the event loop (so a `cancelExport` sent meanwhile is heard), then stop if told to. */
  async function exportCheckpoint(run: { readonly cancelled: boolean }): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (run.cancelled) throw new ApiFailure('cancelled', 'the export was cancelled; nothing was written');
  }
  /**
   * Where a bundle goes: the settings folder's `bundles/` (the home is evolcore's, the
   * inspector only reads it), or the one file the user picked in the save dialog.
   */
  async function bundleTarget(
    key: string,
    targetPath: string | undefined,
    saveAs: boolean,
  ): Promise<WriteTarget> {
    const suggested = path.join(bundlesDir(), `snapshot-${key}.json`);
    if (saveAs && options.chooseSaveTarget !== undefined) {
      const chosen = await options.chooseSaveTarget(suggested);
      if (chosen === null) throw new ApiFailure('cancelled', 'no file was chosen; nothing was written');
      scope.grantOnce(chosen);
      return scope.writeTargetIn(BUNDLES_FOLDER, chosen);
    }
    // Relative to bundles/, never to the process's working folder.
    return scope.writeTargetIn(
      BUNDLES_FOLDER,
      targetPath === undefined ? suggested : path.resolve(bundlesDir(), targetPath),
    );
  }
  return {
    getHistory: () => history.wireListing(),
    openHistoryFolder: async ({ dir }) => {
      await history.openFolder(dir);
      return history.wireListing();
    },
    historyIndexing: ({ run }) => history.indexing(run),
    getSnapshot: ({ key }) => readSnapshotDetail(history.current(), key),
    searchSnapshots: ({ query, keys, from, budgetMs }) =>
      search.search(history.current(), query, keys, from, budgetMs),
    diffSnapshots: ({ a, b }) => diffSnapshots(history.current(), a, b),
    replaySnapshot: ({ key, draft }) => replaySnapshot(history.current(), key, roots(), render, draft),
    whatIf: ({ keys, draft }) => whatIf(history.current(), keys, roots(), render, draft),
    async snapshotAsScenario({ key }) {
      const { scenario, rerooted, warnings } = await snapshotScenario(history.current(), key, roots());
      return { scenario, rerooted, warnings };
    },
    async exportBundle({ key, targetPath, saveAs }) {
      const run = { cancelled: false };
      exportRun = run;
      try {
        const downloads = options.downloads;
        if (saveAs === true && options.chooseSaveTarget === undefined && downloads !== undefined) {
          await exportCheckpoint(run);
          const bundle = await buildBundle(history.current(), key, roots(), now());
          await exportCheckpoint(run);
          const download = downloads.offer(`snapshot-${key}.json`, bundleText(bundle));
          return { path: null, download, bytes: download.bytes, files: Object.keys(bundle.tree).length };
        }
        const target = await bundleTarget(key, targetPath, saveAs === true);
        await exportCheckpoint(run);
        const bundle = await buildBundle(history.current(), key, roots(), now());
        await exportCheckpoint(run);
        // The write is one synchronous step: a cancel heard after the last checkpoint finds the
        // export already done (cancelExport then answers `cancelled: false`).
        return { ...writeBundle(bundle, target), download: null };
      } finally {
        if (exportRun === run) exportRun = null;
      }
    },
    cancelExport() {
      if (exportRun === null) return { cancelled: false };
      exportRun.cancelled = true;
      return { cancelled: true };
    },
    // Reading a bundle is allowed anywhere (README: "re-renders a bundle from its own files, anywhere").
    openBundle: ({ path: file }) => openBundle(path.resolve(bundlesDir(), file)),
    async cleanOldSnapshots({ hours, confirm, cutoff }) {
      const index = history.current();
      if (confirm) {
        // The whole clean is refused when the home's eck-debug is (or is behind) a link leading
        // out of the real home: those snapshots are not the home's to delete.
        const debug = scope.deleteRoot();
        // Another history folder is opened for reading only: deleting is for the home's eck-debug.
        if (realPathOf(index.dir) !== debug) {
          throw new OutsideWorkspaceError({
            action: 'clean',
            path: index.dir,
            why: 'outside',
            allowed: [{ kind: 'debug', path: debug }],
          });
        }
      }
      const r = await index.cleanOlderThan(hours, {
        confirm,
        canDelete: (file) => scope.deletable(file),
        ...(cutoff === undefined ? {} : { cutoff }),
      });
      return {
        count: r.count,
        files: r.files.length,
        basis: 'mtime',
        bytes: r.bytes,
        oldest: r.oldest,
        newest: r.newest,
        cutoff: r.cutoff,
        deleted: r.deleted,
        failed: r.failed,
      };
    },
  };
}
