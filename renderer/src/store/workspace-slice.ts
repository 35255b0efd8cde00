/**
 * The workspace slice: the opened home + package root and what they hold.
 */
import type { WorkspaceInfo } from '../../../shared/api';
import type { SliceCreator } from './app-state';

/** State and actions of the workspace. */
export interface WorkspaceSlice {
  readonly workspace: WorkspaceInfo | null;
  setWorkspace(info: WorkspaceInfo): void;
  /** Opens another home and/or package root; errors land in the banner. */
  openWorkspace(choice: { readonly home?: string; readonly packageRoot?: string }): Promise<void>;
}

/** Creates the workspace slice. */
export const createWorkspaceSlice: SliceCreator<WorkspaceSlice> = (api) => (set, get) => ({
  workspace: null,
  // A new workspace brings its scenario along (the host carries the previous one over).
  setWorkspace: (info) => set({ workspace: info, scenario: info.scenario }),
  async openWorkspace(choice) {
    const result = await api.openWorkspace(choice);
    if (result.ok) get().setWorkspace(result.value);
    else get().pushError(result.error);
  },
});
