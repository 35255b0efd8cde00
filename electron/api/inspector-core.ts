/**
 * The Node side of the inspector, assembled once per process: the event hub, the workspace
 * host and the dispatcher. Electron's main.ts and `serve` both start here, so the two
 * transports serve exactly the same API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EngineFs } from '../../shared/engine';
import { renderContext } from '../../shared/engine';
import type { EventPayloads } from '../../shared/api';
import { BackgroundArchiver } from '../archive/archive-runner';
import { archiveDirFor } from '../archive/archive-location';
import { heldOpen, SharedArchiveReader } from '../archive/shared-archive-reader';
import { ClaudeProjectService } from '../claude-md/claude-project-service';
import { BUNDLES_FOLDER } from '../history/bundles-dir';
import type { BundleDownloads } from '../history/bundle-downloads';
import { sessionGuesser } from '../history/session-guess';
import { HistoryService } from '../history/history-service';
import { savedIndexStore } from '../history/saved-index';
import { appVersion } from '../services/app-version';
import { appSettingsDir } from '../scenarios/scenarios-dir';
import { cleanStaleTempEntries, cleanStaleTemps } from '../services/temp-files';
import { createWriteScope } from '../services/write-scope';
import { createNodeFs } from '../services/node-fs';
import type { DefaultsEnv, ResolvedWorkspace, WorkspaceChoice } from '../workspace/defaults';
import type { RenderFn } from '../workspace/workspace';
import { WorkspaceHost } from '../workspace/workspace-host';
import type { Dispatch } from './dispatch';
import { createDispatcher } from './dispatch';
import type { EventHub } from './event-hub';
import { ApiFailure } from '../../shared/api';
import { createEventHub } from './event-hub';
import { createHandlers } from './handlers';
import { capPushedEvents } from './pushed-caps';
import type { PathOpener } from './open-in-editor';

/** What the core needs to know about its process. */
export interface CoreOptions {
  /** The app's root (holds `kits/` and `dist/`). */
  readonly appRoot: string;
  /** The workspace to open first (`--home`, `--package-root`, the last one used). */
  readonly choice: WorkspaceChoice;
  readonly onOpened?: (resolved: ResolvedWorkspace) => void;
  /**
   * A Claude Code project to open at start (`--claude-project DIR`): the window shows
   * it in place of the ECK tabs, as if chosen in the workspace bar.
   */
  readonly claudeProject?: string;
  /** Opens a text file or reveals another path with the OS (Electron's `shell`); absent in serve mode. */
  readonly opener?: PathOpener;
  /**
   * The desktop app's save dialog for `exportBundle` with `saveAs` (its pick is the only target
   * outside the home and the settings folder a write may go to); absent in serve mode.
   */
  readonly chooseSaveTarget?: (suggested: string) => Promise<string | null>;
  /** `serve`'s one pending download: an export with `saveAs` is offered there, not written. */
  readonly downloads?: BundleDownloads;
  /** Where unexpected exceptions are logged; default stderr. */
  readonly log?: (message: string) => void;
  /** Test seams. */
  readonly fs?: EngineFs;
  readonly render?: RenderFn;
  readonly env?: Partial<DefaultsEnv>;
  readonly watch?: boolean;
  /**
   * Archive the open home while running: the desktop app and `serve`, not tests
   * (which may pass how long to wait before the first run).
   */
  readonly archive?: boolean | { readonly firstDelayMs: number };
}

/** The running core. */
export interface InspectorCore {
  readonly hub: EventHub;
  readonly host: WorkspaceHost;
  readonly dispatch: Dispatch;
  close(): Promise<void>;
}

/** Builds the core and opens the first workspace. */
export async function startInspectorCore(options: CoreOptions): Promise<InspectorCore> {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const hub = createEventHub((error) => log(`event listener failed: ${String(error)}`));
  const defaults: DefaultsEnv = {
    appRoot: options.appRoot,
    evolcoreHome: process.env['EVOLCORE_HOME'],
    evolclawHome: process.env['EVOLCLAW_HOME'],
    readText: (file) => {
      try {
        return fs.readFileSync(file, 'utf8');
      } catch {
        return null;
      }
    },
    userHome: os.homedir(),
    cwd: process.cwd(),
    isDirectory: (dir) => {
      try {
        return fs.statSync(dir).isDirectory();
      } catch {
        return false;
      }
    },
    ...options.env,
  };
  const settingsDir = (): string => appSettingsDir();
  // A save killed mid-way (kill -9) leaves its temp file: remove the app's own stale ones.
  // The settings folder's links are the user's own: followed. A home's folders must resolve
  // inside the real home, so a home whose `eck/` links elsewhere cleans nothing there.
  const cleanTemps = (dirs: readonly string[], inside?: string): void => {
    for (const dir of dirs) cleanStaleTemps(dir, inside === undefined ? {} : { inside });
  };
  cleanTemps([settingsDir(), path.join(settingsDir(), BUNDLES_FOLDER)]);
  const archiver =
    options.archive === undefined || options.archive === false
      ? null
      : new BackgroundArchiver({
          settingsDir,
          log,
          // What a run archived joins the History's timeline (or moves a row to "both").
          onRun: () => history.archiveChanged(),
          ...(options.archive === true ? {} : options.archive),
        });
  // The open home's archive, one reader for the History, the archive's methods and the Vars tab.
  const archives = new SharedArchiveReader(() => archiveDirFor(host.current.resolved.home, settingsDir()));
  const host = new WorkspaceHost({
    defaults,
    fs: options.fs ?? createNodeFs(),
    render: options.render ?? renderContext,
    // Pushed renders are capped as answers are: both transports send these events.
    emit: capPushedEvents(hub.emit),
    ...(options.watch === undefined ? {} : { watch: options.watch }),
    onOpened: (resolved) => {
      // eck-debug's are cleaned by the History's first listing of it (sweepHomeFolder below), so
      // opening a home of 1M snapshot files does not list that folder.
      const eckDir = path.join(resolved.home, 'eck');
      // The watcher's listing of eck/, when it took one, serves the sweep too.
      const listed = host.current.cachedListing(eckDir);
      if (listed === undefined) cleanTemps([eckDir], resolved.home);
      else cleanStaleTempEntries(eckDir, listed, { inside: resolved.home });
      archiver?.setHome(resolved.home);
      // The archive's reader opened while the window loads, its row index read off the main
      // thread (a year of renders': 172 MB, 0.2-0.3 s): the History's first rows do not wait for it.
      setImmediate(() => void archives.soon().catch(() => null));
      options.onOpened?.(resolved);
    },
  });
  // The one rule of where writes and deletes may go: the open home and the settings folder.
  const scope = createWriteScope({ home: () => host.current.resolved.home, settingsDir });
  // A Claude Code project workspace lives beside the ECK one; none is open at first.
  const claude = new ClaudeProjectService({
    emit: capPushedEvents(hub.emit),
    userHome: defaults.userHome,
    ...(options.watch === undefined ? {} : { watch: options.watch }),
  });
  // The History tab's index: the home's eck-debug, live from the workspace watcher.
  const history = new HistoryService({
    home: () => host.current.resolved.home,
    // With the current vars, each session type of the workspace rendered once per pass.
    sessionGuess: () => {
      const workspace = host.current;
      return sessionGuesser(
        workspace.info().sessionTypes,
        (sessionType) =>
          workspace.renderScenario({ ...workspace.scenario, sessionType, manifestFile: null }).report,
      );
    },
    emit: hub.emit,
    sweepHomeFolder: (dir, entries) =>
      cleanStaleTempEntries(dir, entries, { inside: host.current.resolved.home }),
    // The home's archive (even with archiving off here: `eck archive` may have filled it).
    openArchive: () => heldOpen(archives.now()),
    openArchiveAhead: async () => heldOpen(await archives.soon()),
    // Reopening the home parses only what changed since the last pass (saved-index.ts).
    savedIndex: savedIndexStore(settingsDir, appVersion()),
    onSaveError: (message) => log(`history index not saved: ${message}`),
    ...(options.watch === undefined ? {} : { watchFolders: options.watch }),
  });
  hub.subscribe((event, payload) => {
    if (event === 'onDidChangeOnDisk')
      history.handleDiskChange(payload as EventPayloads['onDidChangeOnDisk']);
    else if (event === 'onDidChangeWorkspace')
      history.handleWorkspaceChange(payload as EventPayloads['onDidChangeWorkspace']);
  });
  const dispatch = createDispatcher(
    createHandlers(host, options.opener ?? null, claude, history, archives, {
      scope,
      settingsDir,
      ...(options.chooseSaveTarget === undefined ? {} : { chooseSaveTarget: options.chooseSaveTarget }),
      ...(options.downloads === undefined ? {} : { downloads: options.downloads }),
    }),
    {
      onInternalError: (method, error) =>
        log(`${method}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    },
  );
  await host.open(options.choice);
  if (options.claudeProject !== undefined) {
    const opened = await claude.open({ cwd: options.claudeProject });
    if (!opened.ok) {
      // Given on the command line: fail loudly, as a missing --home does.
      await Promise.all([claude.close(), history.close(), host.close()]);
      throw new ApiFailure(opened.error.code, `--claude-project: ${opened.error.message}`, opened.error.path);
    }
  }
  return {
    hub,
    host,
    dispatch,
    close: async () => {
      await archiver?.close();
      await claude.close();
      await history.close();
      archives.close();
      await host.close();
    },
  };
}
