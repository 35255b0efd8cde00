/**
 * The Claude Code project slice, nested under `claude`: which kind of workspace is
 * shown, the latest assembly the main side pushed, the selected file and its text. In the app
 * store because the app shell, the workspace bar and the status bar read it beside the view.
 * Actions call the main side and keep errors as values.
 */
import type { ApiError, MethodInput } from '../../../shared/api';
import type { ClaudeAssembly, ClaudeFileText } from '../../../shared/api/methods/claude-project';
import type { SliceCreator } from './app-state';
import type { ClaudeProjectOptions } from '../../../shared/api/methods/claude-project';
import type { RememberedProject } from './claude-project-memory';
import { recallProject, rememberProject, windowStorage } from './claude-project-memory';

/** A change of options, as `setClaudeOptions` takes it. */
export type ClaudeOptionsPatch = NonNullable<MethodInput<'setClaudeOptions'>>;

/** The kinds of workspace the bar switches between. */
export type WorkspaceKind = 'eck' | 'claude';

/** Which half of the view is shown. */
export type ClaudeView = 'files' | 'text';

/** The text of the selected file, while loading, or why it failed. */
export type ClaudeFileState =
  | { readonly kind: 'loading'; readonly path: string }
  | { readonly kind: 'text'; readonly file: ClaudeFileText }
  | { readonly kind: 'error'; readonly path: string; readonly error: ApiError };

/** State of the open project. */
export interface ClaudeProjectData {
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
}

/** Actions on the project. */
export interface ClaudeProjectActions {
  /** Back to `eck` closes the project on the main side. */
  setKind(kind: WorkspaceKind): Promise<void>;
  /** `true` when the folder opened; on `false` the error is in `error`. */
  open(cwd: string): Promise<boolean>;
  /** `true` when the change applied; on `false` the error is in `error` (the caller keeps what was typed). */
  setOptions(patch: ClaudeOptionsPatch): Promise<boolean>;
  /** Takes an assembly from a method or a pushed event (older ones are dropped). */
  apply(assembly: ClaudeAssembly): void;
  /**
   * A pushed assembly: a project is open on the main side, perhaps opened from outside this
   * window (Electron's File menu, another tab of serve), so the window shows it; except while
   * this window is closing the project (pushes sent before the close are still arriving).
   */
  received(assembly: ClaudeAssembly): void;
  /** Asks the main side for an open project (start-up, reconnect); shows it if there is one. */
  restore(): Promise<void>;
  select(path: string | null): Promise<void>;
  setView(view: ClaudeView): void;
}

/** State and actions of the project. */
export type ClaudeProject = ClaudeProjectData & ClaudeProjectActions;

/** The slice: the project under one key. */
export interface ClaudeProjectSlice {
  readonly claude: ClaudeProject;
}

/** The pure update of `apply`: a newer assembly replaces the shown one; an older one is dropped. */
export function nextAssembly(
  current: ClaudeAssembly | null,
  incoming: ClaudeAssembly,
): ClaudeAssembly | null {
  if (current !== null && incoming.seq <= current.seq) return current;
  return incoming;
}

/** Creates the slice; its actions call `api`. */
export const createClaudeProjectSlice: SliceCreator<ClaudeProjectSlice> = (api) => (setApp, getApp) => {
  const get = (): ClaudeProject => getApp().claude;
  const set = (patch: Partial<ClaudeProjectData>): void =>
    setApp((s) => ({ claude: { ...s.claude, ...patch } }));
  const loadFile = async (path: string): Promise<void> => {
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
  const after = (previous: ClaudeAssembly | null): void => {
    // A re-assembly after an edit: the selected file's text may have changed too.
    const { selected, assembly } = get();
    if (selected === null || assembly === previous) return;
    if (!(assembly?.report.files.some((f) => f.path === selected) ?? false)) {
      set({ selected: null, file: null });
      return;
    }
    void loadFile(selected);
  };
  let closing = false;
  // The project each ECK home last showed (claude-project-memory.ts), also kept here for a window
  // without storage.
  const storage = windowStorage();
  const shown = new Map<string, RememberedProject>();
  const workspaceKey = (): string => getApp().workspace?.home ?? '';
  const remember = (options: ClaudeProjectOptions): void => {
    shown.set(workspaceKey(), options);
    rememberProject(storage, workspaceKey(), options);
  };
  const recall = (): RememberedProject | null =>
    shown.get(workspaceKey()) ?? recallProject(storage, workspaceKey());
  return {
    claude: {
      kind: 'eck',
      assembly: null,
      busy: false,
      error: null,
      selected: null,
      view: 'files',
      file: null,
      lastDisk: null,
      async setKind(kind) {
        if (kind === get().kind) return;
        set({ kind, error: null });
        const again = kind === 'claude' && get().assembly === null ? recall() : null;
        if (again !== null) {
          // Back to the project this workspace showed last, as it was (target and switches too).
          set({ busy: true });
          const result = await api.openClaudeProject(again);
          if (get().kind !== 'claude') return;
          if (result.ok) {
            set({ busy: false, error: null, selected: null, file: null, lastDisk: null });
            get().apply(result.value);
          } else set({ busy: false, error: result.error });
          return;
        }
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
      async open(cwd) {
        set({ busy: true, kind: 'claude' });
        const result = await api.openClaudeProject({ cwd });
        if (result.ok) {
          set({ busy: false, error: null, selected: null, file: null, lastDisk: null });
          get().apply(result.value);
          return true;
        }
        set({ busy: false, error: result.error });
        return false;
      },
      async setOptions(patch) {
        set({ busy: true });
        const result = await api.setClaudeOptions(patch);
        if (result.ok) {
          set({ busy: false, error: null });
          get().apply(result.value);
          return true;
        }
        set({ busy: false, error: result.error });
        return false;
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
        if (next !== null) remember(next.options);
        after(previous);
      },
      async restore() {
        const result = await api.getClaudeProject();
        if (result.ok && result.value !== null) {
          set({ kind: 'claude' });
          get().apply(result.value);
        }
      },
      async select(path) {
        set({ selected: path, file: null });
        if (path !== null) await loadFile(path);
      },
      setView: (view) => set({ view }),
    },
  };
};
