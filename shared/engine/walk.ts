/**
 * evolcore's render loop (`renderKitSections` in evolclaw's kit-renderer.ts, docs/engine.md
 * §4–§9), step for step: each section in merged order — total gate already tripped? enabled?
 * `when`? path → files (a folder walked under its own limits) → per file the total gate, the
 * render, the block — then the folder note; at the end the total note. The text it produces is
 * the real one; the walk also records what the inspector explains (reads, trace, hazards,
 * where every block came from). Reads go through the EngineFs port only.
 */
import type { EngineFs, EngineResolveStatus, Json, MergedSection, Vars, WhenReport } from './types';
import { evaluateWhen, parseWhen, type WhenSpec } from './when';
import { expandPathTokens, type ExpandedPath } from './path-tokens';
import { isAbsolutePath, nodeJoin, nodeNormalize } from '../base/posix-path';
import { globMatcher } from './glob';
import { isFsError } from './fs-util';
import { utf8Length } from '../base/utf8';
import { createRecorder, renderLoop, renderTemplate, type TemplateRecorder } from './template/render';
import {
  blockHeader,
  blockLabel,
  folderNote,
  shortenPath,
  totalNote,
  type DisplayMapping,
} from './output-format';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_FILES, DEFAULT_PATTERN } from './section-spec';
import { MANIFEST_FORMAT, SECTION_DEFAULTS, type ManifestFormat, type SectionType } from '../format';

/**
 * Files larger than this are not read just to be measured: evolcore reads them whole, but their
 * size already decides the gates (a file's decoded UTF-8 length is never below its size), so
 * the inspector reads one only when a budget lets it into the context.
 */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

/**
 * The largest file Node's `readFileSync(p, 'utf-8')` turns into a string: V8's longest string
 * (2^29 - 24 UTF-16 units; a file of mostly ASCII decodes to one unit a byte). Past it evolcore's
 * read throws and `readFileOrNull` gives null, so the file counts as missing.
 */
export const MAX_STRING_BYTES = 2 ** 29 - 24;

/** How many files a cut folder lists by name. */
export const NOT_LOADED_LISTED = 50;

/** A file the walk read for a section. */
export interface WalkFile {
  /** The path as evolcore has it (relative when the manifest made it so). */
  readonly path: string;
  /** Where the inspector read it (relative paths resolved against the package root). */
  readonly readPath: string;
  readonly text: string;
  /** UTF-8 bytes of the text (`Buffer.byteLength`): what the budgets count. */
  readonly bytes: number;
  /**
   * Over MAX_READ_BYTES and not read yet: `text` is empty and `bytes` is the file's size, the
   * least its decoded text can weigh. `settle` reads it when a decision needs the exact count.
   */
  readonly unread?: boolean;
  /** Over MAX_READ_BYTES (read or not): the Timeline says the file is huge. */
  readonly huge?: boolean;
}

/** A piece of the context: a file block or a note. */
export interface WalkBlock {
  readonly kind: 'file' | 'folder-note' | 'total-note';
  /** Index of its section in the merged list; -1 for the total note. */
  readonly section: number;
  readonly file: WalkFile | null;
  readonly display: string;
  readonly header: string;
  readonly content: string;
  readonly injected: boolean;
}

/** What the walk decided about one section. */
export interface SectionWalk {
  readonly merged: MergedSection;
  enabled: boolean;
  whenPassed: boolean;
  when: WhenReport;
  /** The parsed `when`, once evaluated (reused by the report and the hazards). */
  whenSpec: WhenSpec | null;
  resolveStatus: EngineResolveStatus;
  rawPath: Json;
  expanded: ExpandedPath | null;
  /** The path as evolcore resolved it, and where the inspector reads it. */
  resolvedPath: string | null;
  readPath: string | null;
  files: WalkFile[];
  blocks: number;
  emptyFiles: string[];
  overflow: { droppedFiles: number; reason: 'files' | 'bytes'; limit: Json } | null;
  notLoaded: { name: string; path: string; bytes: number | null }[];
  skippedByTotalCap: boolean;
  /** The gate tripped while this section's files were being taken. */
  trippedHere: { files: number; bytes: number; size: number } | null;
  readError: string | null;
  childPath: string | null;
  recorders: TemplateRecorder[];
  mappings: { path: string; mapping: DisplayMapping | null }[];
  readFailures: { path: string; code: string; message: string }[];
  /** Files over MAX_READ_BYTES the section met, with their size and whether they were read. */
  hugeFiles: { path: string; size: number; read: boolean }[];
}

/** The outcome of a walk: everything, or the throw evolcore would hit. */
export interface WalkResult {
  readonly sections: readonly SectionWalk[];
  readonly blocks: readonly WalkBlock[];
  readonly totalFiles: number;
  readonly totalBytes: number;
  readonly capReached: boolean;
  readonly skippedByCap: readonly unknown[];
  /** The display aliases the walk used (the report shows every other path with them too). */
  readonly mappingsUsed: readonly DisplayMapping[];
  readonly crash: {
    readonly section: number;
    readonly code: 'when-missing' | 'when-crash' | 'manifest-crash';
    readonly message: string;
  } | null;
}

/** Inputs of one walk. */
export interface WalkInput {
  readonly fs: EngineFs;
  readonly vars: Vars;
  readonly packageRoot: string;
  readonly sections: readonly MergedSection[];
  readonly totalMaxFiles: Json;
  readonly totalMaxBytes: Json;
  readonly mappings: readonly DisplayMapping[];
  /** The section types and their loaders; evolcore's when absent (a test adds a type here). */
  readonly sectionTypes?: SectionTypeSupport<string>;
}

/**
 * Loads the files of one section whose path resolved (`resolved` as evolcore has it, `readPath`
 * where the inspector reads it): `loadSectionFiles` for one section type.
 */
export type SectionLoader = (
  input: WalkInput,
  walk: SectionWalk,
  resolved: string,
  readPath: string,
) => WalkFile[];

/** A loader per section type: exhaustive, so a type the format adds does not compile without one. */
export type SectionLoaders<T extends string = SectionType> = { readonly [K in T]: SectionLoader };

/** A format and the loaders of its types: what the walk needs to load any section. */
export interface SectionTypeSupport<T extends string = SectionType> {
  readonly format: ManifestFormat<T>;
  readonly loaders: SectionLoaders<T>;
}

const jsTruthy = (v: unknown): boolean => Boolean(v);

/** An exception as `Name: message`, the way a report names what evolcore's code threw. */
export function thrownText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** `Buffer.byteLength(text)`: the host's native count when it has one (a 10 MB kit), else ours. */
const byteLength = (fs: EngineFs, text: string): number =>
  fs.byteLength ? fs.byteLength(text) : utf8Length(text);

/** Where the inspector reads a path evolcore resolved (relative → against the package root). */
function readPathOf(path: string, packageRoot: string): string {
  return isAbsolutePath(path) ? path : nodeNormalize(`${packageRoot}/${path}`);
}

/** A file over MAX_READ_BYTES, by its size: its text is read only if a budget lets it in. */
interface Unread {
  readonly unread: number;
}

/** `fileCache.getText`: the text, null when evolcore's read gives null, or a huge file's size. */
function readText(fs: EngineFs, path: string, walk: SectionWalk): string | null | Unread {
  const text = fs.readTextLimited ? fs.readTextLimited(path, MAX_READ_BYTES) : fs.readText(path);
  if (isFsError(text)) {
    if (text.error === 'EFBIG') {
      const st = fs.stat(path);
      if (!isFsError(st) && st.kind === 'file') {
        walk.hugeFiles.push({ path, size: st.size, read: false });
        // Past V8's longest string evolcore's readFileSync throws: the file reads as null.
        return st.size > MAX_STRING_BYTES ? null : { unread: st.size };
      }
    }
    if (text.error !== 'ENOENT' && text.error !== 'ENOTDIR' && text.error !== 'EISDIR')
      walk.readFailures.push({ path, code: text.error, message: text.message });
    return null;
  }
  return text;
}

/** A read as a walk file: a huge one unread, its size standing for its bytes. */
function walkFile(fs: EngineFs, path: string, readPath: string, text: string | Unread): WalkFile {
  if (typeof text === 'string') return { path, readPath, text, bytes: byteLength(fs, text) };
  return { path, readPath, text: '', bytes: text.unread, unread: true, huge: true };
}

/**
 * A huge file read at last, because a decision needs its exact text or byte count (a budget
 * large enough to let it in): what evolcore does with every file. Null when the read fails.
 */
function settle(fs: EngineFs, file: WalkFile, walk: SectionWalk): WalkFile | null {
  if (!file.unread) return file;
  const text = fs.readText(file.readPath);
  const seen = walk.hugeFiles.find((h) => h.path === file.readPath);
  if (isFsError(text)) {
    walk.readFailures.push({ path: file.readPath, code: text.error, message: text.message });
    return null;
  }
  if (seen) seen.read = true;
  return { path: file.path, readPath: file.readPath, text, bytes: byteLength(fs, text), huge: true };
}

function newWalk(merged: MergedSection, format: ManifestFormat<string>): SectionWalk {
  const raw = merged.raw;
  return {
    merged,
    enabled: raw.enabled !== false,
    whenPassed: false,
    when: { expression: raw.when, result: null, reads: [], tree: null },
    whenSpec: null,
    resolveStatus: 'no-path',
    rawPath: (raw[format.pathFieldOf(raw.type)] ?? '') as Json,
    expanded: null,
    resolvedPath: null,
    readPath: null,
    files: [],
    blocks: 0,
    emptyFiles: [],
    overflow: null,
    notLoaded: [],
    skippedByTotalCap: false,
    trippedHere: null,
    readError: null,
    childPath: null,
    recorders: [],
    mappings: [],
    readFailures: [],
    hugeFiles: [],
  };
}

/** Evaluates a section's `when`; the crash evolcore would hit, if any. */
function evaluate(walk: SectionWalk, vars: Vars): WalkResult['crash'] {
  const spec = parseWhen(walk.merged.raw.when);
  walk.whenSpec = spec;
  const r = evaluateWhen(spec, vars);
  walk.when = {
    expression: walk.merged.raw.when,
    result: r.crash ? null : r.result,
    reads: r.reads,
    tree: r.tree,
  };
  if (r.crash) {
    const id = walk.merged.id || '(no id)';
    return {
      section: walk.merged.index,
      code: r.crash.missing ? 'when-missing' : 'when-crash',
      message: r.crash.missing
        ? `section "${id}": ${r.crash.why}. evolcore's engine throws on it: every message fails, the user gets an error reply (❌ 处理消息时出错，请稍后重试) and the agent no turn`
        : `section "${id}": ${r.crash.why}. evolcore's engine throws evaluating it: the message fails and the agent gets no turn`,
    };
  }
  walk.whenPassed = r.result;
  return null;
}

/** Lists a folder the way `readDirectoryFiles` does: matching names, sorted, then read in order. */
function loadDirectory(input: WalkInput, walk: SectionWalk, dir: string, readDir: string): WalkFile[] {
  const raw = walk.merged.raw;
  const maxFiles = (raw.maxFiles ?? DEFAULT_MAX_FILES) as Json;
  const maxBytes = (raw.maxBytes ?? DEFAULT_MAX_BYTES) as Json;
  const pattern = raw.pattern || DEFAULT_PATTERN;
  // evolcore builds its listing's cache key as `${dir} ${glob}` before it lists: a pattern with
  // no string form throws there, whatever the folder holds.
  if (typeof pattern !== 'string') String(pattern);
  const listing = input.fs.list(readDir);
  let names: string[] = [];
  // Folders among the names (usually none): evolcore's read of one gives null, so skip it unread.
  const folders = new Set<string>();
  if (isFsError(listing)) {
    if (listing.error !== 'ENOENT' && listing.error !== 'ENOTDIR')
      walk.readFailures.push({ path: readDir, code: listing.error, message: listing.message });
  } else if (listing.length > 0) {
    // A pattern that is not a string or not a regex throws inside the real try: no names.
    const matches = typeof pattern === 'string' ? globMatcher(pattern) : null;
    if (matches) {
      for (const e of listing) {
        if (!matches(e.name)) continue;
        names.push(e.name);
        if (e.kind === 'directory') folders.add(e.name);
      }
      names = names.sort();
    }
  }
  const out: WalkFile[] = [];
  let used = 0;
  // Compared raw, as evolcore compares them: converted at each comparison (and only there, so a
  // limit that cannot convert throws exactly when evolcore's comparison would reach it).
  const limitFiles = maxFiles as number;
  const limitBytes = maxBytes as number;
  let stoppedAt = -1;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (out.length >= limitFiles) {
      walk.overflow = { droppedFiles: names.length - out.length, reason: 'files', limit: maxFiles };
      stoppedAt = i;
      break;
    }
    const readPath = readDir.endsWith('/') ? readDir + name : `${readDir}/${name}`;
    // A folder among the names reads as null in evolcore too; skip it without trying.
    const text = folders.has(name) ? null : readText(input.fs, readPath, walk);
    if (text === null) continue;
    let file: WalkFile | null = walkFile(input.fs, nodeJoin(dir, name), readPath, text);
    // A huge file's size is the least it weighs: read it only when that does not decide.
    if (out.length > 0 && (file.unread || out[0]?.unread) && used + file.bytes <= limitBytes) {
      const first = settle(input.fs, out[0] as WalkFile, walk);
      if (first === null) out.shift();
      else out[0] = first;
      used = out.reduce((n, f) => n + f.bytes, 0);
      file = settle(input.fs, file, walk);
      if (file === null) continue;
    }
    if (out.length > 0 && used + file.bytes > limitBytes) {
      walk.overflow = { droppedFiles: names.length - out.length, reason: 'bytes', limit: maxBytes };
      stoppedAt = i;
      break;
    }
    used += file.bytes;
    out.push(file);
  }
  if (walk.overflow) {
    const taken = new Set(out.map((f) => f.readPath));
    for (let i = 0; i < names.length && walk.notLoaded.length < NOT_LOADED_LISTED; i++) {
      const name = names[i] as string;
      const readPath = readDir.endsWith('/') ? readDir + name : `${readDir}/${name}`;
      if (taken.has(readPath)) continue;
      if (i < stoppedAt && folders.has(name)) continue;
      const st = input.fs.stat(readPath);
      walk.notLoaded.push({
        name,
        path: readPath,
        bytes: isFsError(st) || st.kind !== 'file' ? null : st.size,
      });
    }
  }
  return out;
}

/** How evolcore loads each of its section types. */
export const SECTION_LOADERS: SectionLoaders = {
  file: (input, walk, resolved, readPath) => {
    const text = readText(input.fs, readPath, walk);
    return text === null ? [] : [walkFile(input.fs, resolved, readPath, text)];
  },
  directory: loadDirectory,
};

/** evolcore's section types: its format and its loaders. */
export const EVOLCORE_SECTION_TYPES: SectionTypeSupport = {
  format: MANIFEST_FORMAT,
  loaders: SECTION_LOADERS,
};

const typesOf = (input: WalkInput): SectionTypeSupport<string> =>
  input.sectionTypes ?? EVOLCORE_SECTION_TYPES;

/** The files `loadSectionFiles` returns for a section whose path resolved (none for an unknown type). */
function loadFiles(input: WalkInput, walk: SectionWalk): WalkFile[] {
  const raw = walk.merged.raw;
  const resolved = walk.expanded?.status === 'ok' ? walk.expanded.path : null;
  if (resolved === null) return [];
  const readPath = readPathOf(resolved, input.packageRoot);
  walk.readPath = readPath;
  const { format, loaders } = typesOf(input);
  if (!format.isSectionType(raw.type) || !raw[format.pathFieldOf(raw.type)]) return [];
  const load = loaders[raw.type];
  return load === undefined ? [] : load(input, walk, resolved, readPath);
}

/** `renderSectionContent`: a loop, a template or the raw text. Throws what the real code throws. */
function renderContent(input: WalkInput, walk: SectionWalk, file: WalkFile): string | { crash: string } {
  const raw = walk.merged.raw;
  if (jsTruthy(raw.loop)) {
    const loop = raw.loop as unknown as Record<string, unknown>;
    const childFile = typeof loop === 'object' ? loop.childFile : undefined;
    if (typeof childFile !== 'string')
      return { crash: "`loop.childFile` is not a path string; evolcore's engine throws resolving it" };
    const child = expandPathTokens(childFile, input.vars);
    if (child.status !== 'ok' || child.path === null) return '';
    const childRead = readPathOf(child.path, input.packageRoot);
    walk.childPath = childRead;
    const childRead1 = readText(input.fs, childRead, walk);
    if (childRead1 === null) return '';
    // A huge child template: evolcore renders it whole (no budget counts a child).
    const child1 = walkFile(input.fs, childRead, childRead, childRead1);
    const childFile1 = settle(input.fs, child1, walk);
    if (childFile1 === null) return '';
    const childText = childFile1.text;
    const wrapperRec = createRecorder(file.readPath);
    const childRec = createRecorder(childRead);
    walk.recorders.push(wrapperRec, childRec);
    childRec.reads.add(String(loop.forEach));
    return renderLoop(
      file.text,
      childText,
      loop.forEach,
      input.vars,
      loop.separator ?? SECTION_DEFAULTS.separator,
      wrapperRec,
      childRec,
    );
  }
  if (!raw.needsInjection) return file.text;
  const rec = createRecorder(file.readPath);
  walk.recorders.push(rec);
  return renderTemplate(file.text, input.vars, true, rec);
}

/**
 * The files `loadSectionFiles` gives one section under some vars, outside the render loop (the
 * message renderer's per-item pass); a `crash` when evolcore would throw resolving its path.
 */
export function sectionFiles(
  fs: EngineFs,
  packageRoot: string,
  merged: MergedSection,
  vars: Vars,
): { files: WalkFile[]; walk: SectionWalk } | { crash: string } {
  const walk = newWalk(merged, MANIFEST_FORMAT);
  if (walk.rawPath) {
    if (typeof walk.rawPath !== 'string')
      return { crash: `section "${merged.id}": its path is not a string` };
    walk.expanded = expandPathTokens(walk.rawPath, vars);
  }
  const input: WalkInput = {
    fs,
    vars,
    packageRoot,
    sections: [],
    totalMaxFiles: 0,
    totalMaxBytes: 0,
    mappings: [],
  };
  // No budget in the message renderer: a huge file is read and rendered whole.
  const files: WalkFile[] = [];
  for (const f of loadFiles(input, walk)) {
    const settled = settle(fs, f, walk);
    if (settled) files.push(settled);
  }
  return { files, walk };
}

/** Walks every section as evolcore's render loop does. */
export function walkSections(input: WalkInput): WalkResult {
  const walks: SectionWalk[] = [];
  const blocks: WalkBlock[] = [];
  let totalFiles = 0;
  let totalBytes = 0;
  let capReached = false;
  const skippedByCap: unknown[] = [];
  // Raw, as `meta.totalMaxFiles` is compared in evolcore (see loadDirectory's limits).
  const maxFiles = input.totalMaxFiles as number;
  const maxBytes = input.totalMaxBytes as number;
  const fail = (
    section: number,
    code: NonNullable<WalkResult['crash']>['code'],
    message: string,
  ): WalkResult => ({
    sections: walks,
    blocks: [],
    totalFiles: 0,
    totalBytes: 0,
    capReached,
    skippedByCap: [],
    mappingsUsed: input.mappings,
    crash: { section, code, message },
  });

  for (const merged of input.sections) {
    if (merged.value === null || typeof merged.value !== 'object' || Array.isArray(merged.value)) {
      return fail(
        merged.index,
        'manifest-crash',
        `section #${merged.index + 1} of the merged manifest is ${JSON.stringify(merged.value)}, not an object; evolcore's engine throws on it and the message fails`,
      );
    }
    const walk = newWalk(merged, typesOf(input).format);
    walks.push(walk);
    const raw = merged.raw;
    if (capReached) {
      walk.skippedByTotalCap = true;
      if (walk.enabled) {
        const crash = evaluate(walk, input.vars);
        if (crash) return fail(crash.section, crash.code, crash.message);
        if (walk.whenPassed) skippedByCap.push(raw.id);
      }
      continue;
    }
    if (!walk.enabled) {
      walk.resolveStatus = 'skipped-disabled';
      continue;
    }
    const crash = evaluate(walk, input.vars);
    if (crash) return fail(crash.section, crash.code, crash.message);
    if (!walk.whenPassed) {
      walk.resolveStatus = 'skipped-when';
      continue;
    }
    if (walk.rawPath) {
      if (typeof walk.rawPath !== 'string')
        return fail(
          merged.index,
          'manifest-crash',
          `section "${merged.id}": its \`${typesOf(input).format.pathFieldOf(raw.type)}\` is ${JSON.stringify(walk.rawPath)}, not a string; evolcore's engine throws resolving it and the message fails`,
        );
      try {
        walk.expanded = expandPathTokens(walk.rawPath, input.vars);
      } catch (e) {
        return fail(
          merged.index,
          'manifest-crash',
          `section "${merged.id}": resolving its path throws in evolcore too (${thrownText(e)}: a var it names has no usable string form); the message fails and the agent gets no turn`,
        );
      }
      walk.resolvedPath = walk.expanded.path;
      walk.resolveStatus = walk.expanded.status;
    }
    const files = loadFiles(input, walk);
    walk.files = files;
    if (files.length === 0) {
      if (walk.resolveStatus === 'ok') walk.resolveStatus = 'not-exist';
      continue;
    }
    const label = blockLabel(raw.id, raw.description);
    for (let file of files) {
      if (file.unread && !(totalFiles >= maxFiles || totalBytes + file.bytes > maxBytes)) {
        // Its size lets it in: evolcore renders it, so read it (exact bytes, then the gate again).
        const settled = settle(input.fs, file, walk);
        if (settled === null) continue;
        file = settled;
      }
      if (totalFiles >= maxFiles || totalBytes + file.bytes > maxBytes) {
        capReached = true;
        walk.trippedHere = { files: totalFiles, bytes: totalBytes, size: file.bytes };
        break;
      }
      let content: string | { crash: string };
      try {
        content = renderContent(input, walk, file);
      } catch (e) {
        // The same JavaScript operation throws in evolcore's template code (a value whose
        // `toString` cannot be called, `{"toString": "x"}`): the render fails there too.
        content = {
          crash: `rendering ${file.readPath} throws in evolcore too (${thrownText(e)}: a var it prints or compares has no usable string form); the message fails and the agent gets no turn`,
        };
      }
      if (typeof content !== 'string')
        return fail(merged.index, 'manifest-crash', `section "${merged.id}": ${content.crash}`);
      if (!content.trim()) {
        walk.emptyFiles.push(file.readPath);
        continue;
      }
      const shown = shortenPath(file.path, input.mappings);
      walk.mappings.push({ path: file.path, mapping: shown.mapping });
      blocks.push({
        kind: 'file',
        section: walks.length - 1,
        file,
        display: shown.text,
        header: blockHeader(shown.text, label),
        content: content.trimEnd(),
        injected: jsTruthy(raw.needsInjection),
      });
      walk.blocks++;
      totalFiles += 1;
      totalBytes += file.bytes;
    }
    if (walk.overflow) {
      const o = walk.overflow;
      const shown = shortenPath(walk.resolvedPath ?? String(walk.rawPath), input.mappings);
      blocks.push({
        kind: 'folder-note',
        section: walks.length - 1,
        file: null,
        display: shown.text,
        header: '',
        content: folderNote(shown.text, o.reason, o.droppedFiles, o.limit),
        injected: false,
      });
    }
  }
  if (capReached && skippedByCap.length > 0) {
    blocks.push({
      kind: 'total-note',
      section: -1,
      file: null,
      display: '',
      header: '',
      content: totalNote(input.totalMaxFiles, input.totalMaxBytes, skippedByCap),
      injected: false,
    });
  }
  return {
    sections: walks,
    blocks,
    totalFiles,
    totalBytes,
    capReached,
    skippedByCap,
    mappingsUsed: input.mappings,
    crash: null,
  };
}
