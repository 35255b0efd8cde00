/**
 * Reproduces what Claude Code 2.1.197 sends as CLAUDE.md memory for one working directory, in
 * its two phases: the block at session start (`getMemoryFiles` + `getClaudeMds`) and, when a
 * target is given, the messages it attaches after Claude reads that file (nested memory).
 * Checked against the real CLI with ../shared/tools/claude-code-oracle; where the chapter
 * (docs/claude-md.md) and the CLI disagree, this follows the CLI
 * (docs/claude-md.md). Pure: all I/O goes through `ClaudeFs`.
 */

import { MAX_MEMORY_CHARACTER_COUNT, resolveClaudeMdInput } from './claude-md-input';
import { ExcludeMatcher } from './claude-md-excludes';
import { readClaudeMemorySettings } from './claude-settings';
import { buildAttachments, buildContext } from './final-text';
import { MANAGED_SETTINGS_CLAUDEMD_PATH, readManagedClaudeMd } from './managed-settings';
import { MemoryLoader } from './memory-loader';
import type { Draft, MemoryInfo } from './memory-loader';
import { ancestorsBelowRoot, isPathWithin, joinPath, relativePath } from '../base/posix-path';
import { collectReadAttachments } from './read-attachments';
import type { ClaudeFs, ClaudeMdFile, ClaudeMdInput, ClaudeMdReport, ResolvedClaudeMdInput } from './types';

/** Assembles both phases for `input`, reading through `fs`. */
export function assembleClaudeMd(input: ClaudeMdInput, fs: ClaudeFs): ClaudeMdReport {
  const base = resolveClaudeMdInput(input);
  // The settings Claude Code reads decide what the caller leaves open.
  const settings = readClaudeMemorySettings(fs, base);
  const opts: ResolvedClaudeMdInput = {
    ...base,
    approveExternalIncludes: input.approveExternalIncludes ?? settings.externalIncludesApproved.value,
    additionalDirectoriesClaudeMd:
      input.additionalDirectoriesClaudeMd ?? settings.additionalDirectoriesClaudeMd.value,
  };
  const { cwd, home, target, settingSources: on, approveExternalIncludes: approved } = opts;
  const display = (path: string): string => {
    if (isPathWithin(path, cwd)) return relativePath(cwd, path) || '.';
    if (isPathWithin(path, home)) return '~/' + relativePath(home, path);
    return path;
  };
  const loader = new MemoryLoader(fs, cwd, home, display);
  if (settings.excludes.length > 0) loader.excludes = new ExcludeMatcher(fs, settings.excludes);
  for (const file of settings.invalid)
    loader.diag('warning', 'settings-invalid', `Settings ${file} are not a JSON object; ignored.`, file);
  if (settings.disableClaudeMds.value) {
    // No memory at all, at start or after a Read.
    const from = settings.disableClaudeMds.file ?? 'the environment';
    loader.diag(
      'info',
      'claude-mds-disabled',
      `CLAUDE_CODE_DISABLE_CLAUDE_MDS is set (${from}): no memory is sent.`,
      from,
    );
    return {
      input: opts,
      context: '',
      attachedOnRead: target === null ? null : [],
      files: [],
      totals: { loaded: 0, chars: 0, bytes: 0, overWarning: 0 },
      settings,
      searched: [],
      diagnostics: loader.diagnostics,
    };
  }
  const searched = loader.searched;
  const cwdStat = fs.stat(cwd);
  if ('error' in cwdStat || cwdStat.kind !== 'directory') {
    loader.diag('error', 'cwd-missing', `Working directory ${cwd} is not a folder.`, cwd);
  }

  // --- Phase 1: the start block. ---
  const processed = new Set<string>();
  const start: MemoryInfo[] = [];
  /** A top file: looked for, reported as switched off, or processed. */
  const top = (
    path: string,
    kind: Draft['kind'],
    level: Draft['level'],
    enabled: boolean,
    source: string,
    ext: boolean,
  ) => {
    const stat = fs.stat(path);
    if ('error' in stat) searched.push(path);
    const v = { path, kind, level, reason: 'session_start', includeExternal: ext } as const;
    if (!enabled) {
      if (!('error' in stat))
        loader.record(v, 'excluded-by-setting', `${source} is off.`, { bytes: stat.size });
      return;
    }
    if ('error' in stat) return;
    start.push(...loader.processFile(v, processed));
  };
  const rules = (dir: string, level: Draft['level'], globBase: string, enabled: boolean, ext: boolean) => {
    const rulesDir = joinPath(dir, '.claude/rules');
    if (!enabled) {
      // Claude Code does not look; the rows say what a switched-on source would add.
      for (const path of listRuleFiles(fs, rulesDir))
        loader.record(
          { path, kind: 'rule', level, reason: 'session_start', includeExternal: ext },
          'excluded-by-setting',
          `${level === 'user' ? 'userSettings' : 'projectSettings'} is off.`,
        );
      return;
    }
    const before = loader.drafts.length;
    const infos = loader.processRules(
      { rulesDir, level, reason: 'session_start', includeExternal: ext, conditional: false, globBase },
      processed,
    );
    if (loader.drafts.length === before && infos.length === 0) searched.push(rulesDir);
    start.push(...infos);
  };

  // 1. Managed: its CLAUDE.md, the managed settings' `claudeMd`, its rules.
  const managed = opts.managedDir;
  top(joinPath(managed, 'CLAUDE.md'), 'claude-md', 'managed', true, 'managed', approved);
  const policy = readManagedClaudeMd(fs, managed);
  if (policy.claudeMd !== null) {
    const v = {
      path: MANAGED_SETTINGS_CLAUDEMD_PATH,
      kind: 'managed-settings',
      level: 'managed',
      reason: 'session_start',
      includeExternal: false,
    } as const;
    const draft = loader.record(v, 'loaded', `The claudeMd setting of ${policy.source}.`, {
      chars: policy.claudeMd.length,
      content: policy.claudeMd,
      differsFromDisk: true,
    });
    draft.display = MANAGED_SETTINGS_CLAUDEMD_PATH;
    start.push({
      path: v.path,
      level: 'managed',
      content: policy.claudeMd,
      globs: null,
      parent: null,
      draft,
    });
  }
  for (const file of policy.invalid)
    loader.diag('warning', 'read-error', `Managed settings ${file} are not a JSON object; ignored.`, file);
  rules(managed, 'managed', cwd, true, approved);
  // 2. User: its includes may always leave the working directory.
  top(joinPath(home, '.claude/CLAUDE.md'), 'claude-md', 'user', on.user, 'userSettings', true);
  rules(home, 'user', cwd, on.user, true);
  // 3–4. Project and Local of every folder from below the root down to cwd.
  for (const dir of ancestorsBelowRoot(cwd).reverse()) {
    top(joinPath(dir, 'CLAUDE.md'), 'claude-md', 'project', on.project, 'projectSettings', approved);
    top(
      joinPath(dir, '.claude/CLAUDE.md'),
      'dot-claude-md',
      'project',
      on.project,
      'projectSettings',
      approved,
    );
    rules(dir, 'project', dir, on.project, approved);
    top(joinPath(dir, 'CLAUDE.local.md'), 'local-md', 'local', on.local, 'localSettings', approved);
  }
  // 5. Additional directories, only with CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD; not
  //    switched by projectSettings (an explicit `--add-dir`), CLAUDE.local.md by localSettings.
  if (opts.additionalDirectoriesClaudeMd) {
    for (const dir of opts.additionalDirectories) {
      top(joinPath(dir, 'CLAUDE.md'), 'claude-md', 'project', true, 'projectSettings', approved);
      top(joinPath(dir, '.claude/CLAUDE.md'), 'dot-claude-md', 'project', true, 'projectSettings', approved);
      rules(dir, 'project', dir, true, approved);
      top(joinPath(dir, 'CLAUDE.local.md'), 'local-md', 'local', on.local, 'localSettings', approved);
    }
  }
  for (const info of start) {
    info.draft.detail ||= startDetail(info, display);
  }

  // --- Phase 2: what a Read of the target attaches. ---
  loader.phase = 'read';
  // Claude Code attaches memory only after a successful Read: a target that is not a file gets none.
  const targetStat = target === null ? null : loader.fsStat(target);
  if (target !== null && targetStat?.kind !== 'file') {
    loader.diag(
      'warning',
      'target-not-a-file',
      `The target ${target} is not a file: Claude Code's Read of it fails, so nothing is attached.`,
      target,
    );
  }
  const attached =
    target === null ? null : targetStat?.kind === 'file' ? collectReadAttachments(loader, opts) : [];

  // Rows: hidden ones dropped, then spans and attachment indexes filled in.
  const startDrafts = start.map((info) => info.draft);
  const built = buildContext(startDrafts.map((d) => ({ path: d.path, level: d.level, content: d.content })));
  const spanOf = new Map(startDrafts.map((d, i) => [d, built.spans[i] ?? null]));
  const attachments =
    attached === null ? null : buildAttachments(attached.map((a) => ({ path: a.path, content: a.content })));
  attached?.forEach((a, i) => (a.draft.attachment = i));
  const files = loader.drafts
    .filter((d) => !d.hidden)
    .map((d, index): ClaudeMdFile => {
      const { content: _content, hidden: _hidden, ...rest } = d;
      const spans = spanOf.get(d) ?? null;
      return { ...rest, index, span: spans?.span ?? null, contentSpan: spans?.contentSpan ?? null };
    });
  for (const f of files) {
    if (f.warning !== null) {
      loader.diag(
        'warning',
        'over-40k',
        `${f.display} is ${f.chars} characters (over ${MAX_MEMORY_CHARACTER_COUNT}).`,
        f.path,
      );
    }
  }
  const contributing = files.filter((f) => f.span !== null);
  return {
    input: opts,
    context: built.context,
    attachedOnRead: attachments,
    files,
    totals: {
      loaded: contributing.length,
      chars: contributing.reduce((sum, f) => sum + f.chars, 0),
      bytes: contributing.reduce((sum, f) => sum + (f.bytes ?? 0), 0),
      overWarning: files.filter((f) => f.warning !== null).length,
    },
    settings,
    searched,
    diagnostics: loader.diagnostics,
  };
}

/** The `.md` files under a rules folder (links followed once), for rows of a switched-off source. */
function listRuleFiles(fs: ClaudeFs, dir: string, seen = new Set<string>()): string[] {
  if (seen.has(dir)) return [];
  seen.add(dir);
  const entries = fs.list(dir);
  if ('error' in entries) return [];
  const out: string[] = [];
  for (const e of entries) {
    const path = joinPath(dir, e.name);
    const stat = fs.stat(path);
    if ('error' in stat) continue;
    if (stat.kind === 'directory') out.push(...listRuleFiles(fs, path, seen));
    else if (stat.kind === 'file' && e.name.endsWith('.md')) out.push(path);
  }
  return out;
}

function startDetail(info: MemoryInfo, display: (p: string) => string): string {
  if (info.parent !== null)
    return `Included by ${display(info.parent)} (${info.draft.directive}); sent at session start.`;
  return `Sent at session start (${info.level} level).`;
}
