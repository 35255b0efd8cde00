/**
 * Data the API returns: the opened workspace and the outcome of a render.
 */
import type { Product, RenderReport } from '../engine';
import type { Scenario } from '../scenarios/scenario';
import type { TooLarge } from './answer-caps';

/** Where the home of a workspace came from (docs/design.md §Concepts: `$EVOLCORE_HOME`, `~/.evolcore`, demo). */
export type HomeSource = 'given' | 'env' | 'user' | 'demo';

/** Where the package root came from. */
export type PackageRootSource = 'given' | 'app';

/** An agent folder found under `$EVOLCORE_HOME/agents/`. */
export interface AgentInfo {
  /** The folder name, which is the agent's `selfAid`. */
  readonly aid: string;
  readonly path: string;
  readonly hasConfig: boolean;
  readonly hasPersona: boolean;
}

/** A workspace's home and package root, with where each came from. */
export interface ResolvedWorkspace {
  readonly home: string;
  readonly homeSource: HomeSource;
  readonly packageRoot: string;
  readonly packageRootSource: PackageRootSource;
  /** `true` when the home is the built-in demo home. */
  readonly isDemo: boolean;
  /** Whose kit the package root holds (its package.json name): evolcore, or evolclaw. */
  readonly product: Product;
  /**
   * The user's own folder on the main side (`os.homedir()`): paths inside it show as `~/…`,
   * as VS Code and a shell write them, and a typed `~/…` opens there.
   */
  readonly userHome: string;
}

/** The opened home + package root and what was found in them. */
export interface WorkspaceInfo extends ResolvedWorkspace {
  readonly agents: readonly AgentInfo[];
  /** Manifest files in `$KITS` (`eck_manifest*.json`), by name. */
  readonly manifestFiles: readonly string[];
  /** Session types found: `main`, every `eck_manifest.<type>.json`, and `sessionManifests` keys. */
  readonly sessionTypes: readonly string[];
  readonly scenario: Scenario;
}

/** Why a render happened. */
export type RenderTrigger = 'request' | 'scenario' | 'workspace' | 'disk';

/** A render and when/why it was made. */
export interface RenderResult {
  readonly report: RenderReport;
  readonly scenario: Scenario;
  /** Wall time of the engine call, in milliseconds. */
  readonly elapsedMs: number;
  /** `Date.now()` when the render finished. */
  readonly renderedAt: number;
  /** Increases with every render of the process (across workspaces), so stale results can be dropped. */
  readonly seq: number;
  readonly trigger: RenderTrigger;
  /** What was not sent because it is over its cap (answer-caps.ts); absent when all of it was. */
  readonly tooLarge?: RenderTooLarge;
}

/**
 * The parts of a render over their caps: the context or fragments text (sent as `''`), and the
 * vars whose value is sent as its `{ tooLarge }` marker (in the scenario, the report's vars, the
 * `when` reads and the conditional traces).
 */
export interface RenderTooLarge {
  readonly context: TooLarge | null;
  readonly fragments: TooLarge | null;
  readonly vars: readonly string[];
}

/**
 * A text file of the workspace, as `getFile` returns it; a file over its cap (answer-caps.ts) is
 * not read: `tooLarge` instead of `text`.
 */
export type FileText =
  | { readonly path: string; readonly text: string; readonly bytes: number; readonly tooLarge?: undefined }
  | { readonly path: string; readonly text?: undefined; readonly bytes: number; readonly tooLarge: TooLarge };

/** A burst of changes on disk, coalesced by the watcher. */
export interface DiskChange {
  /** Up to `DISK_CHANGE_PATHS_LISTED` changed paths (absolute). */
  readonly paths: readonly string[];
  /** How many paths changed in the burst, listed or not. */
  readonly count: number;
  readonly at: number;
  /** `true` when the change affects renders (not only `data/eck-debug`). */
  readonly affectsRender: boolean;
}

/** How many changed paths a `DiskChange` lists; the count says how many there were. */
export const DISK_CHANGE_PATHS_LISTED = 50;
