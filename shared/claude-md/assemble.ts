/**
 * Reproduces Claude Code's CLAUDE.md assembly for one working directory (§19.1
 * `getMemoryFiles`, §19.2 `processMemoryFile`, §19.3 rules) and reports every decision:
 * each file reached, in load order, with its level, status, load reason and parent, plus the
 * assembled text. Pure: all I/O goes through the `ClaudeFs` port.
 */

import { MAX_INCLUDE_DEPTH, MAX_MEMORY_CHARACTER_COUNT, resolveClaudeMdInput } from './claude-md-input';
import { buildContext } from './final-text';
import { parseMemoryFileContent } from './memory-file-content';
import {
  ancestorsBelowRoot,
  comparisonKey,
  dirname,
  extname,
  isInside,
  join,
  normalize,
  relative,
} from './posix-path';
import { listRuleFiles } from './rules-walk';
import { testTarget } from './rule-target';
import { isTextExtension } from './text-extensions';
import type {
  ClaudeFs,
  ClaudeMdDiagnostic,
  ClaudeMdFile,
  ClaudeMdFileKind,
  ClaudeMdInput,
  ClaudeMdLevel,
  ClaudeMdLoadReason,
  ClaudeMdReport,
  ClaudeMdStatus,
} from './types';

type Draft = Omit<ClaudeMdFile, 'index' | 'span' | 'contentSpan'> & { readonly content: string | null };

interface Visit {
  readonly path: string;
  readonly level: ClaudeMdLevel;
  readonly kind: ClaudeMdFileKind;
  readonly reason: ClaudeMdLoadReason;
  readonly depth: number;
  readonly parent: string | null;
  readonly directive: string | null;
  readonly includeExternal: boolean;
  /** For rules-folder files: the folder their globs are relative to (§19.3). */
  readonly globBase: string | null;
}

/** Assembles the memory files for `input`, reading through `fs`. */
export function assembleClaudeMd(input: ClaudeMdInput, fs: ClaudeFs): ClaudeMdReport {
  const opts = resolveClaudeMdInput(input);
  const drafts: Draft[] = [];
  const diagnostics: ClaudeMdDiagnostic[] = [];
  const searched: string[] = [];
  const processed = new Set<string>();
  const { cwd, home, target, settingSources: on, approveExternalIncludes: approved } = opts;

  const display = (path: string): string => {
    if (isInside(cwd, path)) return relative(cwd, path) || '.';
    if (isInside(home, path)) return '~/' + relative(home, path);
    return path;
  };
  const push = (v: Visit, status: ClaudeMdStatus, detail: string, extra: Partial<Draft> = {}): void => {
    drafts.push({
      path: v.path,
      realPath: null,
      display: display(v.path),
      level: v.level,
      kind: v.kind,
      status,
      reason: v.reason,
      parent: v.parent,
      depth: v.depth,
      directive: v.directive,
      chars: 0,
      bytes: null,
      warning: null,
      globs: null,
      globBase: null,
      testedPath: null,
      differsFromDisk: false,
      detail,
      content: null,
      ...extra,
    });
  };
  const diag = (
    level: ClaudeMdDiagnostic['level'],
    code: ClaudeMdDiagnostic['code'],
    message: string,
    file: string,
  ) => diagnostics.push({ level, code, message, file });

  /** `processMemoryFile`: one file, then its includes depth-first (clarifications "Includes"). */
  const processFile = (v: Visit): void => {
    const key = comparisonKey(v.path);
    if (processed.has(key)) {
      push(v, 'cycle', 'Already loaded earlier: an include cycle or the same file reached twice.');
      if (v.kind === 'include')
        diag('info', 'include-cycle', `Skipped ${v.directive}: already loaded.`, v.path);
      return;
    }
    if (v.depth >= MAX_INCLUDE_DEPTH) {
      push(
        v,
        'too-deep',
        `Include depth ${v.depth}: at most ${MAX_INCLUDE_DEPTH - 1} levels of includes load.`,
      );
      diag(
        'warning',
        'include-too-deep',
        `Skipped ${v.directive}: include depth ${v.depth} is too deep.`,
        v.path,
      );
      return;
    }
    const stat = fs.stat(v.path);
    if ('error' in stat || stat.kind !== 'file') {
      const why = 'error' in stat ? stat.error : `not a file (${stat.kind})`;
      push(v, 'missing', `Not found: ${why}.`);
      diag('warning', 'include-missing', `Include ${v.directive} not found (${why}).`, v.path);
      return;
    }
    const ext = extname(v.path);
    if (!isTextExtension(ext)) {
      push(v, 'non-text', `Extension ${ext} is not a text type; not included.`, { bytes: stat.size });
      diag('info', 'include-non-text', `Skipped ${v.directive}: ${ext} is not a text file.`, v.path);
      return;
    }
    const raw = fs.readText(v.path);
    if (typeof raw !== 'string') {
      push(v, 'missing', `Cannot read: ${raw.message}`, { bytes: stat.size });
      diag('warning', 'read-error', `Cannot read ${v.path}: ${raw.message}`, v.path);
      return;
    }
    const parsed = parseMemoryFileContent(raw, v.path, home);
    if (parsed.frontmatterError) {
      const e = parsed.frontmatterError;
      diag(
        'warning',
        'frontmatter-parse-error',
        `Frontmatter line ${e.line}: ${e.message}; read as empty.`,
        v.path,
      );
    }
    const globs = v.globBase !== null ? parsed.globs : null;
    let status: ClaudeMdStatus = 'loaded';
    let reason = v.reason;
    let detail = loadedDetail(v, display);
    let testedPath: string | null = null;
    if (globs) {
      const test = testTarget(globs, v.globBase!, target);
      testedPath = test.tested;
      // A conditional rule is only ever loaded by a path match, so that is its reason either way.
      reason = 'path_glob_match';
      if (!test.matched) {
        push({ ...v, reason }, 'conditional-not-matched', test.detail, {
          bytes: stat.size,
          globs,
          globBase: v.globBase,
          testedPath,
        });
        return;
      }
      status = 'conditional-matched';
      detail = test.detail;
    }
    // Mark the path as reached, then its resolved path (§19.2 "符号链接处理").
    processed.add(key);
    const real = fs.realpath(v.path);
    const realPath = typeof real === 'string' && comparisonKey(real) !== key ? normalize(real) : null;
    if (realPath) processed.add(comparisonKey(realPath));
    const chars = parsed.content.length;
    const warning = chars > MAX_MEMORY_CHARACTER_COUNT ? 'over-40k' : null;
    if (warning) {
      diag(
        'warning',
        'over-40k',
        `${display(v.path)} is ${chars} characters (over ${MAX_MEMORY_CHARACTER_COUNT}).`,
        v.path,
      );
    }
    if (parsed.content === '') detail += ' Empty after processing: no block.';
    push({ ...v, reason }, status, detail, {
      realPath,
      chars,
      bytes: stat.size,
      warning,
      globs,
      globBase: globs ? v.globBase : null,
      testedPath,
      differsFromDisk: parsed.differsFromDisk,
      content: parsed.content,
    });
    for (const inc of parsed.includes) {
      const child: Visit = {
        path: inc.resolved,
        level: v.level,
        kind: 'include',
        reason: 'include',
        depth: v.depth + 1,
        parent: v.path,
        directive: inc.directive,
        includeExternal: v.includeExternal,
        globBase: null,
      };
      if (!v.includeExternal && !isInside(cwd, inc.resolved)) {
        push(
          child,
          'external-not-approved',
          'Outside the working directory, and external includes are not approved.',
        );
        diag(
          'warning',
          'external-include-not-approved',
          `External include ${inc.directive} not approved.`,
          inc.resolved,
        );
        continue;
      }
      processFile(child);
    }
  };

  const visitTop = (
    v: Omit<Visit, 'depth' | 'parent' | 'directive' | 'globBase'>,
    enabled: boolean,
    source: string,
  ) => {
    const stat = fs.stat(v.path);
    if ('error' in stat || stat.kind !== 'file') {
      searched.push(v.path);
      return;
    }
    const visit: Visit = { ...v, depth: 0, parent: null, directive: null, globBase: null };
    if (!enabled) push(visit, 'excluded-by-setting', `${source} is off.`, { bytes: stat.size });
    else processFile(visit);
  };
  const visitRules = (
    rulesDir: string,
    level: ClaudeMdLevel,
    reason: ClaudeMdLoadReason,
    globBase: string,
    includeExternal: boolean,
    enabled: boolean,
    source: string,
  ) => {
    const listing = listRuleFiles(fs, rulesDir);
    if (!listing.exists) searched.push(rulesDir);
    for (const path of listing.files) {
      const visit: Visit = {
        path,
        level,
        kind: 'rule',
        reason,
        depth: 0,
        parent: null,
        directive: null,
        includeExternal,
        globBase,
      };
      if (enabled) processFile(visit);
      else push(visit, 'excluded-by-setting', `${source} is off.`);
    }
  };
  const visitFolder = (dir: string, reason: ClaudeMdLoadReason) => {
    const project = { level: 'project', reason, includeExternal: approved } as const;
    visitTop({ ...project, path: join(dir, 'CLAUDE.md'), kind: 'claude-md' }, on.project, 'projectSettings');
    visitTop(
      { ...project, path: join(dir, '.claude/CLAUDE.md'), kind: 'dot-claude-md' },
      on.project,
      'projectSettings',
    );
    visitRules(join(dir, '.claude/rules'), 'project', reason, dir, approved, on.project, 'projectSettings');
    const local = { level: 'local', reason, includeExternal: approved, kind: 'local-md' } as const;
    visitTop({ ...local, path: join(dir, 'CLAUDE.local.md') }, on.local, 'localSettings');
  };

  const cwdStat = fs.stat(cwd);
  if ('error' in cwdStat || cwdStat.kind !== 'directory') {
    diag('error', 'cwd-missing', `Working directory ${cwd} is not a folder.`, cwd);
  }
  // 1. Managed: always on; its includes are external unless approved (clarifications "Includes").
  const managed = opts.managedDir;
  const managedTop = { level: 'managed', reason: 'session_start', includeExternal: approved } as const;
  visitTop({ ...managedTop, path: join(managed, 'CLAUDE.md'), kind: 'claude-md' }, true, 'managed');
  visitRules(join(managed, '.claude/rules'), 'managed', 'session_start', cwd, approved, true, 'managed');
  // 2. User: `includeExternal` is always true here (§19.1 step 2).
  const userTop = { level: 'user', reason: 'session_start', includeExternal: true } as const;
  visitTop({ ...userTop, path: join(home, '.claude/CLAUDE.md'), kind: 'claude-md' }, on.user, 'userSettings');
  visitRules(join(home, '.claude/rules'), 'user', 'session_start', cwd, true, on.user, 'userSettings');
  // 3–4. Project and Local, from the folder below the root down to cwd (§19.1 step 3).
  for (const dir of ancestorsBelowRoot(cwd).reverse()) visitFolder(dir, 'session_start');
  // Nested traversal toward the target **(decision)**: the folders below cwd down to the
  // target's folder, as Claude Code loads them when it touches the target.
  if (target && isInside(cwd, target)) {
    const below = ancestorsBelowRoot(dirname(target)).filter((d) => d !== cwd && isInside(cwd, d));
    for (const dir of below.reverse()) visitFolder(dir, 'nested_traversal');
  }

  const built = buildContext(drafts);
  const files = drafts.map(({ content: _content, ...rest }, index): ClaudeMdFile => {
    const spans = built.spans[index] ?? null;
    return { index, ...rest, span: spans?.span ?? null, contentSpan: spans?.contentSpan ?? null };
  });
  const contributing = files.filter((f) => f.span !== null);
  return {
    input: opts,
    context: built.context,
    files,
    totals: {
      loaded: contributing.length,
      chars: contributing.reduce((sum, f) => sum + f.chars, 0),
      bytes: contributing.reduce((sum, f) => sum + (f.bytes ?? 0), 0),
      overWarning: files.filter((f) => f.warning !== null).length,
    },
    searched,
    diagnostics,
  };
}

function loadedDetail(v: Visit, display: (p: string) => string): string {
  if (v.kind === 'include') return `Included by ${display(v.parent!)} (${v.directive}).`;
  if (v.reason === 'nested_traversal') return 'Loaded on the way from the working directory to the target.';
  return `Loaded at session start (${v.level} level).`;
}
