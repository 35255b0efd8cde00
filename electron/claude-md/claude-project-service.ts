/**
 * A "Claude Code project" workspace: a working directory, a user home, a managed
 * folder, an optional target file, the setting sources and the external-include approval.
 * It assembles on open, again on every option change, and again after every burst of changes
 * to the files the assembly read or looked for (chokidar, coalesced as the ECK watcher does).
 *
 * Every method returns its errors as values (`ApiResult`): a missing working directory, a
 * file that cannot be read, a path that is not one of the report's files.
 */
import { expandTilde } from '../services/tilde';
import type { ApiResult, EventName, EventPayloads } from '../../shared/api';
import { fail, ok } from '../../shared/api/errors';
import { MAX_SHOWN_TEXT_BYTES, tooLarge } from '../../shared/api/answer-caps';
import { assembleClaudeMd } from '../../shared/claude-md/assemble';
import { DEFAULT_MANAGED_DIR } from '../../shared/claude-md/claude-md-input';
import { claudeMdEnv } from '../../shared/claude-md/claude-settings';
import type { ClaudeFs, SettingSources } from '../../shared/claude-md/types';
import type {
  ClaudeAssembly,
  ClaudeAssemblyTrigger,
  ClaudeFileText,
  ClaudeProjectOptions,
} from '../../shared/api/methods/claude-project';
import { toEnginePath } from '../services/node-fs';
import { BURST_DELAY_MS } from '../workspace/watcher';
import { createNodeClaudeFs } from './node-claude-fs';
import type { ClaudeWatchPlan } from './claude-watch-plan';
import { claudeWatchPlan, samePlanFolders } from './claude-watch-plan';
import type { ClaudeWatcher } from './claude-watcher';
import { watchClaudePlan } from './claude-watcher';

/** Options that can change while a project is open (as the API passes them). */
export interface ClaudeOptionsPatch {
  readonly home?: string | undefined;
  readonly managedDir?: string | undefined;
  readonly target?: string | null | undefined;
  readonly settingSources?:
    | {
        readonly user?: boolean | undefined;
        readonly project?: boolean | undefined;
        readonly local?: boolean | undefined;
      }
    | undefined;
  readonly approveExternalIncludes?: boolean | undefined;
}

/** What opening a project takes: a working directory and any options. */
export interface ClaudeOpenInput extends ClaudeOptionsPatch {
  readonly cwd: string;
}

/** What the service needs. */
export interface ClaudeProjectServiceOptions {
  /** Pushes `onDidAssembleClaudeMd` and `onDidError`. */
  readonly emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  /** The user's home, the default `home` and what `~/` means in typed paths. */
  readonly userHome: string;
  /** Test seam: the file-system port of the assembly (default: Node's). */
  readonly fs?: ClaudeFs;
  /** `false` in tests that drive bursts by hand. Default `true`. */
  readonly watch?: boolean;
  /** Quiet period of a burst. */
  readonly delayMs?: number;
}

/** How many changed paths an assembly lists. */
const CHANGED_PATHS_LISTED = 50;

interface OpenProject {
  readonly options: ClaudeProjectOptions;
  assembly: ClaudeAssembly;
  watcher: ClaudeWatcher | null;
}

/** The one open Claude Code project of a window or a `serve` process (none at first). */
export class ClaudeProjectService {
  private readonly config: ClaudeProjectServiceOptions;
  private readonly fs: ClaudeFs;
  private project: OpenProject | null = null;
  /** Opens, option changes and bursts run one at a time, so two never race on the watcher. */
  private queue: Promise<unknown> = Promise.resolve();
  private seq = 0;

  constructor(config: ClaudeProjectServiceOptions) {
    this.config = config;
    this.fs = config.fs ?? createNodeClaudeFs();
  }

  /** The latest assembly of the open project, or `null`. */
  get current(): ClaudeAssembly | null {
    return this.project?.assembly ?? null;
  }

  /** Opens a project folder (closing the previous one), assembles it and starts watching. */
  async open(input: ClaudeOpenInput): Promise<ApiResult<ClaudeAssembly>> {
    const cwd = this.toPath(input.cwd);
    const stat = this.fs.stat(cwd);
    if ('error' in stat) return fail('workspace-invalid', 'the working directory does not exist', cwd);
    if (stat.kind !== 'directory')
      return fail('workspace-invalid', 'the working directory is not a folder', cwd);
    // Another folder keeps the home, managed folder and switches of the open one (like the ECK
    // host keeps the scenario); the target belongs to the old folder and is dropped.
    const previous = this.project?.options;
    const base: ClaudeProjectOptions = {
      cwd,
      home: previous?.home ?? toEnginePath(this.config.userHome),
      managedDir: previous?.managedDir ?? DEFAULT_MANAGED_DIR,
      target: null,
      settingSources: previous?.settingSources ?? { user: true, project: true, local: true },
      approveExternalIncludes: previous?.approveExternalIncludes ?? false,
    };
    return this.start(this.withPatch(base, input), 'open');
  }

  /** Changes options of the open project and re-assembles. */
  async setOptions(patch: ClaudeOptionsPatch): Promise<ApiResult<ClaudeAssembly>> {
    const project = this.project;
    if (project === null) return fail('workspace-invalid', 'no Claude Code project is open');
    return this.start(this.withPatch(project.options, patch), 'options');
  }

  /** The text of a file the open report lists (as reached or resolved). */
  readFile(filePath: string): ApiResult<ClaudeFileText> {
    const report = this.project?.assembly.report;
    if (report === undefined) return fail('workspace-invalid', 'no Claude Code project is open');
    const wanted = this.toPath(filePath);
    const listed = report.files.some((f) => f.path === wanted || f.realPath === wanted);
    if (!listed) return fail('outside-workspace', 'not a file of the CLAUDE.md report', wanted);
    // Stated before it is read, and read bounded (answer-caps.ts): a listed file can be any size.
    const stat = this.fs.stat(wanted);
    if (!('error' in stat) && stat.size > MAX_SHOWN_TEXT_BYTES)
      return ok({
        path: wanted,
        bytes: stat.size,
        tooLarge: tooLarge(stat.size, MAX_SHOWN_TEXT_BYTES, wanted),
      });
    const text = this.fs.readTextLimited
      ? this.fs.readTextLimited(wanted, MAX_SHOWN_TEXT_BYTES)
      : this.fs.readText(wanted);
    if (typeof text !== 'string') return fail('read-error', text.message, wanted);
    return ok({ path: wanted, text, bytes: 'error' in stat ? text.length : stat.size });
  }

  /**
   * Re-assembles after a burst of changes (the watcher calls it; tests call it by hand).
   * Returns the new assembly, or `null` when no project is open.
   */
  handleBurst(paths: readonly string[]): Promise<ClaudeAssembly | null> {
    return this.serial(() => this.reassemble(paths));
  }

  private async reassemble(paths: readonly string[]): Promise<ClaudeAssembly | null> {
    const project = this.project;
    if (project === null) return null;
    const assembly = this.assemble(project.options, 'disk', paths);
    if (this.project !== project) return null;
    project.assembly = assembly;
    await this.rewatch(project);
    if (this.project !== project) return null;
    this.config.emit('onDidAssembleClaudeMd', assembly);
    return assembly;
  }

  /** Stops watching and forgets the project. */
  close(): Promise<void> {
    return this.serial(async () => {
      const project = this.project;
      this.project = null;
      await project?.watcher?.close();
    });
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private start(
    options: ClaudeProjectOptions,
    trigger: ClaudeAssemblyTrigger,
  ): Promise<ApiResult<ClaudeAssembly>> {
    return this.serial(() => this.startNow(options, trigger));
  }

  private async startNow(
    options: ClaudeProjectOptions,
    trigger: ClaudeAssemblyTrigger,
  ): Promise<ApiResult<ClaudeAssembly>> {
    const previous = this.project;
    const project: OpenProject = {
      options,
      assembly: this.assemble(options, trigger, []),
      // The running watcher carries over; `rewatch` replaces it when the folders differ.
      watcher: previous?.watcher ?? null,
    };
    this.project = project;
    await this.rewatch(project);
    if (this.project !== project) return ok(project.assembly);
    this.config.emit('onDidAssembleClaudeMd', project.assembly);
    return ok(project.assembly);
  }

  private assemble(
    options: ClaudeProjectOptions,
    trigger: ClaudeAssemblyTrigger,
    changed: readonly string[],
  ): ClaudeAssembly {
    const started = performance.now();
    // Unchecked approval leaves it to ~/.claude.json, as Claude Code decides it.
    const { approveExternalIncludes, ...rest } = options;
    const report = assembleClaudeMd(
      {
        ...rest,
        ...(approveExternalIncludes ? { approveExternalIncludes } : {}),
        env: claudeMdEnv(process.env),
      },
      this.fs,
    );
    const plan = this.plan(report);
    return {
      options,
      report,
      trigger,
      changedPaths: changed.slice(0, CHANGED_PATHS_LISTED),
      elapsedMs: performance.now() - started,
      assembledAt: Date.now(),
      seq: ++this.seq,
      watched: plan.paths.length + plan.rulesDirs.length,
    };
  }

  private plan(report: ClaudeAssembly['report']): ClaudeWatchPlan {
    return claudeWatchPlan(report, (dir) => {
      const st = this.fs.stat(dir);
      return !('error' in st) && st.kind === 'directory';
    });
  }

  /** Points the watcher at what the project's latest report depends on. */
  private async rewatch(project: OpenProject): Promise<void> {
    if (this.config.watch === false) return;
    const plan = this.plan(project.assembly.report);
    const running = project.watcher;
    if (running !== null && samePlanFolders(running.plan, plan)) {
      running.setPlan(plan);
      return;
    }
    const next = watchClaudePlan(
      plan,
      (paths) => {
        if (this.project?.watcher === next) void this.handleBurst(paths);
      },
      {
        delayMs: this.config.delayMs ?? BURST_DELAY_MS,
        onError: (error) =>
          this.config.emit('onDidError', {
            code: 'read-error',
            message: `CLAUDE.md watcher: ${error.message}`,
          }),
      },
    );
    project.watcher = next;
    // The new watcher is live before the old one stops, so no change falls in between.
    await next.ready;
    await running?.close();
  }

  private withPatch(base: ClaudeProjectOptions, patch: ClaudeOptionsPatch): ClaudeProjectOptions {
    const sources: SettingSources = {
      user: patch.settingSources?.user ?? base.settingSources.user,
      project: patch.settingSources?.project ?? base.settingSources.project,
      local: patch.settingSources?.local ?? base.settingSources.local,
    };
    const target = patch.target === undefined ? base.target : patch.target?.trim() || null;
    return {
      cwd: base.cwd,
      home: patch.home === undefined ? base.home : this.toPath(patch.home),
      managedDir: patch.managedDir === undefined ? base.managedDir : this.toPath(patch.managedDir),
      target,
      settingSources: sources,
      approveExternalIncludes: patch.approveExternalIncludes ?? base.approveExternalIncludes,
    };
  }

  /** A typed path: `~` and `~/…` under the user's home, relative ones from the process's folder. */
  private toPath(typed: string): string {
    return toEnginePath(expandTilde(typed.trim(), this.config.userHome));
  }
}
