/**
 * The settings Claude Code 2.1.197 reads that change its memory, each checked with the oracle:
 *  - `claudeMdExcludes` of the user, project, local and managed settings (the lists add up):
 *    picomatch patterns (`dot: true`) matched against a file's absolute path; they drop User,
 *    Project and Local files, at start, among includes and after a Read, never Managed ones;
 *  - `env.CLAUDE_CODE_DISABLE_CLAUDE_MDS` (no memory at all) and
 *    `env.CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD` (the `--add-dir` folders' memory loads):
 *    a settings `env` overrides the environment, later sources the earlier ones (user, project,
 *    local, managed); `1`, `true`, `yes`, `on` count as set;
 *  - `hasClaudeMdExternalIncludesApproved` of the project in `~/.claude.json`, the project
 *    being the git root of the working directory (the folder holding `.git`, a worktree's main
 *    repository) or the working directory itself.
 * A settings file is read only when its source is on (`--setting-sources`); managed always.
 */

import { dirnamePath, joinPath, normalizePath, resolvePath, rootOf } from '../base/posix-path';
import { managedSettingsFiles } from './managed-settings';
import type { ClaudeFs, SettingSources } from './types';

/** Where a setting came from. */
export type SettingsSource = 'user' | 'project' | 'local' | 'managed' | 'environment' | 'global-config';

/** One pattern of `claudeMdExcludes`, with the settings file that set it. */
export interface ExcludePattern {
  readonly pattern: string;
  readonly file: string;
  readonly source: SettingsSource;
}

/** A switch's value and where it was decided (`file: null`: the default or the environment). */
export interface SettingValue {
  readonly value: boolean;
  readonly source: SettingsSource | null;
  readonly file: string | null;
}

/** What the settings say about memory. */
export interface ClaudeMemorySettings {
  readonly excludes: readonly ExcludePattern[];
  readonly disableClaudeMds: SettingValue;
  readonly additionalDirectoriesClaudeMd: SettingValue;
  readonly externalIncludesApproved: SettingValue;
  /** The `~/.claude.json` key of the project: the git root, else the working directory. */
  readonly projectKey: string;
  /** Settings files that exist but are not JSON objects (ignored). */
  readonly invalid: readonly string[];
  /** Every settings file looked at (found or not) and `~/.claude.json`, for the watcher. */
  readonly looked: readonly string[];
}

/** The environment variables that change memory. */
export const DISABLE_CLAUDE_MDS = 'CLAUDE_CODE_DISABLE_CLAUDE_MDS';
export const ADDITIONAL_DIRECTORIES_CLAUDE_MD = 'CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD';

/** The variables of a process environment that change Claude Code's memory. */
export function claudeMdEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  return {
    [DISABLE_CLAUDE_MDS]: env[DISABLE_CLAUDE_MDS],
    [ADDITIONAL_DIRECTORIES_CLAUDE_MD]: env[ADDITIONAL_DIRECTORIES_CLAUDE_MD],
  };
}

/** Claude Code's reading of an environment flag. */
export function isTruthyEnv(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null || value === '') return false;
  return ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase().trim());
}

/** Reads the settings of one working directory. */
export function readClaudeMemorySettings(
  fs: ClaudeFs,
  opts: {
    readonly cwd: string;
    readonly home: string;
    readonly managedDir: string;
    readonly settingSources: SettingSources;
    readonly env: Readonly<Record<string, string | undefined>>;
  },
): ClaudeMemorySettings {
  const files: { file: string; source: SettingsSource }[] = [];
  if (opts.settingSources.user)
    files.push({ file: joinPath(opts.home, '.claude/settings.json'), source: 'user' });
  if (opts.settingSources.project)
    files.push({ file: joinPath(opts.cwd, '.claude/settings.json'), source: 'project' });
  if (opts.settingSources.local)
    files.push({ file: joinPath(opts.cwd, '.claude/settings.local.json'), source: 'local' });
  for (const file of managedSettingsFiles(fs, opts.managedDir)) files.push({ file, source: 'managed' });

  const excludes: ExcludePattern[] = [];
  const invalid: string[] = [];
  const fromEnv = (name: string): SettingValue =>
    opts.env[name] !== undefined
      ? { value: isTruthyEnv(opts.env[name]), source: 'environment', file: null }
      : { value: false, source: null, file: null };
  let disable = fromEnv(DISABLE_CLAUDE_MDS);
  let addDir = fromEnv(ADDITIONAL_DIRECTORIES_CLAUDE_MD);
  for (const { file, source } of files) {
    const settings = readJsonObject(fs, file);
    if (settings === 'missing') continue;
    if (settings === 'invalid') {
      invalid.push(file);
      continue;
    }
    const list = settings['claudeMdExcludes'];
    if (Array.isArray(list))
      for (const pattern of list) if (typeof pattern === 'string') excludes.push({ pattern, file, source });
    const env = settings['env'];
    if (env !== null && typeof env === 'object' && !Array.isArray(env)) {
      const vars = env as Record<string, unknown>;
      if (vars[DISABLE_CLAUDE_MDS] !== undefined)
        disable = { value: isTruthyEnv(vars[DISABLE_CLAUDE_MDS]), source, file };
      if (vars[ADDITIONAL_DIRECTORIES_CLAUDE_MD] !== undefined)
        addDir = { value: isTruthyEnv(vars[ADDITIONAL_DIRECTORIES_CLAUDE_MD]), source, file };
    }
  }

  const projectKey = gitRootOf(fs, opts.cwd) ?? opts.cwd;
  const globalConfig = joinPath(opts.home, '.claude.json');
  const config = readJsonObject(fs, globalConfig);
  let approved: SettingValue = { value: false, source: null, file: null };
  if (typeof config === 'object') {
    const projects = config['projects'];
    const project =
      projects !== null && typeof projects === 'object'
        ? (projects as Record<string, unknown>)[projectKey]
        : null;
    if (project !== null && typeof project === 'object') {
      const flag = (project as Record<string, unknown>)['hasClaudeMdExternalIncludesApproved'];
      if (flag) approved = { value: true, source: 'global-config', file: globalConfig };
    }
  } else if (config === 'invalid') invalid.push(globalConfig);

  return {
    excludes,
    disableClaudeMds: disable,
    additionalDirectoriesClaudeMd: addDir,
    externalIncludesApproved: approved,
    projectKey,
    invalid,
    looked: [...files.map((f) => f.file), globalConfig],
  };
}

/** A JSON object file: its value, `'missing'` when unreadable, `'invalid'` when not an object. */
function readJsonObject(fs: ClaudeFs, file: string): Record<string, unknown> | 'missing' | 'invalid' {
  const text = fs.readText(file);
  if (typeof text !== 'string') return 'missing';
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : 'invalid';
  } catch {
    return 'invalid';
  }
}

/**
 * Claude Code's git root: the nearest folder from `cwd` up (the root included) holding a
 * `.git` file or folder; for a linked worktree (`.git` a `gitdir:` file whose gitdir points
 * back), the main repository's folder.
 */
export function gitRootOf(fs: ClaudeFs, cwd: string): string | null {
  let dir = normalizePath(cwd);
  for (;;) {
    const stat = fs.stat(joinPath(dir, '.git'));
    if (!('error' in stat) && (stat.kind === 'directory' || stat.kind === 'file'))
      return worktreeMain(fs, dir);
    if (dir === rootOf(dir)) return null;
    dir = dirnamePath(dir);
  }
}

function worktreeMain(fs: ClaudeFs, root: string): string {
  const dotGit = fs.readText(joinPath(root, '.git'));
  if (typeof dotGit !== 'string' || !dotGit.trim().startsWith('gitdir:')) return root;
  const gitdir = resolvePath(root, dotGit.trim().slice('gitdir:'.length).trim());
  const commondir = fs.readText(joinPath(gitdir, 'commondir'));
  if (typeof commondir !== 'string') return root;
  const common = resolvePath(gitdir, commondir.trim());
  if (dirnamePath(gitdir) !== joinPath(common, 'worktrees')) return root;
  const back = fs.readText(joinPath(gitdir, 'gitdir'));
  if (typeof back !== 'string') return root;
  const real = (p: string): string => {
    const r = fs.realpath(p);
    return typeof r === 'string' ? normalizePath(r) : p;
  };
  if (real(back.trim()) !== joinPath(real(root), '.git')) return root;
  return common.endsWith('/.git') ? dirnamePath(common) : common;
}
