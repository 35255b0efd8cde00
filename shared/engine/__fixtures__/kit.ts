/**
 * Test helpers: an in-memory package root `/p` and home `/h`, a manifest built from section
 * objects, and a render through `createMemoryFs`. Used by the engine's tests only.
 */
import type { EngineFs, FileStat, FsError, RenderInput, RenderReport, SectionReport } from '../types';
import { createMemoryFs, type MemoryTree } from '../../base/memory-fs';
import { renderContext } from '../render';

/** The package root of every in-memory kit (`$PACKAGE_ROOT`). */
export const P = '/p';
/** The home of every in-memory kit (`$EVOLCORE_HOME`). */
export const H = '/h';
/** `$KITS`. */
export const KITS = `${P}/kits`;
/** `$ECK`. */
export const ECK = `${H}/eck`;

/** A section object as a test writes it. */
export type SectionInput = Record<string, unknown>;

/** A file section with the required fields filled in (raw, always). */
export function fileSection(id: string, file: string, extra: SectionInput = {}): SectionInput {
  return { id, type: 'file', file, order: 10, needsInjection: false, when: 'always', ...extra };
}

/** A directory section with the required fields filled in. */
export function dirSection(id: string, path: string, extra: SectionInput = {}): SectionInput {
  return { id, type: 'directory', path, order: 10, needsInjection: false, when: 'always', ...extra };
}

/** A manifest text. */
export function manifest(sections: readonly SectionInput[], top: Record<string, unknown> = {}): string {
  return JSON.stringify({ $schema_version: 1, ...top, sections });
}

/** Options of `kit`. */
export interface KitOptions {
  /** Base manifest sections (or full text via `baseText`). */
  readonly sections?: readonly SectionInput[];
  readonly top?: Record<string, unknown>;
  readonly baseText?: string;
  /** Override sections (or full text via `overrideText`). */
  readonly override?: readonly SectionInput[];
  readonly overrideTop?: Record<string, unknown>;
  readonly overrideText?: string;
  /** Manifest file name, default `eck_manifest.json`. */
  readonly file?: string;
  /** Other files of the tree. */
  readonly files?: MemoryTree;
}

/** Builds the in-memory tree of a kit. */
export function kitTree(o: KitOptions): MemoryTree {
  const file = o.file ?? 'eck_manifest.json';
  const tree: Record<string, string | null> = { [H]: null, ...o.files };
  const base = o.baseText ?? (o.sections ? manifest(o.sections, o.top) : undefined);
  if (base !== undefined) tree[`${KITS}/${file}`] = base;
  const over = o.overrideText ?? (o.override ? manifest(o.override, o.overrideTop) : undefined);
  if (over !== undefined) tree[`${ECK}/${file}`] = over;
  return tree;
}

/** A memory fs plus a `stats` counter. */
export type CountingFs = EngineFs & {
  readonly reads: Map<string, number>;
  readonly lists: Map<string, number>;
  readonly stats: Map<string, number>;
};

/** Wraps a memory fs, counting `stat` calls too. */
export function countingFs(tree: MemoryTree): CountingFs {
  const inner = createMemoryFs(tree);
  const stats = new Map<string, number>();
  return {
    reads: inner.reads,
    lists: inner.lists,
    stats,
    stat(path: string): FileStat | FsError {
      stats.set(path, (stats.get(path) ?? 0) + 1);
      return inner.stat(path);
    },
    readText: (path) => inner.readText(path),
    list: (path) => inner.list(path),
  };
}

/** Renders a kit in memory. */
export function renderKit(
  o: KitOptions,
  vars: unknown = {},
  input: Partial<RenderInput> = {},
): RenderReport & { readonly fs: CountingFs } {
  const fs = countingFs(kitTree(o));
  const report = renderContext(
    { packageRoot: P, home: H, vars, ...(o.file ? { manifestFile: o.file } : {}), ...input },
    fs,
  );
  return { ...report, fs };
}

/** The section report of an id (throws in a test when missing). */
export function sectionOf(report: RenderReport, id: string): SectionReport {
  const s = report.sections.find((x) => x.id === id);
  if (!s) throw new Error(`no section ${id} in ${report.sections.map((x) => x.id).join(', ')}`);
  return s;
}

/** `{ id: status }` of a report. */
export function statuses(report: RenderReport): Record<string, string> {
  return Object.fromEntries(report.sections.map((s) => [s.id, s.status]));
}

/** Diagnostic codes of a report. */
export function codes(report: RenderReport): string[] {
  return report.diagnostics.map((d) => d.code);
}

/** The text of a context between the standard prefix and suffix. */
export function body(context: string): string {
  const prefix = '<system-reminder>\nEvolCore Context Kit documents are shown below.\n\n';
  const suffix =
    '\n\nIMPORTANT: Use this context when it affects the current interaction.\n</system-reminder>';
  if (!context.startsWith(prefix) || !context.endsWith(suffix)) throw new Error(`not a context: ${context}`);
  return context.slice(prefix.length, context.length - suffix.length);
}
