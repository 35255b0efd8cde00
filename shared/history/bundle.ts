/**
 * The self-contained bundle of one snapshot: its four files as recorded,
 * the merged manifest, the scenario, and every file the render read, as an in-memory tree the
 * engine's memory fs re-renders anywhere (shared/base/memory-fs.ts).
 */
import type { Scenario } from '../scenarios/scenario';
import { scenarioSchema } from '../scenarios/scenario';
import type { DebugFileKind } from '../debug-files/names';
import { parseFailure } from '../debug-files/parse-result';
import type { ParseResult } from '../debug-files/parse-result';
import type { MergedManifest } from '../engine';
import { parseJsonText } from '../engine';
import { isPlainObject } from '../base/is-plain-object';

/** The `format` field every bundle carries. */
export const BUNDLE_FORMAT = 'eck-inspector-snapshot-bundle';

/** The version this code writes and reads. */
export const BUNDLE_VERSION = 1;

/** One snapshot, self-contained. */
export interface SnapshotBundle {
  readonly format: typeof BUNDLE_FORMAT;
  readonly version: typeof BUNDLE_VERSION;
  readonly key: string;
  /** `Date.now()` of the export. */
  readonly exportedAt: number;
  /** The four files as recorded; `null` for one the snapshot lacked. */
  readonly files: Readonly<Record<DebugFileKind, string | null>>;
  /** The roots the tree is laid out under (the exporting workspace's). */
  readonly roots: {
    readonly packageRoot: string;
    readonly home: string;
    /** Whose engine the exporter rendered with (absent in older bundles: evolcore). */
    readonly product?: 'evolcore' | 'evolclaw';
  };
  /** The recorded vars re-rooted onto `roots`, with the recorded session type and manifest. */
  readonly scenario: Scenario;
  /** The merged manifest of the export-time render. */
  readonly merged: MergedManifest | null;
  /** Every file the render read (absolute path → text); `null` marks an empty folder. */
  readonly tree: Readonly<Record<string, string | null>>;
}

function textOrNull(value: unknown): string | null | undefined {
  return value === null || typeof value === 'string' ? value : undefined;
}

/** Reads a bundle file. Never throws: a wrong file says what is wrong. */
export function parseBundle(text: string): ParseResult<SnapshotBundle> {
  const json = parseJsonText(text);
  if (!json.ok) return parseFailure(`not JSON: ${json.message}`, json.line, json.column);
  const top = json.value;
  if (!isPlainObject(top) || top.format !== BUNDLE_FORMAT)
    return parseFailure(`not a snapshot bundle (format ≠ ${BUNDLE_FORMAT})`);
  if (top.version !== BUNDLE_VERSION)
    return parseFailure(`unsupported bundle version ${String(top.version)}`);
  if (typeof top.key !== 'string') return parseFailure('bundle without a key');
  const roots = top.roots;
  if (!isPlainObject(roots) || typeof roots.packageRoot !== 'string' || typeof roots.home !== 'string')
    return parseFailure('bundle without roots');
  const scenario = scenarioSchema.safeParse(top.scenario);
  if (!scenario.success) return parseFailure('bundle with an invalid scenario');
  const filesIn = isPlainObject(top.files) ? top.files : {};
  const files: Record<DebugFileKind, string | null> = {
    vars: null,
    context: null,
    fragments: null,
    manifest: null,
  };
  for (const kind of Object.keys(files) as DebugFileKind[]) files[kind] = textOrNull(filesIn[kind]) ?? null;
  if (!isPlainObject(top.tree)) return parseFailure('bundle without a file tree');
  const tree: Record<string, string | null> = {};
  const warnings: string[] = [];
  for (const [path, content] of Object.entries(top.tree)) {
    const t = textOrNull(content);
    if (t === undefined) warnings.push(`tree entry ${path} is neither text nor null; skipped`);
    else tree[path] = t;
  }
  const bundle: SnapshotBundle = {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    key: top.key,
    exportedAt: typeof top.exportedAt === 'number' ? top.exportedAt : 0,
    files,
    roots: {
      packageRoot: roots.packageRoot,
      home: roots.home,
      ...(roots.product === 'evolclaw' || roots.product === 'evolcore' ? { product: roots.product } : {}),
    },
    scenario: scenario.data,
    merged: isPlainObject(top.merged) ? (top.merged as unknown as MergedManifest) : null,
    tree,
  };
  return { ok: true, value: bundle, warnings };
}
