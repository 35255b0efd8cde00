/**
 * The shape of the renderer's one bound store, made of slices (zustand slices pattern):
 * workspace, scenario, render, ui, and the nested `draft`, `claude`, `verify` and `focus`. How state is kept in
 * the renderer, and where new state goes: README.md beside this file.
 */
import type { StateCreator } from 'zustand';
import type { InspectorApi } from '../../../shared/api';
import type { ClaudeProjectSlice } from './claude-project-slice';
import type { FocusSlice } from './focus-slice';
import type { ManifestDraftSlice } from './manifest-draft-slice';
import type { DraftKeepSlice } from './draft-keep-slice';
import type { RenderSlice } from './render-slice';
import type { ScenarioSlice } from './scenario-slice';
import type { UiSlice } from './ui-slice';
import type { VerifySlice } from './verify-slice';
import type { ViewSlice } from './view-slice';
import type { WorkspaceSlice } from './workspace-slice';

/** The whole renderer state with its actions. */
export type AppState = WorkspaceSlice &
  ScenarioSlice &
  RenderSlice &
  UiSlice &
  ManifestDraftSlice &
  ClaudeProjectSlice &
  VerifySlice &
  FocusSlice &
  DraftKeepSlice &
  ViewSlice;

/** A slice creator over the whole state, given once the API its actions call. */
export type SliceCreator<Slice> = (api: InspectorApi) => StateCreator<AppState, [], [], Slice>;
