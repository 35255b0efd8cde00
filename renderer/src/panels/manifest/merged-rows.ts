/**
 * The rows of the merged-sections table: each section in merged order with its outcome in the
 * draft render, where each field came from, and the call-outs (added by the override, an
 * override entry that matched no base section).
 */
import type {
  FieldOrigin,
  Json,
  MergedManifest,
  RenderReport,
  SectionOrigin,
  SectionStatus,
} from '../../../../shared/engine';
import {
  closestName,
  DEFAULT_TOTAL_MAX_BYTES,
  DEFAULT_TOTAL_MAX_FILES,
  isJsonObject,
} from '../../../../shared/engine';
import type { BaseSections, OverrideValue } from '../../../../shared/override/override-ops';
import { effectiveSection, overrideEntry } from '../../../../shared/override/override-ops';

/** One row of the table. */
export interface MergedRow {
  readonly id: string;
  readonly order: number | null;
  readonly description: string | null;
  readonly type: string | null;
  readonly path: string | null;
  readonly origin: SectionOrigin;
  readonly status: SectionStatus | null;
  readonly enabled: boolean;
  readonly when: Json | undefined;
  readonly fields: readonly { readonly field: string; readonly origin: FieldOrigin }[];
  /** The override has an entry for this id ("reset to base" removes it). */
  readonly hasEntry: boolean;
  /** For an override entry whose id is not in the base and that has no type: the likely base id. */
  readonly unmatched: { readonly near: string | null } | null;
}

const isObject = isJsonObject;

const str = (v: Json | undefined): string | null => (typeof v === 'string' ? v : null);

/** The rows, in merged order. */
export function mergedRows(
  report: RenderReport,
  value: OverrideValue | null,
  base: BaseSections,
): MergedRow[] {
  const merged = report.merged;
  if (merged === null) return [];
  const statuses = new Map(report.sections.map((s) => [s.id, s.status]));
  const unmatchedIds = new Set(
    report.diagnostics.filter((d) => d.code === 'unknown-override-id').map((d) => d.section),
  );
  const baseIds = [...base.keys()];
  return merged.sections.map((s) => {
    // The form shows the draft at once; the render (statuses, origins) follows a moment later.
    const raw = effectiveSection(value, base, s.id) ?? s.raw;
    return {
      id: s.id,
      order: typeof raw.order === 'number' ? raw.order : null,
      description: str(s.raw.description),
      type: str(s.raw.type),
      path: str(s.raw.file) ?? str(s.raw.path),
      origin: s.origin,
      status: statuses.get(s.id) ?? null,
      enabled: raw.enabled !== false,
      when: raw.when,
      fields: Object.keys(s.raw)
        .filter((f) => f !== 'id')
        .map((field) => ({ field, origin: s.fieldOrigins[field] ?? 'base' })),
      hasEntry: value !== null && overrideEntry(value, s.id) !== null,
      unmatched: unmatchedIds.has(s.id) ? { near: closestName(s.id, baseIds) } : null,
    };
  });
}

/** The merged manifest as JSON text (what the engine evaluates), for the side-by-side view. */
export function mergedJson(merged: MergedManifest): string {
  return `${JSON.stringify(
    {
      ...(merged.mode === 'replace' ? { mode: 'replace' } : {}),
      totalMaxFiles: merged.totalMaxFiles,
      totalMaxBytes: merged.totalMaxBytes,
      sections: merged.sections.map((s) => s.raw),
    },
    null,
    2,
  )}\n`;
}

/** The base laid out like `mergedJson`, so a diff shows only what the override changes. */
export function baseJsonLikeMerged(baseValue: Json | undefined): string {
  const base: { readonly [key: string]: Json } = isObject(baseValue) ? baseValue : {};
  const sections = Array.isArray(base.sections) ? (base.sections as readonly Json[]) : [];
  const order = (s: Json): number => (isObject(s) && typeof s.order === 'number' ? s.order : Infinity);
  const sorted = sections.map((s, i) => ({ s, i })).sort((a, b) => order(a.s) - order(b.s) || a.i - b.i);
  // What the base alone would give: its own limit, else the default (docs/engine.md §11).
  const limit = (name: 'totalMaxFiles' | 'totalMaxBytes', fallback: number): number =>
    typeof base[name] === 'number' ? (base[name] as number) : fallback;
  return `${JSON.stringify(
    {
      totalMaxFiles: limit('totalMaxFiles', DEFAULT_TOTAL_MAX_FILES),
      totalMaxBytes: limit('totalMaxBytes', DEFAULT_TOTAL_MAX_BYTES),
      sections: sorted.map((x) => x.s),
    },
    null,
    2,
  )}\n`;
}
