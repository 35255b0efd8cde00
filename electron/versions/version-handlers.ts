/**
 * The API handlers of the override's kept versions: list, read one against the file
 * now (text diff and render effect), restore one through the same save as the Manifest tab's.
 */
import { ApiFailure } from '../../shared/api/errors';
import { MAX_SHOWN_TEXT_BYTES, tooLargeMessage, tooLarge } from '../../shared/api/answer-caps';
import { compareRenders } from '../../shared/override/draft-compare';
import { overrideChange } from '../../shared/override/override-change';
import type { OverrideVersion } from '../../shared/override/override-versions';
import type { HandlerTable } from '../api/dispatch';
import { OutsideEckError, overridePathFor } from '../overrides/override-paths';
import { loadManifestPair, readOverrideOnDisk, saveOverride } from '../overrides/override-store';
import type { WriteScope } from '../services/write-scope';
import type { WorkspaceHost } from '../workspace/workspace-host';
import type { StoredVersion, VersionStore } from './version-store';
import { KEEP_COUNT, KEEP_DAYS } from './version-store';

/** The methods these handlers serve. */
export type VersionMethod = 'listOverrideVersions' | 'readOverrideVersion' | 'restoreOverrideVersion';

function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof OutsideEckError)
      throw new ApiFailure('outside-workspace', error.message, error.path, error.refusal);
    throw error;
  }
}

const listed = (v: StoredVersion, currentHash: string | null): OverrideVersion => ({
  ...v.meta,
  current: v.meta.hash === currentHash,
});

/** Handlers over the open workspace's home. */
export function createVersionHandlers(
  host: WorkspaceHost,
  store: VersionStore,
  scope?: WriteScope,
): Pick<HandlerTable, VersionMethod> {
  const home = (): string => host.current.resolved.home;
  const find = (manifestFile: string, id: string): StoredVersion => {
    const v = store.read(home(), manifestFile, id);
    if (v === null)
      throw new ApiFailure(
        'not-found',
        `no kept version ${id} of ${manifestFile}`,
        store.folderOf(home(), manifestFile),
      );
    return v;
  };
  return {
    listOverrideVersions: ({ manifestFile }) =>
      guarded(() => {
        const overridePath = overridePathFor(home(), manifestFile);
        const currentHash = readOverrideOnDisk(overridePath)?.hash ?? null;
        return {
          manifestFile,
          overridePath,
          versions: store.list(home(), manifestFile).map((v) => listed(v, currentHash)),
          currentHash,
          keepCount: KEEP_COUNT,
          keepDays: KEEP_DAYS,
        };
      }),
    readOverrideVersion: ({ manifestFile, id, scenario }) =>
      guarded(() => {
        const v = find(manifestFile, id);
        // The answer carries two texts: each within the per-text cap (answer-caps.ts).
        if (v.meta.bytes > MAX_SHOWN_TEXT_BYTES) {
          const path = store.folderOf(home(), manifestFile);
          throw new ApiFailure(
            'read-error',
            tooLargeMessage(`version ${id}`, tooLarge(v.meta.bytes, MAX_SHOWN_TEXT_BYTES)),
            path,
          );
        }
        const ws = host.current;
        const pair = loadManifestPair({ home: home(), packageRoot: ws.resolved.packageRoot }, manifestFile);
        const currentText = pair.override?.text ?? null;
        const forced = { ...scenario, manifestFile };
        const now = ws.renderScenario(forced, 'request').report;
        const restored = ws.renderScenario(forced, 'request', v.text).report;
        const compared = compareRenders(now, restored);
        return {
          version: listed(v, pair.override?.hash ?? null),
          text: v.text,
          currentText,
          change: overrideChange(currentText, v.text, pair.baseText),
          sections: compared.changes,
          contextBytesNow: compared.contextBytesBefore,
          contextBytesRestored: compared.contextBytesAfter,
        };
      }),
    restoreOverrideVersion: ({ manifestFile, id, expectedHash }) => {
      const v = guarded(() => find(manifestFile, id));
      const ws = host.current;
      const result = guarded(() =>
        saveOverride(
          {
            home: ws.resolved.home,
            packageRoot: ws.resolved.packageRoot,
            engineCheck: (file, text) =>
              ws.renderScenario({ ...ws.scenario, manifestFile: file }, 'request', text).report.diagnostics,
            ...(scope === undefined ? {} : { scope }),
            // The file a restore replaces is kept too: the restore is itself undoable.
            versions: { store, reason: 'restore' },
          },
          { manifestFile, text: v.text, expectedHash, force: false },
        ),
      );
      if (result.kind === 'saved')
        ws.handleDiskBurst([result.path, ...(result.backupPath === null ? [] : [result.backupPath])]);
      return result;
    },
  };
}
