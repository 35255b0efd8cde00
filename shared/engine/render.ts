/**
 * One render, end to end: vars → path vars → manifest choice → load → merge → evolcore's render
 * loop (walk.ts) → the context with every block's span → the report every view is built from.
 * Bad user data never throws: it becomes diagnostics; what makes evolcore itself throw becomes
 * the report's `failure` with an empty context, as the agent would get it.
 */
import type {
  ConditionalTrace,
  Diagnostic,
  EngineFs,
  LoadedFile,
  MergedManifest,
  OverTotal,
  RenderInput,
  RenderReport,
  SectionDebugRecord,
  SectionReport,
  SectionStatus,
  Span,
  Truncation,
} from './types';
import { derivePathVars } from './path-vars';
import { chooseManifest } from './choose-manifest';
import { readBaseManifest, readOverrideManifest } from './manifest-files';
import { mergeManifests } from './merge';
import { nodeJoin } from '../base/posix-path';
import { isPlainObject, numberOrNaN } from './truthy';
import { parseWhen, whenVarNames } from './when';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_FILES, invalidReason, sectionFieldWarnings } from './section-spec';
import { sectionDescriptorOf, sectionTypeOf } from '../format';
import { thrownText, walkSections, type SectionWalk, type WalkBlock, type WalkResult } from './walk';
import {
  BLOCK_SEPARATOR,
  contextPrefix,
  CONTEXT_SUFFIX,
  displayMappings,
  noteId,
  shortenPath,
} from './output-format';
import { hazardDiagnostics } from './hazards';

export { MAX_READ_BYTES } from './walk';

const emptyTotals = (maxFiles: number, maxBytes: number): RenderReport['totals'] => ({
  files: 0,
  bytes: 0,
  maxFiles,
  maxBytes,
  overTotal: [],
  note: null,
  noteSpan: null,
});

/**
 * Renders the context of one scenario. Nothing escapes: an exception anywhere inside (the
 * engine reproduces evolcore's JavaScript, which throws where it throws) ends as a failure
 * report with an empty context, as evolcore's failed render leaves the agent with no turn.
 */
export function renderContext(input: RenderInput, fs: EngineFs): RenderReport {
  try {
    return renderUnguarded(input, fs);
  } catch (e) {
    const failure = {
      code: 'manifest-crash' as const,
      message: `the render throws (${thrownText(e)}); evolcore's engine would fail on the same value, so the message fails and the agent gets no turn`,
    };
    const vars: RenderReport['vars'] = isPlainObject(input.vars) ? (input.vars as RenderReport['vars']) : {};
    return {
      manifestFile: input.manifestFile ?? 'eck_manifest.json',
      manifestChoice: {
        file: input.manifestFile ?? 'eck_manifest.json',
        sessionType: input.sessionType || 'main',
        source: input.manifestFile ? 'forced' : 'default',
        configPath: null,
      },
      pathVars: {},
      explicitPathVars: [],
      vars,
      rendered: true,
      failure,
      fragments: '',
      context: '',
      sections: [],
      totals: emptyTotals(0, 0),
      diagnostics: [{ level: 'error', ...failure }],
      merged: null,
    };
  }
}

function renderUnguarded(input: RenderInput, fs: EngineFs): RenderReport {
  const diagnostics: Diagnostic[] = [];
  let given: Record<string, unknown> = {};
  if (isPlainObject(input.vars)) given = input.vars;
  else
    diagnostics.push({
      level: 'error',
      code: 'vars-not-object',
      message: `vars must be a JSON object, got ${Array.isArray(input.vars) ? 'a list' : input.vars === null ? 'null' : typeof input.vars}; rendered with no vars`,
    });
  const pathVars = derivePathVars(input.packageRoot, input.home, given, input.product);
  const vars = pathVars.vars;
  const sessionType = input.sessionType || 'main';
  const choice = chooseManifest(fs, vars, sessionType, input.manifestFile, diagnostics);
  const kits = nodeJoin(input.packageRoot, 'kits');
  const basePath = nodeJoin(kits, choice.file);
  const overridePath = nodeJoin(input.home, 'eck', choice.file);
  const common = {
    manifestFile: choice.file,
    manifestChoice: choice,
    pathVars: pathVars.values,
    explicitPathVars: pathVars.explicit,
    vars,
  };
  const base = readBaseManifest(fs, basePath);
  if ('fatal' in base) {
    return {
      ...common,
      rendered: false,
      failure: null,
      fragments: '',
      context: '',
      sections: [],
      totals: emptyTotals(0, 0),
      diagnostics: [base.fatal, ...diagnostics],
      merged: null,
    };
  }
  const override = readOverrideManifest(
    fs,
    overridePath,
    input.overrideText,
    diagnostics,
    input.overrideSource,
  );
  const { manifest: merged, crash } = mergeManifests(
    choice.file,
    base.doc,
    override.doc,
    override.state,
    diagnostics,
  );
  if (crash) return failed(common, merged, diagnostics, { code: 'manifest-crash', message: crash.message });

  const mappings = displayMappings(input.packageRoot, input.home, vars, input.product);
  const walk = walkSections({
    fs,
    vars,
    packageRoot: input.packageRoot,
    sections: merged.sections,
    totalMaxFiles: merged.limitValues.totalMaxFiles,
    totalMaxBytes: merged.limitValues.totalMaxBytes,
    mappings,
  });
  for (const s of merged.sections) diagnostics.push(...sectionFieldWarnings(s.raw, s.id));
  if (walk.crash) {
    const section = merged.sections[walk.crash.section]?.id;
    return failed(common, merged, diagnostics, {
      code: walk.crash.code,
      message: walk.crash.message,
      ...(section ? { section } : {}),
    });
  }
  const debugCrash = debugFormatCrash(merged.sections);
  if (debugCrash) return failed(common, merged, diagnostics, debugCrash);
  return assemble(walk, merged, input, diagnostics, common, fs);
}

/**
 * evolcore writes its `manifest-<ts>.md` at the end of every render, and that text puts every
 * section's id, type, description, pattern and path into template strings, reached or not: a
 * value there with no string form (`{"toString": "x"}`) makes the render throw at its very end.
 */
function debugFormatCrash(
  sections: readonly MergedManifest['sections'][number][],
): NonNullable<RenderReport['failure']> | null {
  for (const s of sections) {
    const raw = s.raw;
    const rawPath = raw.type === 'file' ? (raw.file ?? '') : (raw.path ?? '');
    const fields: [string, unknown][] = [
      ['id', raw.id],
      ['type', raw.type],
      ...(raw.description ? [['description', raw.description] as [string, unknown]] : []),
      ...(raw.pattern ? [['pattern', raw.pattern] as [string, unknown]] : []),
      ...(rawPath ? [[raw.type === 'file' ? 'file' : 'path', rawPath] as [string, unknown]] : []),
    ];
    for (const [field, value] of fields) {
      try {
        String(value);
      } catch (e) {
        return {
          code: 'manifest-crash',
          message: `section "${s.id}": its "${field}" has no string form (${thrownText(e)}); evolcore's render throws writing its manifest-<ts>.md debug report at the end of every render, so the message fails and the agent gets no turn`,
          ...(s.id ? { section: s.id } : {}),
        };
      }
    }
  }
  return null;
}

type Common = Pick<
  RenderReport,
  'manifestFile' | 'manifestChoice' | 'pathVars' | 'explicitPathVars' | 'vars'
>;

/** A render evolcore would not finish: no context at all, and the reason as an error. */
function failed(
  common: Common,
  merged: MergedManifest,
  diagnostics: Diagnostic[],
  failure: NonNullable<RenderReport['failure']>,
): RenderReport {
  return {
    ...common,
    rendered: true,
    failure,
    fragments: '',
    context: '',
    sections: [],
    totals: emptyTotals(merged.totalMaxFiles, merged.totalMaxBytes),
    diagnostics: [{ level: 'error', ...failure }, ...diagnostics],
    merged,
  };
}

/** Joins the blocks as evolcore does, recording each block's span. */
function joinBlocks(
  blocks: readonly WalkBlock[],
  product: RenderInput['product'],
): {
  context: string;
  spans: Span[];
  contentStarts: number[];
} {
  const spans: Span[] = [];
  const contentStarts: number[] = [];
  if (blocks.length === 0) return { context: '', spans, contentStarts };
  let context = contextPrefix(product);
  blocks.forEach((b, i) => {
    if (i > 0) context += BLOCK_SEPARATOR;
    const start = context.length;
    context += b.header;
    contentStarts.push(context.length);
    context += b.content;
    spans.push({ start, end: context.length });
  });
  context += CONTEXT_SUFFIX;
  return { context, spans, contentStarts };
}

/** Our status vocabulary from what the walk recorded (docs/engine.md §4). */
function statusOf(w: SectionWalk): SectionStatus {
  if (w.skippedByTotalCap) return !w.enabled ? 'disabled' : w.whenPassed ? 'over-total' : 'when-false';
  if (!w.enabled) return 'disabled';
  if (!w.whenPassed) return 'when-false';
  if (invalidReason(w.merged.raw) !== null) return 'invalid';
  if (w.resolveStatus === 'unresolved-vars') return 'unresolved-vars';
  if (w.files.length === 0) return 'not-exist';
  if (w.trippedHere && w.blocks === 0) return 'over-total';
  return 'ok';
}

function debugRecord(w: SectionWalk): SectionDebugRecord {
  const raw = w.merged.raw;
  return {
    id: raw.id,
    description: raw.description,
    type: raw.type,
    rawPath: w.rawPath,
    pattern: raw.pattern,
    needsInjection: raw.needsInjection,
    when: raw.when,
    enabled: w.enabled,
    whenPassed: w.whenPassed,
    resolvedPath: w.resolvedPath,
    resolveStatus: w.resolveStatus,
    unresolvedTokens: w.expanded && w.expanded.unresolved.length > 0 ? w.expanded.unresolved : null,
    fileCount: w.files.length,
    emptyContent: w.emptyFiles.length > 0,
    used: w.blocks > 0,
    injected: w.blocks > 0 && Boolean(raw.needsInjection),
    dirOverflow: w.overflow,
    skippedByTotalCap: w.skippedByTotalCap,
  };
}

function assemble(
  walk: WalkResult,
  merged: MergedManifest,
  input: RenderInput,
  diagnostics: Diagnostic[],
  common: Common,
  fs: EngineFs,
): RenderReport {
  const { context, spans, contentStarts } = joinBlocks(walk.blocks, input.product);
  const fragments = walk.blocks
    .filter((b) => b.kind === 'file' && b.injected)
    .map((b) => b.header + b.content)
    .join(BLOCK_SEPARATOR);
  const mappings = walk.mappingsUsed;
  const display = (p: string): string => shortenPath(p, mappings).text;
  const maxFiles = merged.totalMaxFiles;
  const maxBytes = merged.totalMaxBytes;
  const trippedBy = walk.sections.find((w) => w.trippedHere);
  const limitOf = (files: number, bytes: number, size: number): OverTotal['limit'] => {
    const overFiles = files >= numberOrNaN(merged.limitValues.totalMaxFiles);
    const overBytes = bytes + size > numberOrNaN(merged.limitValues.totalMaxBytes);
    return overFiles && overBytes ? 'both' : overFiles ? 'files' : 'bytes';
  };
  const cutLimit = trippedBy?.trippedHere
    ? limitOf(trippedBy.trippedHere.files, trippedBy.trippedHere.bytes, trippedBy.trippedHere.size)
    : 'bytes';

  const bySection = new Map<number, { b: WalkBlock; i: number }[]>();
  walk.blocks.forEach((b, i) => {
    const list = bySection.get(b.section);
    if (list) list.push({ b, i });
    else bySection.set(b.section, [{ b, i }]);
  });
  const sections: SectionReport[] = walk.sections.map((w, index) => {
    const raw = w.merged.raw;
    const own = bySection.get(index) ?? [];
    const files: LoadedFile[] = own
      .filter(({ b }) => b.kind === 'file' && b.file)
      .map(({ b, i }) => ({
        path: (b.file as NonNullable<WalkBlock['file']>).readPath,
        display: b.display,
        bytes: (b.file as NonNullable<WalkBlock['file']>).bytes,
        role: raw.loop
          ? 'wrapper'
          : sectionDescriptorOf(raw.type)?.reads === 'folder'
            ? 'directory-entry'
            : 'file',
        span: spans[i] ?? null,
        contentSpan: spans[i] ? { start: contentStarts[i] as number, end: (spans[i] as Span).end } : null,
      }));
    if (w.childPath && files.length > 0)
      files.push({
        path: w.childPath,
        display: display(w.childPath),
        bytes: 0,
        role: 'child',
        span: null,
        contentSpan: null,
      });
    const first = own[0];
    const last = own[own.length - 1];
    const span =
      first && last ? { start: (spans[first.i] as Span).start, end: (spans[last.i] as Span).end } : null;
    const note = own.find(({ b }) => b.kind === 'folder-note');
    const truncated: Truncation | null =
      w.overflow && note
        ? {
            reason: w.overflow.reason,
            notLoaded: w.overflow.droppedFiles,
            maxFiles: numberOrNaN(raw.maxFiles ?? DEFAULT_MAX_FILES),
            maxBytes: numberOrNaN(raw.maxBytes ?? DEFAULT_MAX_BYTES),
            note: note.b.content,
            notLoadedFiles: w.notLoaded,
          }
        : null;
    const status = statusOf(w);
    let overTotal: OverTotal | null = null;
    if (w.trippedHere)
      overTotal = {
        limit: cutLimit,
        filesBefore: w.trippedHere.files,
        bytesBefore: w.trippedHere.bytes,
        files: 1,
        bytes: w.trippedHere.size,
        afterCut: false,
      };
    else if (status === 'over-total')
      overTotal = {
        limit: cutLimit,
        filesBefore: walk.totalFiles,
        bytesBefore: walk.totalBytes,
        files: 0,
        bytes: 0,
        afterCut: true,
      };
    const recorders = w.recorders;
    const trace: ConditionalTrace[] = recorders.flatMap((r) => r.trace);
    trace.sort((a, b) => (a.file === b.file ? a.line - b.line || (a.element ?? 0) - (b.element ?? 0) : 0));
    const templateVars = new Set<string>();
    for (const r of recorders) for (const v of r.reads) templateVars.add(v);
    const reason = status === 'invalid' ? invalidReason(raw) : null;
    const resolved = w.readPath;
    return {
      id: w.merged.id,
      order: typeof raw.order === 'number' ? raw.order : null,
      type: sectionTypeOf(raw.type),
      description: typeof raw.description === 'string' && raw.description !== '' ? raw.description : null,
      status,
      origin: w.merged.origin,
      fieldOrigins: w.merged.fieldOrigins,
      needsInjection: Boolean(raw.needsInjection) || Boolean(raw.loop),
      when: w.when,
      whenVars: whenVarNames(w.whenSpec ?? parseWhen(raw.when)),
      invalidReason: reason,
      rawPath: typeof w.rawPath === 'string' && w.rawPath !== '' ? w.rawPath : null,
      rawChildPath:
        isPlainObject(raw.loop) && typeof raw.loop.childFile === 'string' ? raw.loop.childFile : null,
      resolvedPath: resolved,
      resolvedChildPath: w.childPath,
      displayPath: w.resolvedPath ? display(w.resolvedPath) : null,
      unresolved: w.expanded?.unresolved ?? [],
      missingPath: status === 'not-exist' ? resolved : null,
      readError: w.readFailures[0]?.message ?? null,
      files,
      bytes: files.reduce((n, f) => n + f.bytes, 0),
      truncated,
      overTotal,
      span,
      trace,
      templateVars: [...templateVars],
      empty: status === 'ok' && w.blocks === 0,
      emptyFiles: w.emptyFiles,
      debug: debugRecord(w),
    };
  });

  diagnostics.push(...hazardDiagnostics(walk, sections, input, fs));
  const totalBlock = walk.blocks.findIndex((b) => b.kind === 'total-note');
  return {
    ...common,
    rendered: true,
    failure: null,
    fragments,
    context,
    sections,
    totals: {
      files: walk.totalFiles,
      bytes: walk.totalBytes,
      maxFiles,
      maxBytes,
      overTotal: walk.skippedByCap.map(noteId),
      note: totalBlock >= 0 ? (walk.blocks[totalBlock] as WalkBlock).content : null,
      noteSpan: totalBlock >= 0 ? (spans[totalBlock] ?? null) : null,
    },
    diagnostics,
    merged,
  };
}
