/**
 * Replay, what-if, and bundles: renders of recorded vars against the current files
 * (and the draft override, if any), compared with what was recorded.
 */
import type { OverrideDraft } from '../../shared/api/methods/history';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ApiFailure } from '../../shared/api';
import type { Scenario } from '../../shared/api';
import { parseManifestReport } from '../../shared/debug-files/parse';
import { describeFailure } from '../../shared/debug-files/parse-result';
import type { EngineFs, RenderInput, RenderReport } from '../../shared/engine';
import { renderContext } from '../../shared/engine';
import { createMemoryFs } from '../../shared/base/memory-fs';
import { BUNDLE_FORMAT, BUNDLE_VERSION, parseBundle } from '../../shared/history/bundle';
import type { SnapshotBundle } from '../../shared/history/bundle';
import type { ReplayResult } from '../../shared/api/history-models';
import { diffRenders } from '../../shared/history/render-diff';
import {
  factsOfParsedReport,
  factsOfRender,
  factsOfRenderAsEvolcore,
} from '../../shared/history/section-facts';
import { whatIfChange } from '../../shared/history/what-if';
import type { WhatIfChange } from '../../shared/history/what-if';
import type { Roots } from '../../shared/scenarios/reroot';
import { scenarioFromSnapshot } from '../../shared/scenarios/snapshot-scenario';
import type { HistoryIndex } from './history-index';
import { createNodeFs } from '../services/node-fs';
import { inferManifest } from './infer-manifest';
import { writeTextAtomic } from '../services/pinned-write';
import type { WriteTarget } from '../services/write-scope';
import { createRecordingFs } from './recording-fs';
import { readSnapshotFiles, textOf } from './snapshot-reads';
import type { TooLarge } from '../../shared/api/answer-caps';
import { MAX_ANSWER_BYTES, MAX_SHOWN_TEXT_BYTES, megabytes, tooLarge } from '../../shared/api/answer-caps';
import { jsonBytes } from '../services/answer-size';

/** A context's marker when it is over the cap for one shown text (answer-caps.ts), else `null`. */
function overCap(text: string | null): TooLarge | null {
  // A UTF-8 byte is at least one UTF-16 unit: a short string needs no count.
  if (text === null || text.length * 3 <= MAX_SHOWN_TEXT_BYTES) return null;
  const bytes = Buffer.byteLength(text, 'utf8');
  return bytes > MAX_SHOWN_TEXT_BYTES ? tooLarge(bytes, MAX_SHOWN_TEXT_BYTES) : null;
}

/**
 * The result with each context over its cap replaced by its marker. The diff was
 * made from the full texts the main side holds; only what is sent is cut.
 */
function capContexts(result: ReplayResult, recordedTooLarge: TooLarge | null): ReplayResult {
  const recorded = recordedTooLarge ?? overCap(result.recordedContext);
  const replayed = overCap(result.replayedContext);
  const capped =
    recorded === null && replayed === null
      ? result
      : {
          ...result,
          recordedContext: recorded === null ? result.recordedContext : null,
          replayedContext: replayed === null ? result.replayedContext : '',
          tooLarge: { recorded, replayed },
        };
  return capScenarioVars(capped);
}

/**
 * A bundle's vars can be any size (it is any file a caller names): a value over the cap goes as
 * its marker (the UI applies a snapshot's vars through `snapshotAsScenario`, never these), and an
 * answer still over `MAX_ANSWER_BYTES` is refused rather than sent.
 */
function capScenarioVars(result: ReplayResult): ReplayResult {
  let vars: Record<string, unknown> | null = null;
  for (const [name, value] of Object.entries(result.scenario.vars)) {
    if (jsonBytes(value, MAX_SHOWN_TEXT_BYTES) <= MAX_SHOWN_TEXT_BYTES) continue;
    vars ??= { ...result.scenario.vars };
    vars[name] = { tooLarge: tooLarge(jsonBytes(value), MAX_SHOWN_TEXT_BYTES) };
  }
  const out = vars === null ? result : { ...result, scenario: { ...result.scenario, vars } };
  if (jsonBytes(out, MAX_ANSWER_BYTES) > MAX_ANSWER_BYTES)
    throw new ApiFailure(
      'read-error',
      `the replay of ${result.key} is too large to show (over ${megabytes(MAX_ANSWER_BYTES)})`,
    );
  return out;
}

/** An unsaved override draft for one manifest file, as its schema checked it. */
export type Draft = OverrideDraft;

/** Renders a scenario against the workspace (its cached fs); `overrideText` as the Workspace takes it. */
export type WorkspaceRender = (scenario: Scenario, overrideText?: string | null) => RenderReport;

/** The snapshot as a scenario of the workspace, re-rooted. */
export async function snapshotScenario(
  index: HistoryIndex,
  key: string,
  roots: Roots,
): Promise<{
  scenario: Scenario;
  rerooted: readonly string[];
  warnings: readonly string[];
  files: Awaited<ReturnType<typeof readSnapshotFiles>>;
}> {
  if (!index.snapshot(key)) throw new ApiFailure('not-found', `no snapshot ${key} in ${index.dir}`);
  const files = await readSnapshotFiles(index, key);
  const varsText = textOf(files.vars);
  if (varsText === null) {
    // Over the cap it is not read at all: say so, not "no vars file".
    if (!files.vars.ok && files.vars.tooLarge !== undefined)
      throw new ApiFailure('read-error', files.vars.error, files.vars.tooLarge.path ?? undefined);
    throw new ApiFailure('not-found', `snapshot ${key} has no readable vars file`);
  }
  const result = scenarioFromSnapshot(varsText, textOf(files.manifest), { reroot: true, workspace: roots });
  if (!result.ok) throw new ApiFailure('read-error', result.error);
  return { scenario: result.scenario, rerooted: result.rerooted, warnings: result.warnings, files };
}

/**
 * The snapshot as a scenario to render again: for evolcore's format, with the manifest its
 * recorded sections name (`infer-manifest.ts`), since its files do not say which one it was.
 */
async function replayScenario(
  index: HistoryIndex,
  key: string,
  roots: Roots,
  render: WorkspaceRender,
): Promise<Awaited<ReturnType<typeof snapshotScenario>>> {
  const read = await snapshotScenario(index, key, roots);
  const reportText = textOf(read.files.manifest);
  const parsed = reportText === null ? null : parseManifestReport(reportText);
  if (!parsed?.ok || parsed.value.source !== 'evolcore' || read.scenario.manifestFile !== null) return read;
  const ids = parsed.value.sections.map((s) => s.id);
  const inferred = inferManifest(read.scenario, ids, roots.packageRoot, (sc) => render(sc));
  return {
    ...read,
    scenario: inferred.scenario,
    warnings: inferred.note === null ? read.warnings : [...read.warnings, inferred.note],
  };
}

/** Renders without the draft, and with it when it belongs to the manifest the render chose. */
function renderWithDraft(
  render: WorkspaceRender,
  scenario: Scenario,
  draft: Draft | undefined,
): { report: RenderReport; usedDraft: boolean; plain: RenderReport } {
  const plain = render(scenario);
  if (draft === undefined || plain.manifestFile !== draft.manifestFile)
    return { report: plain, usedDraft: false, plain };
  return { report: render(scenario, draft.overrideText), usedDraft: true, plain };
}

/** Compares a recorded snapshot (its report and context text) with a fresh render. */
function compareWithRecorded(
  key: string,
  scenario: Scenario,
  rerooted: readonly string[],
  recordedReport: string | null,
  recordedContext: string | null,
  /** The snapshot has no context file at all (not one that could not be read). */
  contextFileAbsent: boolean,
  report: RenderReport,
  usedDraft: boolean,
  warnings: string[],
): ReplayResult {
  let factsBefore = null;
  let evolcoreFormat = false;
  if (recordedReport !== null) {
    const parsed = parseManifestReport(recordedReport);
    if (parsed.ok) {
      evolcoreFormat = parsed.value.source === 'evolcore';
      factsBefore = factsOfParsedReport(
        parsed.value,
        evolcoreFormat && contextFileAbsent ? '' : recordedContext,
      );
    } else warnings.push(`manifest report unreadable: ${describeFailure(parsed)}`);
  }
  // evolcore's format records fewer facts (no bytes, no manifest file) and writes no context
  // file for an empty context: compare the fresh render on the same terms.
  const before = evolcoreFormat && contextFileAbsent ? '' : recordedContext;
  const diff = diffRenders({
    varsBefore: null,
    varsAfter: null,
    factsBefore,
    factsAfter: evolcoreFormat ? factsOfRenderAsEvolcore(report) : factsOfRender(report),
    contextBefore: before,
    contextAfter: report.context,
    ...(usedDraft ? { manifestNotes: ['the draft override'] } : {}),
  });
  return {
    key,
    scenario,
    rerooted,
    usedDraft,
    diff,
    recordedContext: before,
    replayedContext: report.context,
    warnings,
  };
}

/** Replays one snapshot now and compares it with its recording. */
export async function replaySnapshot(
  index: HistoryIndex,
  key: string,
  roots: Roots,
  render: WorkspaceRender,
  draft?: Draft,
): Promise<ReplayResult> {
  const { scenario, rerooted, warnings, files } = await replayScenario(index, key, roots, render);
  const { report, usedDraft } = renderWithDraft(render, scenario, draft);
  const result = compareWithRecorded(
    key,
    scenario,
    rerooted,
    textOf(files.manifest),
    textOf(files.context),
    !files.context.ok && files.context.name === null,
    report,
    usedDraft,
    [...warnings],
  );
  return capContexts(result, files.context.ok ? null : (files.context.tooLarge ?? null));
}

/** What-if: every snapshot rendered now without and with the draft; those that would change. */
export async function whatIf(
  index: HistoryIndex,
  keys: readonly string[],
  roots: Roots,
  render: WorkspaceRender,
  draft: Draft,
): Promise<{ rendered: number; changes: WhatIfChange[]; failed: number }> {
  const changes: WhatIfChange[] = [];
  let rendered = 0;
  let failed = 0;
  for (const key of keys) {
    try {
      const { scenario } = await replayScenario(index, key, roots, render);
      const { report, plain, usedDraft } = renderWithDraft(render, scenario, draft);
      rendered++;
      if (!usedDraft) continue;
      const change = whatIfChange(
        key,
        { facts: factsOfRender(plain), contextBytes: plain.totals.bytes },
        { facts: factsOfRender(report), contextBytes: report.totals.bytes },
      );
      if (change) changes.push(change);
    } catch {
      failed++;
    }
  }
  return { rendered, changes, failed };
}

/** Largest file put into a bundle's tree (a kit file is small; this stops a runaway). */
const MAX_TREE_FILE = 4 * 1024 * 1024;

function renderInput(roots: Roots, scenario: Scenario): RenderInput {
  return {
    packageRoot: roots.packageRoot,
    home: roots.home,
    ...(roots.product === undefined ? {} : { product: roots.product }),
    vars: scenario.vars,
    sessionType: scenario.sessionType,
    ...(scenario.manifestFile === null ? {} : { manifestFile: scenario.manifestFile }),
  };
}

/** The tree of every file a render of `scenario` read, stated or listed beside them. */
function treeOfRender(
  roots: Roots,
  scenario: Scenario,
  disk: EngineFs,
): { tree: Record<string, string | null>; report: RenderReport } {
  const rec = createRecordingFs(disk);
  const report = renderContext(renderInput(roots, scenario), rec);
  const tree: Record<string, string | null> = {};
  const add = (p: string): void => {
    if (p in tree) return;
    const st = disk.stat(p);
    if ('error' in st || st.kind !== 'file' || st.size > MAX_TREE_FILE) return;
    const text = disk.readText(p);
    if (typeof text === 'string') tree[p] = text;
  };
  for (const p of rec.readPaths) add(p);
  for (const p of rec.statPaths) add(p);
  for (const [dir, entries] of rec.listed) {
    let any = false;
    for (const e of entries) {
      const p = `${dir.replace(/\/+$/, '')}/${e.name}`;
      if (e.kind === 'file') {
        add(p);
        any = true;
      } else if (
        e.kind === 'directory' &&
        !rec.listed.has(p) &&
        !Object.keys(tree).some((k) => k.startsWith(`${p}/`))
      ) {
        tree[p] = null;
        any = true;
      }
    }
    if (!any && !Object.keys(tree).some((k) => k.startsWith(`${dir}/`))) tree[dir] = null;
  }
  return { tree, report };
}

/** Builds a snapshot's bundle (recorded files, scenario, merged manifest, the files read). */
export async function buildBundle(
  index: HistoryIndex,
  key: string,
  roots: Roots,
  now: number,
): Promise<SnapshotBundle> {
  const disk = createNodeFs();
  const { scenario, files } = await replayScenario(index, key, roots, (sc) =>
    renderContext(renderInput(roots, sc), disk),
  );
  // A bundle re-renders from its own copy of the files: one left out would make it a lie.
  for (const file of Object.values(files)) {
    if (!file.ok && file.tooLarge !== undefined)
      throw new ApiFailure(
        'read-error',
        `${file.error}; no bundle was written`,
        file.tooLarge.path ?? undefined,
      );
  }
  const { tree, report } = treeOfRender(roots, scenario, disk);
  return {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    key,
    exportedAt: now,
    files: {
      vars: textOf(files.vars),
      context: textOf(files.context),
      fragments: textOf(files.fragments),
      manifest: textOf(files.manifest),
    },
    roots,
    scenario,
    merged: report.merged,
    tree,
  };
}

/**
 * Writes a bundle atomically (random temp file, rename; the temp file removed on failure),
 * pinned to the folder write-scope approved.
 */
/** A bundle's file text: the same bytes whether written to a file or downloaded. */
export function bundleText(bundle: SnapshotBundle): string {
  return `${JSON.stringify(bundle, null, 1)}\n`;
}

export function writeBundle(
  bundle: SnapshotBundle,
  target: WriteTarget,
): { path: string; bytes: number; files: number } {
  const text = bundleText(bundle);
  const file = join(target.folder, target.name);
  try {
    writeTextAtomic(file, text, target.folder);
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    throw new ApiFailure('write-error', error instanceof Error ? error.message : String(error), file);
  }
  return { path: file, bytes: Buffer.byteLength(text), files: Object.keys(bundle.tree).length };
}

/** Largest bundle file opened: bundles hold small kit files; this stops `/dev/zero` and the like. */
const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;

/**
 * A bundle's parse failure without any of its text: a bundle can be any file a caller names,
 * so an error must never echo what is in it. Only fixed words and the position stay.
 */
function contentFreeFailure(failure: { error: string; line?: number; column?: number }): string {
  const known = [
    'not JSON',
    'not a snapshot bundle',
    'unsupported bundle version',
    'bundle without a key',
    'bundle without roots',
    'bundle with an invalid scenario',
    'bundle without a file tree',
  ];
  const words = known.find((k) => failure.error.startsWith(k)) ?? 'not a readable snapshot bundle';
  const where =
    failure.line === undefined
      ? ''
      : ` (line ${failure.line}${failure.column === undefined ? '' : `, column ${failure.column}`})`;
  return `${words}${where}`;
}

/** Opens a bundle and re-renders it from its own tree, compared with what it recorded. */
export function openBundle(file: string): ReplayResult {
  let text: string;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new ApiFailure('read-error', 'not a file', file);
    if (st.size > MAX_BUNDLE_BYTES)
      throw new ApiFailure('read-error', `larger than ${MAX_BUNDLE_BYTES} bytes; not a bundle`, file);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ApiFailure(
      // read-error for every cause: the Open bundle dialog says "Cannot read the bundle: …".
      'read-error',
      code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? 'error'})`,
      file,
    );
  }
  const parsed = parseBundle(text);
  if (!parsed.ok) throw new ApiFailure('read-error', contentFreeFailure(parsed), file);
  const bundle = parsed.value;
  const report = renderContext(renderInput(bundle.roots, bundle.scenario), createMemoryFs(bundle.tree));
  const result = compareWithRecorded(
    bundle.key,
    bundle.scenario,
    [],
    bundle.files.manifest,
    bundle.files.context,
    bundle.files.context === null,
    report,
    false,
    [...parsed.warnings],
  );
  return capContexts(result, null);
}
