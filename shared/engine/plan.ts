/**
 * Planning: the status of every section up to `not-exist`, and the files each would load
 * with their sizes — from stats and folder listings only, so nothing is read before the
 * total gate admits it (a folder of 100,000 files costs one listing; clarifications §4, §5).
 */
import type {
  Diagnostic,
  DirEntry,
  EngineFs,
  FileRole,
  MergedSection,
  NotLoadedFile,
  SectionStatus,
  Vars,
  WhenReport,
} from './types';
import { checkSection, type ValidSection } from './section-spec';
import { evaluateWhen } from './when';
import { expandPathTokens } from './path-tokens';
import { dirnamePath, resolvePath } from './paths';
import { globMatcher } from './glob';
import { isFsError } from './fs-util';

/** How many not-loaded files of a folder are listed by name and size. */
export const NOT_LOADED_LISTED = 50;

/** A file a section would load. */
export interface PlannedFile {
  readonly path: string;
  readonly size: number;
  readonly role: FileRole;
}

/** A folder cut by its own limits, before the note text is made. */
export interface PlannedTruncation {
  readonly reason: 'files' | 'bytes';
  readonly notLoaded: number;
  readonly notLoadedFiles: readonly NotLoadedFile[];
}

/** Everything decided about a section before the total gate. */
export interface SectionPlan {
  readonly merged: MergedSection;
  readonly spec: ValidSection | null;
  status: SectionStatus;
  readonly invalidReason: string | null;
  readonly when: WhenReport;
  readonly unresolved: readonly string[];
  readonly resolvedPath: string | null;
  readonly resolvedChildPath: string | null;
  readonly missingPath: string | null;
  readonly readError: string | null;
  readonly files: readonly PlannedFile[];
  readonly truncation: PlannedTruncation | null;
}

/** Inputs shared by the planning of every section of one render. */
export interface PlanContext {
  readonly fs: EngineFs;
  readonly vars: Vars;
  readonly basePath: string;
  readonly overridePath: string;
  readonly diagnostics: Diagnostic[];
  /** Files whose read failed in an earlier pass (excluded now). */
  readonly unreadable: ReadonlyMap<string, string>;
  /** Listing cache: a re-plan must not list a folder twice. */
  readonly listings: Map<string, readonly DirEntry[] | { error: string; message: string }>;
}

const byCodeUnit = (a: DirEntry, b: DirEntry): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function base(merged: MergedSection, when: WhenReport): Omit<SectionPlan, 'status'> {
  return {
    merged,
    spec: null,
    invalidReason: null,
    when,
    unresolved: [],
    resolvedPath: null,
    resolvedChildPath: null,
    missingPath: null,
    readError: null,
    files: [],
    truncation: null,
  };
}

/** Plans one section. */
export function planSection(ctx: PlanContext, merged: MergedSection): SectionPlan {
  const checked = checkSection(merged, ctx.diagnostics);
  const expression = merged.raw.when;
  if (!checked.valid) {
    ctx.diagnostics.push({
      level: 'error',
      code: 'invalid-section',
      message: `section "${merged.id || '(no id)'}": ${checked.reason}`,
      section: merged.id,
    });
    return {
      ...base(merged, { expression, result: null, reads: [] }),
      status: 'invalid',
      invalidReason: checked.reason,
    };
  }
  const spec = checked.spec;
  if (!spec.enabled)
    return { ...base(merged, { expression, result: null, reads: [] }), spec, status: 'disabled' };
  const evaluated = evaluateWhen(spec.when, ctx.vars);
  const when: WhenReport = { expression, result: evaluated.result, reads: evaluated.reads };
  if (!evaluated.result) return { ...base(merged, when), spec, status: 'when-false' };

  const main = expandPathTokens(spec.rawPath, ctx.vars);
  const child = spec.loop ? expandPathTokens(spec.loop.childFile, ctx.vars) : null;
  for (const e of [...main.escapes, ...(child?.escapes ?? [])]) {
    ctx.diagnostics.push({
      level: 'warning',
      code: 'path-escape',
      message: `section "${spec.id}": ${e.token} is ${JSON.stringify(e.value)}, which holds a path separator or ".."`,
      section: spec.id,
    });
  }
  const unresolved = [...main.unresolved, ...(child?.unresolved ?? [])];
  if (main.path === null || (child && child.path === null)) {
    return { ...base(merged, when), spec, status: 'unresolved-vars', unresolved };
  }
  // A path still relative after expansion resolves against its manifest's folder (§2).
  const folderOf = (origin: 'base' | 'override'): string =>
    dirnamePath(origin === 'override' ? ctx.overridePath : ctx.basePath);
  const resolvedPath = resolvePath(folderOf(spec.pathOrigin), main.path);
  const resolvedChildPath = child?.path != null ? resolvePath(folderOf(spec.loopOrigin), child.path) : null;
  const located = { ...base(merged, when), spec, resolvedPath, resolvedChildPath };

  if (spec.type === 'directory') return planDirectory(ctx, spec, located);

  const files: PlannedFile[] = [];
  const targets: [string, FileRole][] = resolvedChildPath
    ? [
        [resolvedPath, 'wrapper'],
        [resolvedChildPath, 'child'],
      ]
    : [[resolvedPath, 'file']];
  for (const [path, role] of targets) {
    const failed = ctx.unreadable.get(path);
    if (failed !== undefined)
      return { ...located, status: 'not-exist', missingPath: path, readError: failed };
    const st = ctx.fs.stat(path);
    if (isFsError(st)) {
      const missing = st.error === 'ENOENT' || st.error === 'ENOTDIR';
      if (!missing)
        ctx.diagnostics.push({
          level: 'error',
          code: 'read-error',
          message: `${path}: ${st.message}`,
          section: spec.id,
          file: path,
        });
      return { ...located, status: 'not-exist', missingPath: path, readError: missing ? null : st.message };
    }
    if (st.kind !== 'file') {
      return {
        ...located,
        status: 'not-exist',
        missingPath: path,
        readError: `${path} is a ${st.kind}, not a file`,
      };
    }
    files.push({ path, size: st.size, role });
  }
  return { ...located, status: 'ok', files };
}

/** A folder entry's path: the folder is already normalised and a name never holds `/`. */
function childPath(dir: string, name: string): string {
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}

/** Walks a folder: name order, per-folder limits, the at-least-one-file rule (§5). */
function planDirectory(
  ctx: PlanContext,
  spec: ValidSection,
  located: Omit<SectionPlan, 'status'>,
): SectionPlan {
  const dir = located.resolvedPath as string;
  let entries = ctx.listings.get(dir);
  if (!entries) {
    entries = ctx.fs.list(dir);
    ctx.listings.set(dir, entries);
  }
  if (isFsError(entries)) {
    const missing = entries.error === 'ENOENT' || entries.error === 'ENOTDIR';
    if (!missing)
      ctx.diagnostics.push({
        level: 'error',
        code: 'read-error',
        message: `${dir}: ${entries.message}`,
        section: spec.id,
        file: dir,
      });
    return { ...located, status: 'not-exist', missingPath: dir, readError: missing ? null : entries.message };
  }
  const matches = globMatcher(spec.pattern);
  const candidates = entries
    .filter((e) => (e.kind === 'file' || e.kind === 'symlink') && matches(e.name))
    .sort(byCodeUnit);

  // Symlinks are followed (§5): only those that lead to a regular file count.
  const sizeOf = (entry: DirEntry, path: string): number | null => {
    if (ctx.unreadable.has(path)) return null;
    const st = ctx.fs.stat(path);
    if (isFsError(st)) {
      ctx.diagnostics.push({
        level: 'warning',
        code: 'read-error',
        message: `${path}: ${st.message}; skipped`,
        section: spec.id,
        file: path,
      });
      return null;
    }
    return st.kind === 'file' ? st.size : null;
  };
  const files: PlannedFile[] = [];
  let bytes = 0;
  let stop: { at: number; reason: 'files' | 'bytes'; size: number | null } | null = null;
  for (let i = 0; i < candidates.length; i++) {
    const entry = candidates[i] as DirEntry;
    const path = childPath(dir, entry.name);
    if (files.length >= spec.maxFiles) {
      stop = { at: i, reason: 'files', size: null };
      break;
    }
    const size = sizeOf(entry, path);
    if (size === null) continue;
    if (files.length > 0 && bytes + size > spec.maxBytes) {
      stop = { at: i, reason: 'bytes', size };
      break;
    }
    files.push({ path, size, role: 'directory-entry' });
    bytes += size;
  }
  if (!stop) return { ...located, status: 'ok', files };

  // Files past the limit are counted, never read; only the first few are stat'ed for the list.
  const notLoadedFiles: NotLoadedFile[] = [];
  let notLoaded = 0;
  for (let i = stop.at; i < candidates.length; i++) {
    const entry = candidates[i] as DirEntry;
    // The common case past the listed few: a plain file, only counted (no path, no stat).
    if (notLoadedFiles.length >= NOT_LOADED_LISTED && entry.kind === 'file' && ctx.unreadable.size === 0) {
      notLoaded++;
      continue;
    }
    const path = childPath(dir, entry.name);
    if (ctx.unreadable.has(path)) continue;
    let size: number | null = null;
    if (i === stop.at && stop.size !== null) size = stop.size;
    else if (entry.kind === 'symlink' || notLoadedFiles.length < NOT_LOADED_LISTED) {
      const st = ctx.fs.stat(path);
      if (isFsError(st) || st.kind !== 'file') continue;
      size = st.size;
    }
    notLoaded++;
    if (notLoadedFiles.length < NOT_LOADED_LISTED)
      notLoadedFiles.push({ name: entry.name, path, bytes: size });
  }
  if (notLoaded === 0) return { ...located, status: 'ok', files };
  return { ...located, status: 'ok', files, truncation: { reason: stop.reason, notLoaded, notLoadedFiles } };
}
