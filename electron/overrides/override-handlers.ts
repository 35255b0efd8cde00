/**
 * The API handlers of the Manifest tab: load a manifest file pair, render with a draft, save.
 */
import { ApiFailure } from '../../shared/api/errors';
import type { HandlerTable } from '../api/dispatch';
import type { WorkspaceHost } from '../workspace/workspace-host';
import type { WriteScope } from '../services/write-scope';
import { OutsideEckError } from './override-paths';
import type { OverrideStoreContext } from './override-store';
import { loadManifestPair, saveOverride } from './override-store';
import { capRenderResult } from '../api/render-caps';
import { MAX_ANSWER_BYTES } from '../../shared/api/answer-caps';
import type { VersionStore } from '../versions/version-store';

/** The methods these handlers serve. */
export type OverrideMethod = 'loadManifestPair' | 'renderDraft' | 'saveOverride';

/** Turns a refused path into the API's `outside-workspace` error. */
function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof OutsideEckError)
      throw new ApiFailure('outside-workspace', error.message, error.path, error.refusal);
    throw error;
  }
}

/** Handlers over the open workspace. */
export function createOverrideHandlers(
  host: WorkspaceHost,
  scope?: WriteScope,
  /** Where a save keeps the file it replaces. */
  versions?: VersionStore,
): Pick<HandlerTable, OverrideMethod> {
  const context = (): OverrideStoreContext => {
    const ws = host.current;
    return {
      home: ws.resolved.home,
      packageRoot: ws.resolved.packageRoot,
      engineCheck: (manifestFile, text) =>
        ws.renderScenario({ ...ws.scenario, manifestFile }, 'request', text).report.diagnostics,
    };
  };
  return {
    loadManifestPair: ({ manifestFile }) => guarded(() => loadManifestPair(context(), manifestFile)),
    renderDraft: ({ scenario, manifestFile, overrideText }) => {
      const ws = host.current;
      const forced = { ...scenario, manifestFile };
      // Two renders in one answer: each may take half of it (answer-caps.ts).
      const half = MAX_ANSWER_BYTES / 2;
      return {
        saved: capRenderResult(ws.renderScenario(forced, 'request'), half),
        draft:
          overrideText === undefined
            ? null
            : capRenderResult(ws.renderScenario(forced, 'request', overrideText), half),
      };
    },
    saveOverride: (request) => {
      // overridePathFor keeps it in $ECK; the scope is the app-wide rule (home, settings) on top.
      const result = guarded(() =>
        saveOverride(
          {
            ...context(),
            ...(scope === undefined ? {} : { scope }),
            ...(versions === undefined ? {} : { versions: { store: versions, reason: 'save' as const } }),
          },
          request,
        ),
      );
      if (result.kind === 'saved') {
        // Do not wait for the watcher: the Timeline must show the saved override at once.
        host.current.handleDiskBurst([
          result.path,
          ...(result.backupPath === null ? [] : [result.backupPath]),
        ]);
      }
      return result;
    },
  };
}
