/**
 * Data shapes of the assembly engine: its inputs, the file-system port it reads through,
 * and the RenderReport every view of the inspector is built from.
 *
 * Spec: docs/engine.md, which follows evolcore's code, then its reference
 * (kits/docs/reference/context-assembly.md), then our decisions. Section numbers below ("§7")
 * point into docs/engine.md.
 */

import type { ReadOnlyFs } from '../base/file-system';
import type { Span } from '../base/span';
import type { SectionType, UnknownSectionType } from '../format';

/** A JSON value as read from a manifest, a config or a vars file. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** A vars object: runtime variables of one render. Values are arbitrary JSON. */
export type Vars = Readonly<Record<string, unknown>>;

// The file-system port lives in shared/base (the CLAUDE.md assembly reads through it too).
export type { DirEntry, EntryKind, FileStat, FsError } from '../base/file-system';

/** The only way the engine touches files (docs/design.md §Shape: the engine is pure); see `ReadOnlyFs`. */
export type EngineFs = ReadOnlyFs;

/** Everything one render depends on. */
export interface RenderInput {
  /** The folder that holds `kits/` (`$PACKAGE_ROOT`). */
  readonly packageRoot: string;
  /** `$EVOLCORE_HOME`. */
  readonly home: string;
  /** Runtime vars; anything that is not an object earns `vars-not-object` and renders with `{}`. */
  readonly vars: unknown;
  /** `session.sessionType`, default `main` (§12). */
  readonly sessionType?: string;
  /** Forces the manifest file name (`--manifest`), skipping the `sessionManifests` lookup. */
  readonly manifestFile?: string;
  /** Unsaved override text (a draft) used instead of `$ECK/<manifest file>`; `null` = no override. */
  readonly overrideText?: string | null;
  /**
   * Where a draft's text came from (`--override FILE`), named in its diagnostics; relative
   * paths in it still resolve against `$ECK`, where it would be saved.
   */
  readonly overrideSource?: string;
  /**
   * Which product's engine to follow: `evolclaw` names its home `EVOLCLAW_HOME`
   * (var and `$EVOLCLAW_HOME` alias) and writes `EvolClaw` in the header line. Default evolcore.
   */
  readonly product?: Product;
}

/** The product whose kit and home are open: evolcore, or its predecessor evolclaw. */
export type Product = 'evolcore' | 'evolclaw';

export type DiagnosticLevel = 'error' | 'warning' | 'info';

/** Stable diagnostic codes (§13 plus the inspector's own). */
export type DiagnosticCode =
  | 'base-missing'
  | 'base-parse-error'
  | 'override-parse-error'
  | 'override-read-error'
  | 'manifest-bom'
  | 'manifest-shape'
  | 'invalid-section'
  | 'invalid-field'
  | 'missing-needs-injection'
  | 'override-without-id'
  | 'unknown-override-id'
  | 'duplicate-id'
  | 'deprecated-section'
  | 'path-escape'
  | 'unclosed-block'
  | 'loop-not-injected'
  | 'vars-not-object'
  | 'config-parse-error'
  | 'read-error'
  | 'binary-file'
  | 'invalid-utf8'
  | 'huge-file'
  | 'message-field'
  | 'file-too-large'
  | 'unknown-var'
  | 'zero-hides-block'
  | 'file-over-40k'
  | 'folder-near-budget'
  // Hazards of the real engine, reproduced and flagged (docs/engine.md §13).
  | 'when-missing'
  | 'when-crash'
  | 'when-not-condition'
  | 'manifest-crash'
  | 'path-outside-root'
  | 'relative-path'
  | 'each-value-reparsed'
  | 'each-joined'
  | 'object-rendered'
  | 'alias-without-boundary';

/** A finding about the manifest, the files or the vars. Never thrown: collected. */
export interface Diagnostic {
  readonly level: DiagnosticLevel;
  readonly code: DiagnosticCode;
  readonly message: string;
  /** Section id the diagnostic is about, when there is one. */
  readonly section?: string;
  /** File the diagnostic is about (absolute), when there is one. */
  readonly file?: string;
  /** 1-based line and column in `file`, when known (JSON errors, template tags). */
  readonly line?: number;
  readonly column?: number;
  /** The facts a hazard's sentence needs, so the UI can word it in the user's language. */
  readonly params?: Readonly<Record<string, string | number>>;
}

/** Status of a section, checked in this order (§4). */
export type SectionStatus =
  'invalid' | 'disabled' | 'when-false' | 'unresolved-vars' | 'not-exist' | 'over-total' | 'ok';

/** All statuses in their documented order of checking. */
export const SECTION_STATUSES: readonly SectionStatus[] = [
  'invalid',
  'disabled',
  'when-false',
  'unresolved-vars',
  'not-exist',
  'over-total',
  'ok',
];

/** Where a merged field or section came from. `added` = a section id only the override has. */
export type FieldOrigin = 'base' | 'override';
export type SectionOrigin = 'base' | 'override' | 'added';

/** Half-open range `[start, end)` of UTF-16 code units in the context string. */
export type { Span };

/** A raw section object as written in a manifest (unknown fields kept). */
export type RawSection = Readonly<Record<string, Json>>;

/** One section of the merged manifest, before evaluation. */
export interface MergedSection {
  /** The section as an object (`{}` when the entry is not one; then `value` says what it is). */
  readonly raw: RawSection;
  /** The entry exactly as merged (evolcore uses it as it is, whatever its type). */
  readonly value: Json;
  readonly id: string;
  readonly origin: SectionOrigin;
  /** Origin of every field present in `raw`. */
  readonly fieldOrigins: Readonly<Record<string, FieldOrigin>>;
  /** Position in the merged list before sorting (stable-sort key). */
  readonly index: number;
}

/** The merged manifest of one render (§11). */
export interface MergedManifest {
  readonly file: string;
  readonly basePath: string;
  readonly overridePath: string;
  /** `missing` when no override file, `draft` when `overrideText` was given. */
  readonly overrideState: 'missing' | 'file' | 'draft' | 'ignored';
  readonly mode: 'patch' | 'replace';
  readonly sections: readonly MergedSection[];
  /** Base ids an override `mode: replace` dropped. */
  readonly droppedByReplace: readonly string[];
  readonly totalMaxFiles: number;
  readonly totalMaxBytes: number;
  /** The limits as written (evolcore compares and prints them as they are, even a string). */
  readonly limitValues: { readonly totalMaxFiles: Json; readonly totalMaxBytes: Json };
  readonly limitOrigins: {
    readonly totalMaxFiles: FieldOrigin | 'default';
    readonly totalMaxBytes: FieldOrigin | 'default';
  };
}

/** One clause of an evaluated `when`, for explaining `and` / `or` clause by clause. */
export interface WhenNode {
  readonly kind: 'always' | 'true' | 'crash' | 'and' | 'or' | 'eq' | 'neq' | 'in' | 'nin' | 'any' | 'all';
  /** `null` when not evaluated: an earlier clause decided (`and` / `or` stop there), or it crashed. */
  readonly result: boolean | null;
  /** Vars this clause itself read (a compound clause reads through its children). */
  readonly reads: readonly { readonly name: string; readonly value: unknown; readonly present: boolean }[];
  readonly children: readonly WhenNode[];
}

/** The outcome of a `when` (for the UI's "why"). */
export interface WhenReport {
  /** The condition as written (`"always"` or the object). */
  readonly expression: Json | undefined;
  /** `null` when the condition is invalid or was not evaluated (section invalid/disabled). */
  readonly result: boolean | null;
  /** Each var the condition reads, with its actual value (`undefined` → absent). */
  readonly reads: readonly { readonly name: string; readonly value: unknown; readonly present: boolean }[];
  /** The evaluated clauses; null when not evaluated. */
  readonly tree: WhenNode | null;
}

/** One `{{?…}}` conditional met while rendering a template (for "kept or dropped"). */
export interface ConditionalTrace {
  readonly file: string;
  /** 1-based line of the opening tag in the source file. */
  readonly line: number;
  /** The tag as written, e.g. `{{?peerRole=owner}}`. */
  readonly expression: string;
  readonly key: string;
  readonly op: 'truthy' | 'eq' | 'neq';
  readonly expected?: string;
  /** The value the key had in scope when the tag was evaluated. */
  readonly actual: unknown;
  readonly kept: boolean;
  /** 1-based element index when inside a `{{#each}}` or a loop child; absent at top level. */
  readonly element?: number;
}

/** Role of a file within its section. */
export type FileRole = 'file' | 'directory-entry' | 'wrapper' | 'child';

/** A file that a section loaded. */
export interface LoadedFile {
  readonly path: string;
  readonly display: string;
  /** Raw bytes on disk: what budgets count (§6). */
  readonly bytes: number;
  readonly role: FileRole;
  /** Span of this file's block (header + content) in the context; the child of a loop has none. */
  readonly span: Span | null;
  /** Span of the content only (after the header). */
  readonly contentSpan: Span | null;
}

/** A file of a folder that did not fit (issue: list them by name and size). */
export interface NotLoadedFile {
  readonly name: string;
  readonly path: string;
  /** Size when it was known without extra cost; `null` when only counted. */
  readonly bytes: number | null;
}

/** A folder section cut by its own limits (§5). */
export interface Truncation {
  readonly reason: 'files' | 'bytes';
  readonly notLoaded: number;
  readonly maxFiles: number;
  readonly maxBytes: number;
  /** The note block as injected. */
  readonly note: string;
  /** The first files that did not fit (at most `NOT_LOADED_LISTED`), in name order. */
  readonly notLoadedFiles: readonly NotLoadedFile[];
}

/** Why the total gate stopped a section (§7). */
export interface OverTotal {
  readonly limit: 'files' | 'bytes' | 'both';
  /** Running totals before this section. */
  readonly filesBefore: number;
  readonly bytesBefore: number;
  /** What this section would have added. */
  readonly files: number;
  readonly bytes: number;
  /** `true` when it would fit but an earlier section already tripped the gate. */
  readonly afterCut: boolean;
}

/** Everything the engine decided about one section. */
export interface SectionReport {
  readonly id: string;
  readonly order: number | null;
  /** One of evolcore's types, a `type` string it does not know (the section is then `invalid`), or null. */
  readonly type: SectionType | UnknownSectionType | null;
  readonly description: string | null;
  readonly status: SectionStatus;
  readonly origin: SectionOrigin;
  readonly fieldOrigins: Readonly<Record<string, FieldOrigin>>;
  readonly needsInjection: boolean;
  readonly when: WhenReport;
  /** Names of the vars the `when` reads (empty for `always` or an invalid condition). */
  readonly whenVars: readonly string[];
  /** For `invalid`: which field and why. */
  readonly invalidReason: string | null;
  /** The path as written (`file` or `path`), and its loop child. */
  readonly rawPath: string | null;
  readonly rawChildPath: string | null;
  /** The path after expansion (absolute, normalised); null when unresolved or invalid. */
  readonly resolvedPath: string | null;
  readonly resolvedChildPath: string | null;
  readonly displayPath: string | null;
  /** Tokens whose var had no truthy value, as written (`$PERSONAL_DIR`, `{{peerKey}}`). */
  readonly unresolved: readonly string[];
  /** For `not-exist`: the path that was looked for. For a read failure: its message too. */
  readonly missingPath: string | null;
  readonly readError: string | null;
  readonly files: readonly LoadedFile[];
  /** Raw bytes of the loaded files. */
  readonly bytes: number;
  readonly truncated: Truncation | null;
  readonly overTotal: OverTotal | null;
  /** Span of all the section's blocks (and its folder note) in the context. */
  readonly span: Span | null;
  /** Every `{{?…}}` met while rendering, in source order per file. */
  readonly trace: readonly ConditionalTrace[];
  /** Vars read by this section's templates (`{{key}}`, `{{?key}}`, `#each`, loop `forEach`). */
  readonly templateVars: readonly string[];
  /** Loaded, but every file rendered blank: no block (status stays `ok`). */
  readonly empty: boolean;
  /** Files read whose rendered text was blank (they make no block and count nothing). */
  readonly emptyFiles: readonly string[];
  /** What evolcore's own render loop recorded for this section (its debug file, §14). */
  readonly debug: SectionDebugRecord;
}

/** A section's resolve status in evolcore's own words (`ResolveStatus`, §14). */
export type EngineResolveStatus =
  'ok' | 'unresolved-vars' | 'not-exist' | 'skipped-disabled' | 'skipped-when' | 'no-path';

/**
 * evolcore's per-section diagnostic record (`SectionDiagnostic` in kit-renderer.ts), kept with
 * the raw values the real debug writer prints, so `manifest-<ts>.md` can be written byte for byte.
 */
export interface SectionDebugRecord {
  readonly id: Json | undefined;
  readonly description: Json | undefined;
  readonly type: Json | undefined;
  /** `file` for a file section, else `path`; `""` when absent. */
  readonly rawPath: Json;
  readonly pattern: Json | undefined;
  readonly needsInjection: Json | undefined;
  readonly when: Json | undefined;
  readonly enabled: boolean;
  readonly whenPassed: boolean;
  readonly resolvedPath: string | null;
  readonly resolveStatus: EngineResolveStatus;
  readonly unresolvedTokens: readonly string[] | null;
  readonly fileCount: number;
  readonly emptyContent: boolean;
  readonly used: boolean;
  readonly injected: boolean;
  readonly dirOverflow: {
    readonly droppedFiles: number;
    readonly reason: 'files' | 'bytes';
    readonly limit: Json;
  } | null;
  readonly skippedByTotalCap: boolean;
}

/** Totals against the manifest's budgets. */
export interface TotalsReport {
  readonly files: number;
  readonly bytes: number;
  readonly maxFiles: number;
  readonly maxBytes: number;
  readonly overTotal: readonly string[];
  /** The over-total note block, when any section is over-total. */
  readonly note: string | null;
  readonly noteSpan: Span | null;
}

/** How the manifest file was chosen (§12). */
export interface ManifestChoice {
  readonly file: string;
  readonly sessionType: string;
  readonly source: 'forced' | 'relation' | 'venue' | 'agent' | 'default';
  /** The config.json the mapping came from. */
  readonly configPath: string | null;
}

/** The result of one render. */
export interface RenderReport {
  /** `false` when the render could not happen (base missing or not JSON). */
  readonly rendered: boolean;
  /**
   * Set when evolcore's engine throws on this manifest (a section without `when`, …): the
   * user gets an error reply and the agent no turn. The context is then `""`.
   */
  readonly failure: {
    readonly code: DiagnosticCode;
    readonly message: string;
    readonly section?: string;
  } | null;
  /** The blocks of `needsInjection` sections joined by a blank line (`fragments-<ts>.md`). */
  readonly fragments: string;
  readonly manifestFile: string;
  readonly manifestChoice: ManifestChoice;
  readonly context: string;
  readonly sections: readonly SectionReport[];
  readonly totals: TotalsReport;
  readonly diagnostics: readonly Diagnostic[];
  readonly merged: MergedManifest | null;
  /** Path vars as the render used them (derived, or given explicitly). */
  readonly pathVars: Readonly<Record<string, string>>;
  /** Which path vars came from the given vars rather than derivation. */
  readonly explicitPathVars: readonly string[];
  /** The effective vars (given vars plus derived path vars). */
  readonly vars: Readonly<Record<string, unknown>>;
}
