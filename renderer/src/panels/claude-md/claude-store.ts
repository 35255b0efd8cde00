/**
 * The window's Claude Code project state, outside the panel so the workspace bar and the view
 * share it: which kind of workspace is shown, the latest assembly the main side pushed, the
 * selected file and its text. Actions call the main side and keep errors as values.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { ApiError, InspectorApi } from '../../../../shared/api';
import type { ClaudeAssembly, ClaudeFileText } from '../../../../shared/api/methods/claude-project';
import type { ClaudeOptionsPatch } from './options-patch';

/** The kinds of workspace the bar switches between. */
export type WorkspaceKind = 'eck' | 'claude';

/** Which half of the view is shown. */
export type ClaudeView = 'files' | 'text';

/** The text of the selected file, while loading, or why it failed. */
export type ClaudeFileState =
  | { readonly kind: 'loading'; readonly path: string }
  | { readonly kind: 'text'; readonly file: ClaudeFileText }
  | { readonly kind: 'error'; readonly path: string; readonly error: ApiError };

/** State and actions. */
export interface ClaudeProjectState {
  readonly kind: WorkspaceKind;
  readonly assembly: ClaudeAssembly | null;
  /** Opening or re-assembling on request. */
  readonly busy: boolean;
  /** The last failed request (a missing folder…); cleared by the next success. */
  readonly error: ApiError | null;
  /** Path of the selected file (stable across re-assemblies, unlike its index). */
  readonly selected: string | null;
  readonly view: ClaudeView;
  readonly file: ClaudeFileState | null;
  /** The latest assembly that followed a change on disk, for the status bar. */
  readonly lastDisk: ClaudeAssembly | null;
  setKind(api: InspectorApi, kind: WorkspaceKind): Promise<void>;
  open(api: InspectorApi, cwd: string): Promise<void>;
  setOptions(api: InspectorApi, patch: ClaudeOptionsPatch): Promise<void>;
  /** Takes an assembly from a method or a pushed event (older ones are dropped). */
  apply(assembly: ClaudeAssembly): void;
  /**
   * A pushed assembly: a project is open on the main side, perhaps opened from outside this
   * window (Electron's File menu, another tab of serve), so the window shows it; except while
   * this window is closing the project (pushes sent before the close are still arriving).
   */
  received(assembly: ClaudeAssembly): void;
  /** Asks the main side for an open project (start-up, reconnect); shows it if there is one. */
  restore(api: InspectorApi): Promise<void>;
  select(api: InspectorApi, path: string | null): Promise<void>;
  setView(view: ClaudeView): void;
}

/** The pure update of `apply`: a newer assembly replaces the shown one; an older one is dropped. */
export function nextAssembly(
  current: ClaudeAssembly | null,
  incoming: ClaudeAssembly,
): ClaudeAssembly | null {
  if (current !== null && incoming.seq <= current.seq) return current;
  return incoming;
}

/** Creates a store (one per window; tests make their own). */
export function createClaudeStore(): StoreApi<ClaudeProjectState> {
  return createStore<ClaudeProjectState>()((set, get) => {
    const loadFile = async (api: InspectorApi, path: string): Promise<void> => {
      // Reloading the shown file (an edit on disk) keeps its text until the new one arrives, so the
      // editor updates in place instead of being rebuilt.
      const shown = get().file;
      if (!(shown?.kind === 'text' && shown.file.path === path)) set({ file: { kind: 'loading', path } });
      const result = await api.readClaudeFile({ path });
      if (get().selected !== path) return;
      set({
        file: result.ok ? { kind: 'text', file: result.value } : { kind: 'error', path, error: result.error },
      });
    };
    const after = (api: InspectorApi, previous: ClaudeAssembly | null): void => {
      // A re-assembly after an edit: the selected file's text may have changed too.
      const { selected, assembly } = get();
      if (selected === null || assembly === previous) return;
      if (!(assembly?.report.files.some((f) => f.path === selected) ?? false)) {
        set({ selected: null, file: null });
        return;
      }
      void loadFile(api, selected);
    };
    let boundApi: InspectorApi | null = null;
    let closing = false;
    return {
      kind: 'eck',
      assembly: null,
      busy: false,
      error: null,
      selected: null,
      view: 'files',
      file: null,
      lastDisk: null,
      async setKind(api, kind) {
        if (kind === get().kind) return;
        set({ kind, error: null });
        if (kind === 'eck' && get().assembly !== null) {
          // Back to ECK: stop watching the project on the main side.
          set({ assembly: null, selected: null, file: null, lastDisk: null });
          closing = true;
          try {
            await api.closeClaudeProject();
          } finally {
            closing = false;
          }
        }
      },
      async open(api, cwd) {
        boundApi = api;
        set({ busy: true, kind: 'claude' });
        const result = await api.openClaudeProject({ cwd });
        if (result.ok) {
          set({ busy: false, error: null, selected: null, file: null, lastDisk: null });
          get().apply(result.value);
        } else set({ busy: false, error: result.error });
      },
      async setOptions(api, patch) {
        boundApi = api;
        set({ busy: true });
        const result = await api.setClaudeOptions(patch);
        if (result.ok) {
          set({ busy: false, error: null });
          get().apply(result.value);
        } else set({ busy: false, error: result.error });
      },
      received(assembly) {
        if (closing) return;
        if (get().kind !== 'claude') set({ kind: 'claude', error: null });
        get().apply(assembly);
      },
      apply(assembly) {
        const previous = get().assembly;
        const next = nextAssembly(previous, assembly);
        if (next === previous) return;
        set(next?.trigger === 'disk' ? { assembly: next, lastDisk: next } : { assembly: next });
        if (boundApi !== null) after(boundApi, previous);
      },
      async restore(api) {
        boundApi = api;
        const result = await api.getClaudeProject();
        if (result.ok && result.value !== null) {
          set({ kind: 'claude' });
          get().apply(result.value);
        }
      },
      async select(api, path) {
        boundApi = api;
        set({ selected: path, file: null });
        if (path !== null) await loadFile(api, path);
      },
      setView: (view) => set({ view }),
    };
  });
}

/** The window's store. */
export const claudeProject = createClaudeStore();

/** Selects from the window's store. */
export function useClaude<T>(selector: (state: ClaudeProjectState) => T): T {
  return useStore(claudeProject, selector);
}
