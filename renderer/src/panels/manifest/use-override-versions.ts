/**
 * The kept versions of the override shown: the list, read again whenever the file on
 * disk changes (its hash), the selected version's diff and render effect, and a restore. Local to
 * the Manifest tab's versions list; nothing else reads it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiError, InspectorApi, Scenario } from '../../../../shared/api';
import type { SaveOverrideResult } from '../../../../shared/override/override-file';
import type { OverrideVersionList, OverrideVersionRead } from '../../../../shared/override/override-versions';

/** What the list shows. */
export interface OverrideVersionsState {
  readonly list: OverrideVersionList | null;
  readonly listError: ApiError | null;
  readonly selected: string | null;
  readonly read: OverrideVersionRead | null;
  readonly readError: ApiError | null;
  readonly restoring: boolean;
  readonly restored: { readonly result: SaveOverrideResult; readonly keptAt: number } | null;
  readonly restoreError: ApiError | null;
  select(id: string): void;
  restore(): Promise<void>;
}

/** The versions of `manifestFile`; `currentHash` is the file on disk as the tab knows it. */
export function useOverrideVersions(
  api: InspectorApi,
  manifestFile: string,
  currentHash: string | null,
  scenario: Scenario | null,
  onRestored: () => void,
): OverrideVersionsState {
  const [list, setList] = useState<OverrideVersionList | null>(null);
  const [listError, setListError] = useState<ApiError | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [read, setRead] = useState<OverrideVersionRead | null>(null);
  const [readError, setReadError] = useState<ApiError | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [restored, setRestored] = useState<OverrideVersionsState['restored']>(null);
  const [restoreError, setRestoreError] = useState<ApiError | null>(null);
  const [listSalt, setListSalt] = useState(0);

  useEffect(() => {
    let live = true;
    void api.listOverrideVersions({ manifestFile }).then((r) => {
      if (!live) return;
      if (r.ok) {
        setList(r.value);
        setListError(null);
      } else setListError(r.error);
    });
    return () => {
      live = false;
    };
  }, [api, manifestFile, currentHash, listSalt]);

  // The selected version against the file now: read again when either changes.
  useEffect(() => {
    // Nothing selected: the old read stays but is not shown (the view matches it to the selection).
    if (selected === null || scenario === null) return;
    let live = true;
    void api.readOverrideVersion({ manifestFile, id: selected, scenario }).then((r) => {
      if (!live) return;
      if (r.ok) {
        setRead(r.value);
        setReadError(null);
      } else {
        setRead(null);
        setReadError(r.error);
      }
    });
    return () => {
      live = false;
    };
  }, [api, manifestFile, selected, scenario, currentHash]);

  const select = useCallback((id: string) => {
    setSelected(id);
    setRestored(null);
    setRestoreError(null);
  }, []);

  const restore = useCallback(async () => {
    if (selected === null || list === null || restoring) return;
    const keptAt = list.versions.find((v) => v.id === selected)?.keptAt ?? 0;
    setRestoring(true);
    setRestoreError(null);
    const r = await api.restoreOverrideVersion({
      manifestFile,
      id: selected,
      expectedHash: list.currentHash,
    });
    setRestoring(false);
    if (!r.ok) {
      setRestoreError(r.error);
      return;
    }
    setRestored({ result: r.value, keptAt });
    // A conflict: the list is stale; a save: the file changed. Either way read it again.
    setListSalt((n) => n + 1);
    if (r.value.kind === 'saved') onRestored();
  }, [api, manifestFile, selected, list, restoring, onRestored]);

  return { list, listError, selected, read, readError, restoring, restored, restoreError, select, restore };
}
