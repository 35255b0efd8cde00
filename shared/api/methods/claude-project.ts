/**
 * The InspectorApi methods of a "Claude Code project" workspace (UI and live
 * workspace), spread into shared/api/methods.ts: open a project folder, change its options,
 * read one of its memory files, and the assembly the main side pushes after every change.
 */
import { z } from 'zod';
import { noInput } from '../no-input';
import { pathField, withoutNul } from '../../base/path-field';
import type { ClaudeMdReport, ResolvedClaudeMdInput } from '../../claude-md/types';
import type { FileText } from '../models';
import type { TooLarge } from '../answer-caps';

/** A path as typed in the UI: absolute, or relative to the main process's folder. */
const pathString = pathField;

/** Setting sources as the UI switches them (each optional: absent keeps the current value). */
const settingSourcesInput = z.strictObject({
  user: z.boolean().optional(),
  project: z.boolean().optional(),
  local: z.boolean().optional(),
});

/** Options that can change while a project is open (everything but the working directory). */
const claudeOptionsInput = z.strictObject({
  home: pathString.optional(),
  managedDir: pathString.optional(),
  /** The file Claude would touch, for conditional rules; `null` or `''` clears it. */
  target: withoutNul(z.string().max(4096)).nullable().optional(),
  settingSources: settingSourcesInput.optional(),
  approveExternalIncludes: z.boolean().optional(),
});

/** Input schemas of the Claude Code project methods. */
export const claudeProjectMethodInputs = {
  /** Opens a project folder (Claude Code's working directory) and assembles it. */
  openClaudeProject: claudeOptionsInput.extend({ cwd: pathString }),
  /** The open project's latest assembly, or `null` when none is open. */
  getClaudeProject: noInput,
  /** Changes options of the open project and re-assembles (pushes `onDidAssembleClaudeMd`). */
  setClaudeOptions: claudeOptionsInput,
  /** Stops watching and forgets the project (the UI went back to an ECK home). */
  closeClaudeProject: noInput,
  /** The text of one file of the open project's report (only those; anything else is refused). */
  readClaudeFile: z.strictObject({ path: pathString }),
  /** One folder below the open project's working directory, for the target picker (`''` = the folder itself). */
  listClaudeTargets: z.strictObject({ folder: withoutNul(z.string().max(4096)) }),
  /** Files below the working directory whose path holds `query` (bounded: see the answer's `complete`). */
  searchClaudeTargets: z.strictObject({ query: withoutNul(z.string().max(200)) }),
} as const;

/** An entry of the target picker; `outside` is a link leading out of the project (or nowhere), not opened. */
export interface ClaudeTargetEntry {
  readonly name: string;
  /** Relative to the working directory, `/`-separated: what the target field takes. */
  readonly path: string;
  readonly kind: 'file' | 'folder' | 'outside' | 'other';
}

/** One folder of the picker's tree. */
export interface ClaudeTargetFolder {
  readonly folder: string;
  readonly entries: readonly ClaudeTargetEntry[];
  /** More entries than one answer carries. */
  readonly truncated: boolean;
}

/** A search of the picker. */
export interface ClaudeTargetSearch {
  readonly query: string;
  readonly matches: readonly string[];
  /** Entries looked at. */
  readonly visited: number;
  /** `false` when a cap (matches, entries, time) stopped it early. */
  readonly complete: boolean;
}

/** The options of an open project, every default filled in (the assembly's resolved input, less the `--add-dir` folders). */
export type ClaudeProjectOptions = Pick<
  ResolvedClaudeMdInput,
  'cwd' | 'home' | 'managedDir' | 'target' | 'settingSources' | 'approveExternalIncludes'
>;

/** Why an assembly happened. */
export type ClaudeAssemblyTrigger = 'open' | 'options' | 'disk';

/** One assembly of the open project, as methods return it and `onDidAssembleClaudeMd` pushes it. */
export interface ClaudeAssembly {
  readonly options: ClaudeProjectOptions;
  readonly report: ClaudeMdReport;
  readonly trigger: ClaudeAssemblyTrigger;
  /** Paths that changed on disk, for `disk` assemblies (at most 50). */
  readonly changedPaths: readonly string[];
  /** Wall time of the assembly, in milliseconds. */
  readonly elapsedMs: number;
  /** `Date.now()` when it finished. */
  readonly assembledAt: number;
  /** Increases with every assembly of the process, so stale ones can be dropped. */
  readonly seq: number;
  /** Paths the watcher observes (files, candidates, rules folders). */
  readonly watched: number;
  /**
   * Texts not sent because they are over their cap (answer-caps.ts): the assembled context (sent
   * as `''`) and the attachments, by path, whose text is sent as `''`. Absent when all fit.
   */
  readonly tooLarge?: { readonly context: TooLarge | null; readonly attachments: readonly string[] };
}

/** A memory file's text for the read-only viewer (over its cap: `tooLarge` instead, answer-caps.ts). */
export type ClaudeFileText = FileText;

/** Outputs of the Claude Code project methods. */
export interface ClaudeProjectMethodOutputs {
  openClaudeProject: ClaudeAssembly;
  getClaudeProject: ClaudeAssembly | null;
  setClaudeOptions: ClaudeAssembly;
  closeClaudeProject: null;
  readClaudeFile: ClaudeFileText;
  listClaudeTargets: ClaudeTargetFolder;
  searchClaudeTargets: ClaudeTargetSearch;
}
