/**
 * Claude Code 2.1.197's two loaders, reproduced with their quirks (checked with the oracle,
 * ../shared/tools/claude-code-oracle): `processMemoryFile` (one file, then its includes
 * depth-first) and `processMdRules` (a rules folder in raw listing order). Both share a
 * `processed` set with their caller, as Claude Code's do, and record every decision as a
 * draft row for the report.
 */

import { MAX_INCLUDE_DEPTH, MAX_MEMORY_CHARACTER_COUNT } from './claude-md-input';
import { isNetPath } from './include-paths';
import { parseMemoryFileContent } from './memory-file-content';
import { comparisonKey, extnamePath, isPathWithin, joinPath, normalizePath } from '../base/posix-path';
import { isTextExtension } from './text-extensions';
import type { ExcludeMatcher } from './claude-md-excludes';
import type {
  ClaudeFs,
  ClaudeMdDiagnostic,
  ClaudeMdFile,
  ClaudeMdFileKind,
  ClaudeMdLevel,
  ClaudeMdLoadReason,
  ClaudeMdPhase,
} from './types';

/** Claude Code reads at most this many bytes of a memory file; larger ones are skipped. */
export const MAX_MEMORY_FILE_BYTES = 4 * 1024 * 1024;

/** A row of the report while the assembly runs; `hidden` rows are dropped at the end. */
export type Draft = {
  -readonly [K in keyof Omit<ClaudeMdFile, 'index' | 'span' | 'contentSpan' | 'attachment'>]: ClaudeMdFile[K];
} & { content: string | null; hidden: boolean; attachment: number | null };

/** A file Claude Code loaded (its `MemoryFileInfo`), with the row that reports it. */
export interface MemoryInfo {
  readonly path: string;
  readonly level: ClaudeMdLevel;
  readonly content: string;
  /** Frontmatter `paths`, for any file (Claude Code parses them everywhere). */
  readonly globs: readonly string[] | null;
  readonly parent: string | null;
  readonly draft: Draft;
}

/** How one file is reached. */
export interface FileVisit {
  readonly path: string;
  readonly level: ClaudeMdLevel;
  readonly kind: ClaudeMdFileKind;
  readonly reason: ClaudeMdLoadReason;
  readonly includeExternal: boolean;
  readonly depth?: number;
  readonly parent?: string | null;
  readonly directive?: string | null;
}

/** How one rules folder is walked. */
export interface RulesVisit {
  readonly rulesDir: string;
  readonly level: ClaudeMdLevel;
  readonly reason: ClaudeMdLoadReason;
  readonly includeExternal: boolean;
  /** `true`: keep the files with `paths`; `false`: keep those without. */
  readonly conditional: boolean;
  /** The folder `paths` are relative to, for the rows. */
  readonly globBase: string;
}

/** Reads memory files for one assembly and collects rows and diagnostics. */
export class MemoryLoader {
  readonly drafts: Draft[] = [];
  readonly diagnostics: ClaudeMdDiagnostic[] = [];
  /** Candidates looked for and not found, so a watcher notices when one appears. */
  readonly searched: string[] = [];
  /** The phase rows are recorded for. */
  phase: ClaudeMdPhase = 'start';
  /** When `true`, skipped files leave no row (a pass that repeats an earlier one). */
  quiet = false;
  /** When `true`, rule files left for later are not reported as deferred (the Read phase reports them itself). */
  hideDeferred = false;
  /** The settings' `claudeMdExcludes`, when any. */
  excludes: ExcludeMatcher | null = null;

  constructor(
    private readonly fs: ClaudeFs,
    private readonly cwd: string,
    private readonly home: string,
    private readonly display: (path: string) => string,
  ) {}

  /** A row for a file reached; skipped rows are left out in a quiet pass. */
  record(v: FileVisit, status: Draft['status'], detail: string, extra: Partial<Draft> = {}): Draft {
    const draft: Draft = {
      phase: this.phase,
      path: v.path,
      realPath: null,
      display: this.display(v.path),
      level: v.level,
      kind: v.kind,
      status,
      reason: v.reason,
      parent: v.parent ?? null,
      depth: v.depth ?? 0,
      directive: v.directive ?? null,
      chars: 0,
      bytes: null,
      warning: null,
      globs: null,
      globBase: null,
      testedPath: null,
      differsFromDisk: false,
      excludedBy: null,
      detail,
      content: null,
      hidden: false,
      attachment: null,
      ...extra,
    };
    if (!(this.quiet && status !== 'loaded')) this.drafts.push(draft);
    return draft;
  }

  diag(level: ClaudeMdDiagnostic['level'], code: ClaudeMdDiagnostic['code'], message: string, file: string) {
    if (!this.quiet) this.diagnostics.push({ level, code, message, file });
  }

  /** `stat`, or `null` when the path does not exist. */
  fsStat(path: string) {
    const stat = this.fs.stat(path);
    return 'error' in stat ? null : stat;
  }

  /** The short form of a path for rows and sentences. */
  displayOf(path: string): string {
    return this.display(path);
  }

  /** The path with symlinks resolved, or the path itself when that fails (Claude Code's `safeResolvePath`). */
  resolve(path: string): string {
    const real = this.fs.realpath(path);
    return typeof real === 'string' ? normalizePath(real) : path;
  }

  /** `processMemoryFile`: the file, then its includes depth-first; `[]` when it loads nothing. */
  processFile(v: FileVisit, processed: Set<string>): MemoryInfo[] {
    const depth = v.depth ?? 0;
    const key = comparisonKey(v.path);
    if (processed.has(key)) {
      this.record(v, 'cycle', 'Already processed earlier: an include cycle or the same file reached twice.');
      if (v.kind === 'include')
        this.diag('info', 'include-cycle', `Skipped ${v.directive}: already loaded.`, v.path);
      return [];
    }
    if (depth >= MAX_INCLUDE_DEPTH) {
      this.record(
        v,
        'too-deep',
        `Include depth ${depth}: at most ${MAX_INCLUDE_DEPTH - 1} levels of includes load.`,
      );
      this.diag(
        'warning',
        'include-too-deep',
        `Skipped ${v.directive}: include depth ${depth} is too deep.`,
        v.path,
      );
      return [];
    }
    // Tested on the path as reached, before it is marked processed (as Claude Code does).
    const excluded = this.excludes?.match(v.path, v.level) ?? null;
    if (excluded !== null) {
      this.record(
        v,
        'excluded-by-pattern',
        `Matches "${excluded.pattern}" of claudeMdExcludes in ${this.display(excluded.file)}: not loaded.`,
        { excludedBy: excluded },
      );
      return [];
    }
    if (isUncPath(v.path) || isNetPath(v.path)) return [];
    const resolved = this.resolve(v.path);
    if (isUncPath(resolved) || isNetPath(resolved)) return [];
    const realPath = resolved !== v.path ? resolved : null;
    if (realPath !== null) {
      const realKey = comparisonKey(realPath);
      if (processed.has(realKey)) {
        this.record(v, 'cycle', `Its real file ${this.display(realPath)} was already loaded.`, { realPath });
        return [];
      }
      processed.add(realKey);
    }
    // Marked before it is read: a missing, non-text or empty file is not tried again.
    processed.add(key);
    const stat = this.fs.stat(v.path);
    if ('error' in stat || stat.kind !== 'file' || stat.size > MAX_MEMORY_FILE_BYTES) {
      const why =
        'error' in stat ? stat.error : stat.kind !== 'file' ? `not a file (${stat.kind})` : 'over 4 MiB';
      this.record(v, 'missing', `Not read: ${why}.`, { realPath });
      if (v.kind === 'include')
        this.diag('warning', 'include-missing', `Include ${v.directive} not read (${why}).`, v.path);
      return [];
    }
    const raw = this.fs.readText(v.path);
    if (typeof raw !== 'string') {
      this.record(v, 'missing', `Cannot read: ${raw.message}`, { realPath, bytes: stat.size });
      this.diag('warning', 'read-error', `Cannot read ${v.path}: ${raw.message}`, v.path);
      return [];
    }
    const ext = extnamePath(v.path);
    if (!isTextExtension(ext)) {
      this.record(v, 'non-text', `Extension ${ext} is not a text type; not loaded.`, {
        realPath,
        bytes: stat.size,
      });
      this.diag('info', 'include-non-text', `Skipped ${v.path}: ${ext} is not a text file.`, v.path);
      return [];
    }
    let parsed: ReturnType<typeof parseMemoryFileContent>;
    try {
      parsed = parseMemoryFileContent(raw, resolved, this.home);
    } catch (error) {
      // Claude Code catches what its reader throws and skips the file without a word.
      const why = error instanceof Error ? error.message : String(error);
      this.record(v, 'missing', `Cannot be processed: ${why}`, { realPath, bytes: stat.size });
      this.diag('warning', 'read-error', `Cannot process ${v.path}: ${why}`, v.path);
      return [];
    }
    if (parsed.frontmatterError) {
      const e = parsed.frontmatterError;
      this.diag(
        'warning',
        'frontmatter-parse-error',
        `Frontmatter line ${e.line}: ${e.message}; read as empty.`,
        v.path,
      );
    }
    // `globs` go on the row only where they matter: files reached through a rules folder.
    const base = { realPath, bytes: stat.size, differsFromDisk: parsed.differsFromDisk };
    if (parsed.content.trim() === '') {
      // Dropped before its includes are followed.
      this.record(
        v,
        'empty',
        'Empty after frontmatter and comments are removed: nothing sent, includes not followed.',
        base,
      );
      return [];
    }
    const chars = parsed.content.length;
    const warning = chars > MAX_MEMORY_CHARACTER_COUNT ? 'over-40k' : null;
    const draft = this.record(v, 'loaded', '', { ...base, chars, warning, content: parsed.content });
    const out: MemoryInfo[] = [
      {
        path: v.path,
        level: v.level,
        content: parsed.content,
        globs: parsed.globs,
        parent: v.parent ?? null,
        draft,
      },
    ];
    for (const inc of parsed.includes) {
      const child: FileVisit = {
        path: inc.resolved,
        level: v.level,
        kind: 'include',
        reason: 'include',
        includeExternal: v.includeExternal,
        depth: depth + 1,
        parent: v.path,
        directive: inc.directive,
      };
      if (!v.includeExternal && !isInsideFolded(this.cwd, inc.resolved)) {
        this.record(
          child,
          'external-not-approved',
          'Outside the working directory, and external includes are not approved here.',
        );
        this.diag(
          'warning',
          'external-include-not-approved',
          `External include ${inc.directive} not approved.`,
          inc.resolved,
        );
        continue;
      }
      out.push(...this.processFile(child, processed));
    }
    return out;
  }

  /**
   * `processMdRules`: the folder's entries in the order the file system lists them (no sort),
   * folders recursed by their resolved path, `.md` files loaded by their resolved path; the
   * flattened result (includes too) is then kept by whether it has `paths`.
   */
  processRules(r: RulesVisit, processed: Set<string>, visited: Set<string> = new Set()): MemoryInfo[] {
    if (visited.has(r.rulesDir)) return [];
    const resolvedDir = this.resolve(r.rulesDir);
    if (isUncPath(resolvedDir) || isNetPath(resolvedDir)) return [];
    visited.add(r.rulesDir);
    if (resolvedDir !== r.rulesDir) visited.add(resolvedDir);
    const entries = this.fs.list(resolvedDir);
    if ('error' in entries) return [];
    const out: MemoryInfo[] = [];
    for (const entry of entries) {
      const entryPath = joinPath(r.rulesDir, entry.name);
      const resolved = this.resolve(entryPath);
      if (isUncPath(resolved) || isNetPath(resolved)) continue;
      let kind = entry.kind;
      if (resolved !== entryPath) {
        const stat = this.fs.stat(resolved);
        if ('error' in stat) continue;
        kind = stat.kind;
      }
      if (kind === 'directory') {
        out.push(...this.processRules({ ...r, rulesDir: resolved }, processed, visited));
      } else if (kind === 'file' && entry.name.endsWith('.md')) {
        const infos = this.processFile(
          {
            path: resolved,
            level: r.level,
            kind: 'rule',
            reason: r.reason,
            includeExternal: r.includeExternal,
          },
          processed,
        );
        for (const info of infos) {
          if (info.globs !== null) {
            info.draft.globs = info.globs;
            info.draft.globBase = r.globBase;
          }
          if ((info.globs !== null) === r.conditional) out.push(info);
          else if (r.conditional || this.hideDeferred) info.draft.hidden = true;
          else {
            info.draft.status = 'deferred';
            info.draft.reason = 'path_glob_match';
            info.draft.detail = `Has paths (${info.globs!.join(', ')}): never sent at start; attached when Claude reads a matching file.`;
          }
        }
      }
    }
    return out;
  }
}

/** `//host/…` (UNC-style) paths, which Claude Code never reads as memory. */
function isUncPath(path: string): boolean {
  return /^[\\/]{2}/.test(path) && !/^[\\/]{2}wsl(\$|\.localhost)[\\/]/i.test(path);
}

/** Claude Code's "inside the working directory" test for includes: letter case folded. */
export function isInsideFolded(dir: string, path: string): boolean {
  return isPathWithin(path.toLowerCase(), dir.toLowerCase());
}
