/**
 * The Timeline's rows: one per section of the merged manifest, in merged order, with the
 * explanation, sizes, token estimate, bars and folder limits a row shows.
 */
import type {
  NotLoadedFile,
  RenderReport,
  SectionOrigin,
  SectionReport,
  SectionStatus,
} from '../../../../shared/engine';
import { estimateTokens, explainSection } from '../../../../shared/explain';
import { sectionDescriptorOf } from '../../../../shared/format';
import type { SectionExplanation } from '../../../../shared/explain';
import { hazardsBySection, type RowHazard } from './hazard-text';

/** A folder section's own limits and how far it got (types whose descriptor has folder limits). */
export interface FolderBudget {
  readonly maxFiles: number;
  readonly maxBytes: number;
  readonly files: number;
  readonly bytes: number;
  /** Files that did not fit (counted), and the first of them by name and size. */
  readonly notLoaded: number;
  readonly notLoadedFiles: readonly NotLoadedFile[];
  readonly reason: 'files' | 'bytes' | null;
  readonly note: string | null;
}

/** One row of the Timeline. */
export interface TimelineRow {
  readonly id: string;
  /** Position in merged order (0-based). */
  readonly index: number;
  readonly order: number | null;
  readonly description: string | null;
  readonly type: SectionReport['type'];
  /** A message manifest section's render mode (`modeType` / `modeName`, `isDefault`), if it has one. */
  readonly mode: { readonly type: string; readonly name: string | null; readonly isDefault: boolean } | null;
  readonly status: SectionStatus;
  readonly origin: SectionOrigin;
  readonly truncated: boolean;
  readonly files: number;
  readonly bytes: number;
  /** Estimated tokens of the section's blocks in the context; null when it added none. */
  readonly tokens: number | null;
  /** The section's bytes against the total budget's bytes (0…1+). */
  readonly budgetShare: number;
  readonly folder: FolderBudget | null;
  readonly explanation: SectionExplanation;
  /** Tint of its blocks in the Context tab (index among the sections with a span), or null. */
  readonly tint: number | null;
  /** What evolcore does here that an operator would not expect (its hazards, docs/engine.md §13). */
  readonly hazards: readonly RowHazard[];
  /** Lower-cased text the search matches against (id, description, status, type). */
  readonly haystack: string;
}

function rawLimit(
  raw: Readonly<Record<string, unknown>> | undefined,
  name: string,
  fallback: number,
): number {
  const v = raw?.[name];
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback;
}

function folderOf(s: SectionReport, raw: Readonly<Record<string, unknown>> | undefined): FolderBudget | null {
  const defaults = sectionDescriptorOf(s.type)?.folderDefaults;
  if (!defaults) return null;
  const t = s.truncated;
  return {
    maxFiles: t?.maxFiles ?? rawLimit(raw, 'maxFiles', defaults.maxFiles),
    maxBytes: t?.maxBytes ?? rawLimit(raw, 'maxBytes', defaults.maxBytes),
    files: s.files.length,
    bytes: s.bytes,
    notLoaded: t?.notLoaded ?? 0,
    notLoadedFiles: t?.notLoadedFiles ?? [],
    reason: t?.reason ?? null,
    note: t?.note ?? null,
  };
}

function modeOf(raw: Readonly<Record<string, unknown>> | undefined): TimelineRow['mode'] {
  const type = raw?.['modeType'];
  if (typeof type !== 'string' || type === '') return null;
  const name = raw?.['modeName'];
  return { type, name: typeof name === 'string' ? name : null, isDefault: raw?.['isDefault'] === true };
}

/** The rows of a render, in merged order. */
export function timelineRows(report: RenderReport): TimelineRow[] {
  const rawById = new Map((report.merged?.sections ?? []).map((m) => [m.id, m.raw]));
  const maxBytes = report.totals.maxBytes;
  let tint = 0;
  const hazards = hazardsBySection(report);
  return report.sections.map((s, index) => {
    const span = s.span;
    const text = span === null ? '' : report.context.slice(span.start, span.end);
    const row: TimelineRow = {
      id: s.id,
      index,
      order: s.order,
      description: s.description,
      type: s.type,
      mode: modeOf(rawById.get(s.id)),
      status: s.status,
      origin: s.origin,
      truncated: s.truncated !== null,
      files: s.files.length,
      bytes: s.bytes,
      tokens: span === null ? null : estimateTokens(text),
      budgetShare: maxBytes > 0 ? s.bytes / maxBytes : 0,
      folder: folderOf(s, rawById.get(s.id)),
      explanation: explainSection(s, report),
      tint: span === null ? null : tint,
      hazards: hazards.get(s.id) ?? [],
      haystack: [
        s.id,
        s.description ?? '',
        s.status,
        s.type ?? '',
        s.truncated ? 'truncated' : '',
        (hazards.get(s.id) ?? []).length > 0 ? 'hazard' : '',
      ]
        .join(' ')
        .toLowerCase(),
    };
    if (span !== null) tint++;
    return row;
  });
}

/** Rows whose id, description, status or type contains every word of the query. */
export function filterRows(rows: readonly TimelineRow[], query: string): readonly TimelineRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((r) => words.every((w) => r.haystack.includes(w)));
}
