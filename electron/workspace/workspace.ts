/**
 * The Workspace service: one opened home + package root (docs/design.md §Shape).
 *
 * It owns the file cache, renders the current scenario through the engine and pushes the
 * result; the watcher feeds it bursts of changed paths. Node only, never imports electron.
 */
import path from 'node:path';
import type {
  DiskChange,
  EventName,
  EventPayloads,
  FileText,
  RenderResult,
  RenderTrigger,
  Scenario,
  WorkspaceInfo,
} from '../../shared/api';
import { ApiFailure, DISK_CHANGE_PATHS_LISTED, MAX_SHOWN_TEXT_BYTES, tooLarge } from '../../shared/api';
import type { EngineFs, RenderInput, RenderReport } from '../../shared/engine';
import { DEFAULT_PRESET_ID, presetScenario } from '../../shared/scenarios/presets';
import type { CachingFs } from './caching-fs';
import { createCachingFs } from './caching-fs';
import type { ResolvedWorkspace } from './defaults';
import { listAgents, listManifestFiles, listSessionTypes } from './discovery';
import { affectsRender } from './watch-scope';

/** The engine's entry point, injected so tests can count renders without the real engine. */
export type RenderFn = (input: RenderInput, fs: EngineFs) => RenderReport;

/** Sends a pushed event. */
export type WorkspaceEmit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

/** What a Workspace is made of. */
export interface WorkspaceOptions {
  readonly resolved: ResolvedWorkspace;
  /** The disk (createNodeFs) or a test tree; the Workspace adds its cache on top. */
  readonly fs: EngineFs;
  readonly render: RenderFn;
  readonly emit: WorkspaceEmit;
  /** The scenario to start with; default: the default preset. */
  readonly scenario?: Scenario;
  /** Clock for `renderedAt`; default `Date.now`. */
  readonly now?: () => number;
}

/** An entry of a listing the watcher took (a `Dirent`). */
export interface WatcherEntry {
  readonly name: string;
  isFile(): boolean;
  isSymbolicLink(): boolean;
  isDirectory(): boolean;
}

/** Diagnostic codes that mean "a file on disk is broken": shown as a banner naming the file. */
const BANNER_CODES = new Set([
  'base-missing',
  'base-parse-error',
  'manifest-bom',
  'override-parse-error',
  'config-parse-error',
]);

/**
 * Render counter of the process, not of one workspace: the renderer drops results older than
 * the newest it has seen, and that must hold across a switch of workspace too.
 */
let renderSeq = 0;

/** An opened workspace. */
export class Workspace {
  readonly resolved: ResolvedWorkspace;
  private readonly fs: CachingFs;
  private readonly renderFn: RenderFn;
  private readonly emit: WorkspaceEmit;
  private readonly now: () => number;
  private current: Scenario;
  private last: RenderResult | null = null;
  private infoKey = '';

  constructor(options: WorkspaceOptions) {
    this.resolved = options.resolved;
    this.fs = createCachingFs(options.fs);
    this.renderFn = options.render;
    this.emit = options.emit;
    this.now = options.now ?? Date.now;
    this.current = options.scenario ?? presetScenario(DEFAULT_PRESET_ID);
  }

  /** The home, the package root and what they hold. */
  info(): WorkspaceInfo {
    const { home, packageRoot } = this.resolved;
    const agents = listAgents(this.fs, toSlash(home));
    const manifestFiles = listManifestFiles(this.fs, toSlash(packageRoot));
    return {
      ...this.resolved,
      agents,
      manifestFiles,
      sessionTypes: listSessionTypes(this.fs, manifestFiles, agents),
      scenario: this.current,
    };
  }

  /** The current scenario. */
  get scenario(): Scenario {
    return this.current;
  }

  /** The last render of the current scenario, if any. */
  get lastRender(): RenderResult | null {
    return this.last;
  }

  /** Makes a scenario current, renders it and pushes the result. */
  setScenario(scenario: Scenario, trigger: RenderTrigger = 'scenario'): RenderResult {
    this.current = scenario;
    return this.renderCurrent(trigger);
  }

  /** Renders the current scenario and pushes the result (and a banner for a broken file). */
  renderCurrent(trigger: RenderTrigger): RenderResult {
    const result = this.renderScenario(this.current, trigger);
    this.last = result;
    this.emit('onDidRender', result);
    this.reportBrokenFiles(result.report);
    return result;
  }

  /**
   * Renders any scenario once, without making it current and without events. `overrideText`
   * renders with an unsaved override draft (a string) or with no override (`null`) instead of
   * the file on disk (the render with the draft beside the render without it).
   */
  renderScenario(
    scenario: Scenario,
    trigger: RenderTrigger = 'request',
    overrideText?: string | null,
  ): RenderResult {
    const input = this.renderInput(scenario, overrideText);
    const started = performance.now();
    let report: RenderReport;
    try {
      report = this.renderFn(input, this.fs);
    } catch (error) {
      // The engine throws only on programming errors (docs/design.md §Style); still, never crash.
      throw new ApiFailure(
        'render-failed',
        `the engine failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const elapsedMs = performance.now() - started;
    renderSeq += 1;
    return { report, scenario, elapsedMs, renderedAt: this.now(), seq: renderSeq, trigger };
  }

  /** The engine's input for a scenario of this workspace (also what Verify hands the installed engine). */
  renderInput(scenario: Scenario, overrideText?: string | null): RenderInput {
    return {
      packageRoot: toSlash(this.resolved.packageRoot),
      home: toSlash(this.resolved.home),
      product: this.resolved.product,
      vars: scenario.vars,
      sessionType: scenario.sessionType,
      ...(scenario.manifestFile === null ? {} : { manifestFile: scenario.manifestFile }),
      ...(overrideText === undefined ? {} : { overrideText }),
    };
  }

  /** A text file of the workspace; paths outside the home and the package root are refused. */
  readFile(requested: string): FileText {
    const abs = path.resolve(this.resolved.packageRoot, requested);
    if (!isWithin(this.resolved.home, abs) && !isWithin(this.resolved.packageRoot, abs)) {
      throw new ApiFailure(
        'outside-workspace',
        'only files under the home or the package root can be read',
        abs,
      );
    }
    const file = toSlash(abs);
    const st = this.fs.stat(file);
    if ('error' in st)
      throw new ApiFailure(st.error === 'ENOENT' ? 'not-found' : 'read-error', st.message, abs);
    if (st.kind !== 'file') throw new ApiFailure('read-error', 'not a file', abs);
    // Stated, not read, over the cap (answer-caps.ts): the UI says so and offers the editor.
    if (st.size > MAX_SHOWN_TEXT_BYTES)
      return { path: abs, bytes: st.size, tooLarge: tooLarge(st.size, MAX_SHOWN_TEXT_BYTES, abs) };
    const text = this.fs.readText(file);
    if (typeof text !== 'string') throw new ApiFailure('read-error', text.message, abs);
    return { path: abs, text, bytes: st.size };
  }

  /**
   * Handles one burst from the watcher: drops the cached files, pushes "changed on disk", and
   * re-renders once if anything but snapshots changed.
   */
  handleDiskBurst(paths: readonly string[]): void {
    this.fs.invalidate(paths);
    const change: DiskChange = {
      paths: paths.slice(0, DISK_CHANGE_PATHS_LISTED),
      count: paths.length,
      at: this.now(),
      affectsRender: paths.some((p) => affectsRender(this.resolved, p)),
    };
    this.emit('onDidChangeOnDisk', change);
    if (!change.affectsRender) return;
    const info = this.info();
    const key = JSON.stringify([info.agents, info.manifestFiles, info.sessionTypes]);
    if (this.infoKey !== '' && key !== this.infoKey) this.emit('onDidChangeWorkspace', info);
    this.infoKey = key;
    try {
      this.renderCurrent('disk');
    } catch (error) {
      this.emit('onDidError', failureToError(error));
    }
  }

  /**
   * Keeps a folder listing the watcher took, so discovery and the engine do not list that
   * folder again; the watcher's bursts invalidate it as any cached read.
   */
  seedListing(dir: string, entries: readonly WatcherEntry[]): void {
    this.fs.seedList(
      toSlash(dir),
      entries.map((d) => ({
        name: d.name,
        kind: d.isFile() ? 'file' : d.isSymbolicLink() ? 'symlink' : d.isDirectory() ? 'directory' : 'other',
      })),
    );
  }

  /** The cached listing of a folder, if one was taken (never lists). */
  cachedListing(dir: string): readonly { readonly name: string; isFile(): boolean }[] | undefined {
    return this.fs.cachedList(toSlash(dir))?.map((d) => ({ name: d.name, isFile: () => d.kind === 'file' }));
  }

  /** Remembers what discovery found, so a later burst can tell whether it changed. */
  primeInfo(): WorkspaceInfo {
    const info = this.info();
    this.infoKey = JSON.stringify([info.agents, info.manifestFiles, info.sessionTypes]);
    return info;
  }

  private reportBrokenFiles(report: RenderReport): void {
    const broken = report.diagnostics.find((d) => d.level === 'error' && BANNER_CODES.has(d.code));
    if (broken === undefined) return;
    this.emit('onDidError', {
      code: report.rendered ? 'read-error' : 'render-failed',
      message: broken.message,
      ...(broken.file === undefined ? {} : { path: broken.file }),
    });
  }
}

function failureToError(error: unknown): EventPayloads['onDidError'] {
  if (error instanceof ApiFailure) return error.toApiError();
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

function isWithin(root: string, p: string): boolean {
  const rel = path.relative(path.resolve(root), p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function toSlash(p: string): string {
  return p.replace(/\\/g, '/');
}
