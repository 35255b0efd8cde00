/**
 * Data shapes of the CLAUDE.md assembly: its inputs, the file-system port it reads through,
 * and the report the CLI and the Timeline are built from.
 *
 * Spec: docs/claude-md.md (numbered as the chapter, "§19.x", corrected by the real CLI). The
 * report mirrors the ECK `RenderReport` (a `context` string, rows with status, reason, bytes and
 * span) so the same views show both.
 */

import type { DirEntry, FileStat, FsError, ReadOnlyFs } from '../base/file-system';
import type { Span } from '../base/span';
import type { ClaudeMemorySettings, ExcludePattern } from './claude-settings';

export type { DirEntry, FileStat, FsError, Span };

/**
 * The only way the assembly touches files: the shared read-only port plus `realpath`, which symlink
 * cycle detection needs (§19.2 "符号链接处理": the resolved path is marked processed too).
 * Paths are absolute and `/`-separated.
 */
export interface ClaudeFs extends ReadOnlyFs {
  /** The path with every symlink resolved; an `FsError` when it does not exist or loops. */
  realpath(path: string): string | FsError;
}

/** Claude Code's memory types of the four standard levels (§19.1), lower-cased. */
export type ClaudeMdLevel = 'managed' | 'user' | 'project' | 'local';

/** The setting sources that switch levels on and off (§19.1 "可控的配置源开关"). */
export interface SettingSources {
  /** `userSettings`: the User level. */
  readonly user: boolean;
  /** `projectSettings`: CLAUDE.md, .claude/CLAUDE.md and rules of every folder. */
  readonly project: boolean;
  /** `localSettings`: CLAUDE.local.md of every folder. */
  readonly local: boolean;
}

/** Everything one assembly depends on (docs/claude-md.md §19.1). */
export interface ClaudeMdInput {
  /** The project's working directory (Claude Code's original cwd), absolute. */
  readonly cwd: string;
  /** The user's home: `~/.claude/…` and `@~/` includes. */
  readonly home: string;
  /** The managed-policy folder; Claude Code's default on Linux is `/etc/claude-code`. */
  readonly managedDir?: string;
  /** A file Claude would operate on, for conditional rules; relative paths are taken from `cwd`. */
  readonly target?: string | null;
  /** Which setting sources are on; all on by default. */
  readonly settingSources?: Partial<SettingSources>;
  /**
   * `hasClaudeMdExternalIncludesApproved`. When absent it is read where Claude Code keeps it:
   * the project's entry in `~/.claude.json` (the project being the git root of `cwd`).
   */
  readonly approveExternalIncludes?: boolean;
  /**
   * The environment Claude Code starts with (`CLAUDE_CODE_DISABLE_CLAUDE_MDS`,
   * `CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD`); the settings' `env` overrides it.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Folders given with `--add-dir` (or `permissions.additionalDirectories`). */
  readonly additionalDirectories?: readonly string[];
  /**
   * `CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD`: only when set does Claude Code load the
   * memory files of the additional directories at start. When absent it comes from `env` and
   * the settings' `env`.
   */
  readonly additionalDirectoriesClaudeMd?: boolean;
}

/** The inputs as the assembly used them, defaults filled in and paths normalised. */
export interface ResolvedClaudeMdInput {
  readonly cwd: string;
  readonly home: string;
  readonly managedDir: string;
  readonly target: string | null;
  readonly settingSources: SettingSources;
  readonly approveExternalIncludes: boolean;
  readonly additionalDirectories: readonly string[];
  readonly additionalDirectoriesClaudeMd: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** What became of one file (in the words of the Timeline badges). */
export type ClaudeMdStatus =
  | 'loaded'
  | 'conditional-matched'
  | 'conditional-not-matched'
  | 'deferred'
  | 'empty'
  | 'excluded-by-setting'
  /** Dropped by a `claudeMdExcludes` pattern of the settings. */
  | 'excluded-by-pattern'
  | 'cycle'
  | 'too-deep'
  | 'external-not-approved'
  | 'non-text'
  | 'missing';

/** All statuses; the first two put content into the assembled text or an attachment. */
export const CLAUDE_MD_STATUSES: readonly ClaudeMdStatus[] = [
  'loaded',
  'conditional-matched',
  'conditional-not-matched',
  'deferred',
  'empty',
  'excluded-by-setting',
  'excluded-by-pattern',
  'cycle',
  'too-deep',
  'external-not-approved',
  'non-text',
  'missing',
];

/** Why a file was reached: the `InstructionsLoaded` hook's `load_reason` values (§19.10). */
export type ClaudeMdLoadReason = 'session_start' | 'nested_traversal' | 'path_glob_match' | 'include';

/** Which candidate of a folder a file is, or `include` for a file reached by `@path`. */
export type ClaudeMdFileKind =
  | 'claude-md'
  | 'dot-claude-md'
  | 'rule'
  | 'local-md'
  | 'include'
  /** The `claudeMd` string of the managed settings (`managed-settings.json`), shown as `<managed-settings>`. */
  | 'managed-settings';

/**
 * When Claude Code sends a file: in the block at session start, or attached after Claude
 * reads the target file (Claude Code 2.1's nested memory).
 */
export type ClaudeMdPhase = 'start' | 'read';

/** Everything the assembly decided about one file, in load order. */
export interface ClaudeMdFile {
  /** Position in `files` (load order: the start phase, then the Read phase). */
  readonly index: number;
  readonly phase: ClaudeMdPhase;
  /** Index into `attachedOnRead` for a file attached after the Read, else `null`. */
  readonly attachment: number | null;
  /** The path as reached (not symlink-resolved), absolute. */
  readonly path: string;
  /** The resolved path when it differs from `path` (a symlink), else `null`. */
  readonly realPath: string | null;
  /** Short form for lists: relative to cwd, `~/…` under home, else absolute. */
  readonly display: string;
  readonly level: ClaudeMdLevel;
  readonly kind: ClaudeMdFileKind;
  readonly status: ClaudeMdStatus;
  readonly reason: ClaudeMdLoadReason;
  /** The including file for includes, else `null`. */
  readonly parent: string | null;
  /** 0 for a top file, +1 per include. */
  readonly depth: number;
  /** The directive as written (`@./docs/a.md#x`), for includes. */
  readonly directive: string | null;
  /** Characters (UTF-16 units) of the processed content; 0 when not read. */
  readonly chars: number;
  /** Bytes on disk; `null` when the file was not found. */
  readonly bytes: number | null;
  /** Set when the processed content exceeds `MAX_MEMORY_CHARACTER_COUNT` (§19.6). */
  readonly warning: 'over-40k' | null;
  /** Frontmatter `paths` after splitting, brace expansion and `/**` trimming; `null` = unconditional. */
  readonly globs: readonly string[] | null;
  /** Folder the globs are relative to, when the file has globs. */
  readonly globBase: string | null;
  /** The target path as tested against the globs (relative to `globBase`), when one was tested. */
  readonly testedPath: string | null;
  /** `true` when the processed content differs from the bytes on disk (§19.7 `contentDiffersFromDisk`). */
  readonly differsFromDisk: boolean;
  /** Span of the file's block (header + content) in `context`; `null` when it contributes none. */
  readonly span: Span | null;
  /** Span of the content only. */
  readonly contentSpan: Span | null;
  /** The `claudeMdExcludes` pattern (and its settings file) that dropped the file, else `null`. */
  readonly excludedBy: ExcludePattern | null;
  /** One sentence for the "why" column. */
  readonly detail: string;
}

/** Stable diagnostic codes of the CLAUDE.md assembly. */
export type ClaudeMdDiagnosticCode =
  | 'cwd-missing'
  | 'over-40k'
  | 'frontmatter-parse-error'
  | 'read-error'
  | 'include-missing'
  | 'include-too-deep'
  | 'include-cycle'
  | 'include-non-text'
  | 'external-include-not-approved'
  /** The target is not a file: Claude Code's Read fails and attaches nothing. */
  | 'target-not-a-file'
  /** `CLAUDE_CODE_DISABLE_CLAUDE_MDS` is set: no memory at all. */
  | 'claude-mds-disabled'
  /** A settings file (or `~/.claude.json`) that is not a JSON object: ignored. */
  | 'settings-invalid';

/** A finding about the files, never thrown: collected. */
export interface ClaudeMdDiagnostic {
  readonly level: 'error' | 'warning' | 'info';
  readonly code: ClaudeMdDiagnosticCode;
  readonly message: string;
  /** File the diagnostic is about (absolute), when there is one. */
  readonly file?: string;
}

/** Totals over the files that contributed to `context` (the start block). */
export interface ClaudeMdTotals {
  readonly loaded: number;
  readonly chars: number;
  readonly bytes: number;
  /** Files over the 40,000-character warning. */
  readonly overWarning: number;
}

/** One message Claude Code attaches after the Read of the target: `Contents of <path>:\n\n<content>`. */
export interface ClaudeMdAttachment {
  readonly path: string;
  readonly text: string;
}

/** The Claude Code version whose behaviour the assembly reproduces (checked with the oracle). */
export const CLAUDE_CODE_VERSION = '2.1.197';

/** The result of one assembly. */
export interface ClaudeMdReport {
  readonly input: ResolvedClaudeMdInput;
  /** The start block exactly as Claude Code sends it at session start; `''` when nothing loaded. */
  readonly context: string;
  /** The messages attached after a Read of the target, in order; `null` without a target. */
  readonly attachedOnRead: readonly ClaudeMdAttachment[] | null;
  /** Every file reached, in load order. */
  readonly files: readonly ClaudeMdFile[];
  readonly totals: ClaudeMdTotals;
  /** The settings that changed memory, and the files they came from. */
  readonly settings: ClaudeMemorySettings;
  /** Candidate paths looked for and not found (CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md, rules folders). */
  readonly searched: readonly string[];
  readonly diagnostics: readonly ClaudeMdDiagnostic[];
}
