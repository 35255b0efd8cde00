/**
 * Holds the open Workspace and its watcher, and swaps both when another one is opened
 * (File menu, recent list, `openWorkspace`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EventName, EventPayloads, WorkspaceInfo } from '../../shared/api';
import { ApiFailure } from '../../shared/api';
import type { EngineFs } from '../../shared/engine';
import type { DefaultsEnv, ResolvedWorkspace, WorkspaceChoice } from './defaults';
import { resolveWorkspace } from './defaults';
import { expandTilde } from '../services/tilde';
import type { WorkspaceWatcher } from './watcher';
import { watchWorkspace } from './watcher';
import type { RenderFn } from './workspace';
import { Workspace } from './workspace';

/** What the host needs. */
export interface WorkspaceHostOptions {
  readonly defaults: DefaultsEnv;
  readonly fs: EngineFs;
  readonly render: RenderFn;
  readonly emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  /** `false` in tests that drive bursts by hand. Default `true`. */
  readonly watch?: boolean;
  /** Quiet period of a burst (watcher.ts). */
  readonly burstDelayMs?: number;
  /** Called after each successful open (the settings' recent list listens). */
  readonly onOpened?: (resolved: ResolvedWorkspace) => void;
}

/** The one open workspace of a window or a `serve` process. */
export class WorkspaceHost {
  private readonly options: WorkspaceHostOptions;
  private workspace: Workspace | null = null;
  private watcher: WorkspaceWatcher | null = null;

  constructor(options: WorkspaceHostOptions) {
    this.options = options;
  }

  /** The open workspace; throws before the first `open`. */
  get current(): Workspace {
    if (this.workspace === null) throw new ApiFailure('workspace-invalid', 'no workspace is open');
    return this.workspace;
  }

  /**
   * Opens a workspace (explicit choices over defaults), renders its scenario and starts watching.
   * The previous scenario carries over so switching homes compares like with like.
   */
  async open(choice: WorkspaceChoice, explicit = false): Promise<WorkspaceInfo> {
    if (explicit) refuseRelative(choice, this.options.defaults.userHome);
    const resolved = resolveWorkspace(choice, this.options.defaults);
    checkWorkspace(resolved, explicit);
    const previous = this.workspace;
    await this.watcher?.close();
    this.watcher = null;
    const workspace = new Workspace({
      resolved,
      fs: this.options.fs,
      render: this.options.render,
      emit: this.options.emit,
      ...(previous === null ? {} : { scenario: previous.scenario }),
    });
    this.workspace = workspace;
    if (this.options.watch !== false) {
      this.watcher = watchWorkspace(resolved, (paths) => workspace.handleDiskBurst(paths), {
        ...(this.options.burstDelayMs === undefined ? {} : { delayMs: this.options.burstDelayMs }),
        onError: (error) =>
          this.options.emit('onDidError', { code: 'read-error', message: `watcher: ${error.message}` }),
        // The watcher's listings fill the workspace's cache: discovery and the first render
        // read them instead of listing each folder a second time.
        onListed: (dir, entries) => workspace.seedListing(dir, entries),
      });
      await this.watcher.ready;
    }
    const info = workspace.primeInfo();
    this.options.emit('onDidChangeWorkspace', info);
    try {
      workspace.renderCurrent('workspace');
    } catch (error) {
      this.options.emit('onDidError', {
        code: 'render-failed',
        message: error instanceof Error ? error.message : String(error),
      });
    }
    this.options.onOpened?.(resolved);
    return info;
  }

  /** Folders the watcher watches now (0 when not watching): for `serve`'s progress line. */
  get watchedFolders(): number {
    return this.watcher?.watchedCount ?? 0;
  }

  /** Stops watching. */
  async close(): Promise<void> {
    await this.watcher?.close();
    this.watcher = null;
  }
}

/**
 * A folder chosen through the API must be absolute: a relative one would resolve against the
 * server's working folder, and the home is where saves then go.
 */
/** A path from the window must be absolute; `~/…` counts, read as the user's folder (as shown). */
function refuseRelative(choice: WorkspaceChoice, userHome: string): void {
  for (const [name, value] of [
    ['home', choice.home],
    ['package root', choice.packageRoot],
  ] as const) {
    if (value !== undefined && value !== '' && !path.isAbsolute(expandTilde(value, userHome)))
      throw new ApiFailure(
        'invalid-input',
        `the ${name} must be an absolute path, got ${JSON.stringify(value)}`,
        value,
      );
  }
}

function checkWorkspace(resolved: ResolvedWorkspace, explicit: boolean): void {
  const kits = path.join(resolved.packageRoot, 'kits');
  if (!isDir(kits)) {
    throw new ApiFailure('workspace-invalid', 'the package root has no kits/ folder', resolved.packageRoot);
  }
  // A default home may not exist yet ($EVOLCORE_HOME set before first run); a chosen one must.
  if (explicit && resolved.homeSource === 'given' && !isDir(resolved.home)) {
    throw new ApiFailure('workspace-invalid', 'the home folder does not exist', resolved.home);
  }
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
