/**
 * The methods of the InspectorApi: one input schema and one output type per method.
 *
 * To add a method: add its schema to `methodInputs` and its output to `MethodOutputs` (a
 * feature's own tables live in methods/, one file each, spread in here), and a handler in
 * electron/api/handlers.ts (or the `*-handlers.ts` of its feature). Both transports and the
 * renderer's client pick it up from these two tables.
 */
import { z } from 'zod';
import { pathField } from '../base/path-field';
import type { AgentInfo, FileText, RenderResult, WorkspaceInfo } from './models';
import type { Scenario } from '../scenarios/scenario';
import { scenarioSchema } from '../scenarios/scenario';
import type { SavedScenario } from '../scenarios/scenario-file';
import type { SnapshotScenarioRead } from './snapshot-scenario-read';
import type { VarsSnapshot } from '../scenarios/snapshot-scenario';
import type { OpenInEditorResult } from './open-in-editor';
import { openInEditorInput } from './open-in-editor';
import type { OverrideMethodOutputs } from './methods/override';
import { overrideMethodInputs } from './methods/override';
import type { OverrideVersionMethodOutputs } from './methods/override-versions';
import { overrideVersionMethodInputs } from './methods/override-versions';
import type { ClaudeProjectMethodOutputs } from './methods/claude-project';
import { claudeProjectMethodInputs } from './methods/claude-project';
import type { HistoryMethodOutputs } from './methods/history';
import { historyMethodInputs } from './methods/history';
import type { VerifyMethodOutputs } from './methods/verify';
import type { ArchiveMethodOutputs } from './methods/archive';
import { archiveMethodInputs } from './methods/archive';
import { verifyMethodInputs } from './methods/verify';

/** A saved scenario's name (checked again on the main side: trimmed, printable). */
const scenarioName = z.string().min(1).max(200);

/** No input: `undefined`, `null` or `{}` are accepted so every transport can send "nothing". */
const noInput = z.union([z.undefined(), z.null(), z.strictObject({})]).transform(() => undefined);

/** A path: absolute or relative to the opened workspace. */
const pathString = pathField;

/** Input schema of every method. Checked on the main side before any handler runs. */
export const methodInputs = {
  getWorkspace: noInput,
  openWorkspace: z.strictObject({
    home: pathString.optional(),
    packageRoot: pathString.optional(),
  }),
  listAgents: noInput,
  getScenario: noInput,
  setScenario: scenarioSchema,
  render: scenarioSchema,
  getLastRender: noInput,
  getFile: z.strictObject({ path: pathString }),
  // Timeline: open a workspace file in the OS's editor.
  openInEditor: openInEditorInput,
  // Vars tab: named scenarios in the app's settings folder, scenarios from snapshots.
  listScenarios: noInput,
  saveScenario: z.strictObject({
    name: scenarioName,
    scenario: scenarioSchema,
    overwrite: z.boolean().optional(),
  }),
  renameScenario: z.strictObject({ from: scenarioName, to: scenarioName }),
  deleteScenario: z.strictObject({ name: scenarioName }),
  listVarsSnapshots: noInput,
  readSnapshotScenario: z.strictObject({ key: z.string().min(1).max(64), reroot: z.boolean() }),
  // Manifest tab: manifest file pairs, renders with a draft override, saves.
  ...overrideMethodInputs,
  // Manifest tab: the override's kept versions, read and restored.
  ...overrideVersionMethodInputs,
  // Claude Code project workspaces: open a folder, options, its memory files.
  ...claudeProjectMethodInputs,
  // History tab: snapshots, compare, replay, what-if, bundles, clean.
  ...historyMethodInputs,
  // Verify: the current render beside the one the installed evolcore makes.
  ...verifyMethodInputs,
  // The archive of renders.
  ...archiveMethodInputs,
} as const;

/** Name of an API method. */
export type MethodName = keyof typeof methodInputs;

/** All method names, for transports that check a name before the table lookup. */
export const METHOD_NAMES = Object.keys(methodInputs) as readonly MethodName[];

/** The input a caller passes to a method (before parsing). */
export type MethodInput<M extends MethodName> = z.input<(typeof methodInputs)[M]>;

/** The input a handler receives (after parsing). */
export type ParsedInput<M extends MethodName> = z.output<(typeof methodInputs)[M]>;

/** What each method returns. */
export interface MethodOutputs
  extends
    OverrideMethodOutputs,
    OverrideVersionMethodOutputs,
    ClaudeProjectMethodOutputs,
    HistoryMethodOutputs,
    VerifyMethodOutputs,
    ArchiveMethodOutputs {
  getWorkspace: WorkspaceInfo;
  openWorkspace: WorkspaceInfo;
  listAgents: readonly AgentInfo[];
  getScenario: Scenario;
  /**
   * Makes the scenario current, renders it, and pushes `onDidRender`. Answers only the `seq`
   * that render carries: the report (~55 KB) travels once, as the event, not twice per keystroke.
   */
  setScenario: { readonly seq: number };
  /** Renders a scenario once without making it current (no event). */
  render: RenderResult;
  getLastRender: RenderResult | null;
  getFile: FileText;
  /** Opens a workspace file in the OS editor (Electron); serve answers with its path and URL only. */
  openInEditor: OpenInEditorResult;
  /** Saved scenarios, by name. */
  listScenarios: readonly SavedScenario[];
  /** Saves under a name; an existing name only with `overwrite` (else `conflict`). */
  saveScenario: SavedScenario;
  renameScenario: SavedScenario;
  deleteScenario: null;
  /** Snapshots of the open home's eck-debug folder with a vars file, newest first. */
  listVarsSnapshots: readonly VarsSnapshot[];
  /** One snapshot as a scenario (re-rooted onto the workspace when asked), with its recorded context. */
  readSnapshotScenario: SnapshotScenarioRead;
}

/** The output of one method. */
export type MethodOutput<M extends MethodName> = MethodOutputs[M];

/** `true` when `name` is a method of the API. */
export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(methodInputs, name);
}
