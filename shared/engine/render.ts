/**
 * One render, end to end: vars → path vars → manifest choice → load → merge → plan →
 * total gate → read → templates → output. Bad user data never throws: it becomes
 * diagnostics and a render of whatever is still valid (STYLE.md habit 3).
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
  SectionReport,
  Span,
  Truncation,
  Vars,
} from './types';
import { derivePathVars } from './path-vars';
import { chooseManifest } from './choose-manifest';
import { readBaseManifest, readOverrideManifest } from './manifest-files';
import { mergeManifests } from './merge';
import { planSection, type PlanContext, type PlannedFile, type SectionPlan } from './plan';
import { applyTotalGate } from './total-gate';
import { joinPath } from './paths';
import { isPlainObject } from './truthy';
import { isFsError } from './fs-util';
import { renderTemplate, type TemplateResult } from './template/render';
import { whenVarNames } from './when';
import {
  BLOCK_SEPARATOR,
  CONTEXT_PREFIX,
  CONTEXT_SUFFIX,
  blockHeader,
  blockLabel,
  displayPath,
  folderNote,
  totalNote,
} from './output-format';

/** Files larger than this are never read, whatever the budgets say (they would freeze the app). */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

/** A rendered piece of the context: a file block or a note. */
interface Block {
  readonly plan: SectionPlan | null;
  readonly file: PlannedFile | null;
  readonly header: string;
  readonly content: string;
}

/** What rendering a section produced. */
interface SectionOutput {
  readonly contents: { file: PlannedFile; content: string }[];
  readonly trace: ConditionalTrace[];
  readonly reads: Set<string>;
}

function collectTemplate(
  result: TemplateResult,
  file: string,
  out: SectionOutput,
  plan: SectionPlan,
  diagnostics: Diagnostic[],
): void {
  out.trace.push(...result.trace);
  for (const r of result.reads) out.reads.add(r);
  for (const u of result.unclosed) {
    // A loop child renders once per element: report each unclosed tag of a file once.
    const seen = diagnostics.some(
      (d) =>
        d.code === 'unclosed-block' &&
        d.section === plan.merged.id &&
        d.file === file &&
        d.line === u.line &&
        d.column === u.column,
    );
    if (seen) continue;
    diagnostics.push({
      level: 'warning',
      code: 'unclosed-block',
      message: `${file}:${u.line}:${u.column}: ${u.raw} has no closing tag; kept as text`,
      section: plan.merged.id,
      file,
      line: u.line,
      column: u.column,
    });
  }
}

/** A placeholder no file or var will contain, replaced literally after the wrapper renders. */
const LOOP_PLACEHOLDER = '\u0000\u{10FFFD}ECK-LOOP\u{10FFFD}\u0000';

function renderSection(
  plan: SectionPlan,
  texts: ReadonlyMap<string, string>,
  vars: Vars,
  diagnostics: Diagnostic[],
): SectionOutput {
  const out: SectionOutput = { contents: [], trace: [], reads: new Set() };
  const spec = plan.spec;
  if (!spec) return out;
  const textOf = (f: PlannedFile): string => texts.get(f.path) ?? '';
  if (spec.loop) {
    const [wrapper, child] = plan.files as [PlannedFile, PlannedFile];
    out.reads.add(spec.loop.forEach);
    const list = Object.hasOwn(vars, spec.loop.forEach) ? vars[spec.loop.forEach] : undefined;
    const items = Array.isArray(list) ? list : [];
    const parts = items.map((value: unknown, i) => {
      const r = renderTemplate(textOf(child), vars, { file: child.path, element: { value, index: i + 1 } });
      collectTemplate(r, child.path, out, plan, diagnostics);
      return r.text;
    });
    const loopText = parts.join(spec.loop.separator);
    const w = renderTemplate(textOf(wrapper), vars, {
      file: wrapper.path,
      loopPlaceholder: LOOP_PLACEHOLDER,
    });
    collectTemplate(w, wrapper.path, out, plan, diagnostics);
    // The loop result goes in literally (never parsed again); no placeholder → appended (§10).
    const content = w.text.includes(LOOP_PLACEHOLDER)
      ? w.text.split(LOOP_PLACEHOLDER).join(loopText)
      : `${w.text}\n${loopText}`;
    out.contents.push({ file: wrapper, content });
    return out;
  }
  for (const file of plan.files) {
    if (!spec.needsInjection) {
      out.contents.push({ file, content: textOf(file) });
      continue;
    }
    const r = renderTemplate(textOf(file), vars, { file: file.path });
    collectTemplate(r, file.path, out, plan, diagnostics);
    out.contents.push({ file, content: r.text });
  }
  return out;
}

/** Reads admitted files; failures are recorded so the next pass plans without them. */
function readAdmitted(
  fs: EngineFs,
  plans: readonly SectionPlan[],
  texts: Map<string, string>,
  unreadable: Map<string, string>,
  diagnostics: Diagnostic[],
): boolean {
  let failed = false;
  for (const plan of plans) {
    if (plan.status !== 'ok') continue;
    for (const f of plan.files) {
      if (texts.has(f.path) || unreadable.has(f.path)) continue;
      if (f.size > MAX_READ_BYTES) {
        const message = `${f.path} is ${f.size} bytes, over the inspector's ${MAX_READ_BYTES}-byte read limit; not read`;
        diagnostics.push({
          level: 'error',
          code: 'file-too-large',
          message,
          section: plan.merged.id,
          file: f.path,
        });
        unreadable.set(f.path, message);
        failed = true;
        continue;
      }
      const text = fs.readText(f.path);
      if (isFsError(text)) {
        diagnostics.push({
          level: 'error',
          code: 'read-error',
          message: `${f.path}: ${text.message}`,
          section: plan.merged.id,
          file: f.path,
        });
        unreadable.set(f.path, text.message);
        failed = true;
        continue;
      }
      if (text.includes('\u0000')) {
        diagnostics.push({
          level: 'warning',
          code: 'binary-file',
          message: `${f.path} looks binary (it holds NUL bytes); it is injected as text, as evolcore would`,
          section: plan.merged.id,
          file: f.path,
        });
      }
      texts.set(f.path, text);
    }
  }
  return failed;
}

const emptyTotals = (maxFiles: number, maxBytes: number): RenderReport['totals'] => ({
  files: 0,
  bytes: 0,
  maxFiles,
  maxBytes,
  overTotal: [],
  note: null,
  noteSpan: null,
});

/** Renders the context of one scenario. */
export function renderContext(input: RenderInput, fs: EngineFs): RenderReport {
  const diagnostics: Diagnostic[] = [];
  let given: Vars = {};
  if (isPlainObject(input.vars)) given = input.vars;
  else
    diagnostics.push({
      level: 'error',
      code: 'vars-not-object',
      message: `vars must be a JSON object, got ${Array.isArray(input.vars) ? 'a list' : input.vars === null ? 'null' : typeof input.vars}; rendered with no vars`,
    });
  const pathVars = derivePathVars(input.packageRoot, input.home, given);
  const vars: Record<string, unknown> = { ...given, ...pathVars.values };
  const sessionType = input.sessionType || 'main';
  const choice = chooseManifest(fs, vars, sessionType, input.manifestFile, diagnostics);
  const basePath = joinPath(pathVars.values.KITS as string, choice.file);
  const overridePath = joinPath(pathVars.values.ECK as string, choice.file);
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
  const merged = mergeManifests(choice.file, base.doc, override.doc, override.state, diagnostics);

  // Plan → gate → read, again while reads fail: a file that cannot be read frees its budget.
  const unreadable = new Map<string, string>();
  const texts = new Map<string, string>();
  const listings: PlanContext['listings'] = new Map();
  let plans: SectionPlan[];
  let cut: Map<SectionPlan, OverTotal>;
  let passDiagnostics: Diagnostic[];
  for (;;) {
    passDiagnostics = [];
    const ctx: PlanContext = {
      fs,
      vars,
      basePath,
      overridePath,
      diagnostics: passDiagnostics,
      unreadable,
      listings,
    };
    plans = merged.sections.map((s) => planSection(ctx, s));
    cut = applyTotalGate(plans, merged.totalMaxFiles, merged.totalMaxBytes);
    if (!readAdmitted(fs, plans, texts, unreadable, diagnostics)) break;
  }
  diagnostics.push(...passDiagnostics);
  return assemble(plans, cut, texts, merged, pathVars.values, vars, diagnostics, common);
}

function assemble(
  plans: readonly SectionPlan[],
  cut: ReadonlyMap<SectionPlan, OverTotal>,
  texts: ReadonlyMap<string, string>,
  merged: MergedManifest,
  pathVarValues: Readonly<Record<string, string>>,
  vars: Vars,
  diagnostics: Diagnostic[],
  common: Pick<RenderReport, 'manifestFile' | 'manifestChoice' | 'pathVars' | 'explicitPathVars' | 'vars'>,
): RenderReport {
  const blocks: Block[] = [];
  const outputs = new Map<SectionPlan, SectionOutput>();
  const notes = new Map<SectionPlan, Truncation>();
  for (const plan of plans) {
    if (plan.status !== 'ok' || !plan.spec) continue;
    const output = renderSection(plan, texts, vars, diagnostics);
    outputs.set(plan, output);
    const label = blockLabel(plan.spec.id, plan.spec.description);
    for (const { file, content } of output.contents) {
      blocks.push({ plan, file, header: blockHeader(displayPath(file.path, pathVarValues), label), content });
    }
    if (plan.truncation) {
      const t = plan.truncation;
      const note = folderNote(
        displayPath(plan.resolvedPath as string, pathVarValues),
        t.reason,
        t.notLoaded,
        plan.spec.maxFiles,
        plan.spec.maxBytes,
      );
      notes.set(plan, { ...t, maxFiles: plan.spec.maxFiles, maxBytes: plan.spec.maxBytes, note });
      blocks.push({ plan, file: null, header: '', content: note });
    }
  }
  const overTotal = plans.filter((p) => p.status === 'over-total').map((p) => p.merged.id);
  const overNote =
    overTotal.length > 0 ? totalNote(merged.totalMaxFiles, merged.totalMaxBytes, overTotal) : null;
  if (overNote) blocks.push({ plan: null, file: null, header: '', content: overNote });

  // Join blocks, recording every block's span.
  const fileSpans = new Map<PlannedFile, { span: Span; contentSpan: Span }>();
  const sectionSpans = new Map<SectionPlan, Span>();
  let noteSpan: Span | null = null;
  let context = '';
  if (blocks.length > 0) {
    context = CONTEXT_PREFIX;
    blocks.forEach((b, i) => {
      if (i > 0) context += BLOCK_SEPARATOR;
      const start = context.length;
      context += b.header;
      const contentStart = context.length;
      context += b.content;
      const span = { start, end: context.length };
      if (b.file) fileSpans.set(b.file, { span, contentSpan: { start: contentStart, end: context.length } });
      if (b.plan) {
        const prev = sectionSpans.get(b.plan);
        sectionSpans.set(b.plan, { start: prev?.start ?? start, end: span.end });
      } else noteSpan = span;
    });
    context += CONTEXT_SUFFIX;
  }

  let totalFiles = 0;
  let totalBytes = 0;
  const sections: SectionReport[] = plans.map((plan) => {
    const spec = plan.spec;
    const loaded = plan.status === 'ok';
    const files: LoadedFile[] = loaded
      ? plan.files.map((f) => {
          const spans = fileSpans.get(f);
          return {
            path: f.path,
            display: displayPath(f.path, pathVarValues),
            bytes: f.size,
            role: f.role,
            span: spans?.span ?? null,
            contentSpan: spans?.contentSpan ?? null,
          };
        })
      : [];
    const bytes = files.reduce((n, f) => n + f.bytes, 0);
    if (loaded) {
      totalFiles += files.length;
      totalBytes += bytes;
    }
    const output = outputs.get(plan);
    const templateVars = new Set(output?.reads ?? []);
    const raw = plan.merged.raw;
    return {
      id: plan.merged.id,
      order: typeof raw.order === 'number' ? raw.order : null,
      type: typeof raw.type === 'string' ? raw.type : null,
      description: typeof raw.description === 'string' ? raw.description : null,
      status: plan.status,
      origin: plan.merged.origin,
      fieldOrigins: plan.merged.fieldOrigins,
      needsInjection: spec?.needsInjection ?? raw.needsInjection === true,
      when: plan.when,
      whenVars: spec ? whenVarNames(spec.when) : [],
      invalidReason: plan.invalidReason,
      rawPath: spec?.rawPath ?? null,
      rawChildPath: spec?.loop?.childFile ?? null,
      resolvedPath: plan.resolvedPath,
      resolvedChildPath: plan.resolvedChildPath,
      displayPath: plan.resolvedPath ? displayPath(plan.resolvedPath, pathVarValues) : null,
      unresolved: plan.unresolved,
      missingPath: plan.missingPath,
      readError: plan.readError,
      files,
      bytes,
      truncated: loaded ? (notes.get(plan) ?? null) : null,
      overTotal: cut.get(plan) ?? null,
      span: sectionSpans.get(plan) ?? null,
      trace: output?.trace ?? [],
      templateVars: [...templateVars],
    };
  });

  return {
    ...common,
    rendered: true,
    context,
    sections,
    totals: {
      files: totalFiles,
      bytes: totalBytes,
      maxFiles: merged.totalMaxFiles,
      maxBytes: merged.totalMaxBytes,
      overTotal,
      note: overNote,
      noteSpan,
    },
    diagnostics,
    merged,
  };
}
