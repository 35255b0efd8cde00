/**
 * The shape of the renderer's one bound store, made of slices (zustand slices pattern):
 * workspace, scenario, render, ui. Later panels add their slices here.
 */
import type { StateCreator } from 'zustand';
import type { InspectorApi } from '../../../shared/api';
import type { RenderSlice } from './render-slice';
import type { ScenarioSlice } from './scenario-slice';
import type { UiSlice } from './ui-slice';
import type { WorkspaceSlice } from './workspace-slice';

/** The whole renderer state with its actions. */
export type AppState = WorkspaceSlice & ScenarioSlice & RenderSlice & UiSlice;

/** A slice creator over the whole state, with the API its actions call. */
export type SliceCreator<Slice> = (api: InspectorApi) => StateCreator<AppState, [], [], Slice>;
