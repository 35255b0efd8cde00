/**
 * The machine-readable summary embedded in `manifest-<ts>.md`: what the table shows, as JSON,
 * so our own parser reads a report back exactly instead of scraping the table.
 */
import type { DiagnosticLevel, RenderReport, SectionReport, SectionStatus } from '../engine';
import { utf8Length } from '../base/utf8';

/** Marker of our summary block (the fence's info string and the `format` field). */
export const MANIFEST_REPORT_FORMAT = 'eck-manifest-report';

/** Version of the summary's shape; bump on an incompatible change. */
export const MANIFEST_REPORT_VERSION = 1;

/** The four path states the reference's debug report names ("调试机制"). */
export type PathState = 'ok' | 'unresolved-vars' | 'not-exist' | 'skipped';

/** One section of the summary. */
export interface ReportSummarySection {
  readonly id: string;
  readonly order: number | null;
  readonly type: string | null;
  readonly description: string | null;
  /** Our status (docs/engine.md §4). */
  readonly status: SectionStatus;
  /** The reference's path state; `skipped` for disabled, when-false, invalid and over-total. */
  readonly pathStatus: PathState;
  /** `null` when the condition was not evaluated (invalid, disabled). */
  readonly whenResult: boolean | null;
  /** Loaded and contributed at least one block to the context. */
  readonly used: boolean;
  /** `needsInjection`: rendered as a template. */
  readonly injected: boolean;
  readonly files: number;
  readonly bytes: number;
  readonly unresolved: readonly string[];
  readonly truncated: { readonly reason: 'files' | 'bytes'; readonly notLoaded: number } | null;
  readonly overTotal: boolean;
  readonly displayPath: string | null;
  readonly missingPath: string | null;
}

/** The whole summary. */
export interface ReportSummary {
  readonly format: typeof MANIFEST_REPORT_FORMAT;
  readonly version: typeof MANIFEST_REPORT_VERSION;
  readonly rendered: boolean;
  readonly manifestFile: string;
  readonly sessionType: string;
  readonly manifestSource: string;
  readonly configPath: string | null;
  readonly basePath: string | null;
  readonly overridePath: string | null;
  readonly overrideState: string | null;
  readonly mode: string | null;
  readonly totals: {
    readonly files: number;
    readonly bytes: number;
    readonly maxFiles: number;
    readonly maxBytes: number;
    readonly overTotal: readonly string[];
  };
  readonly context: { readonly chars: number; readonly bytes: number };
  readonly diagnostics: readonly {
    readonly level: DiagnosticLevel;
    readonly code: string;
    readonly message: string;
    readonly section: string | null;
  }[];
  readonly sections: readonly ReportSummarySection[];
}

/** Maps our status onto the reference's path state (docs/engine.md §4, last paragraph). */
export function pathStateOf(status: SectionStatus): PathState {
  switch (status) {
    case 'ok':
    case 'unresolved-vars':
    case 'not-exist':
      return status;
    case 'invalid':
    case 'disabled':
    case 'when-false':
    case 'over-total':
      return 'skipped';
  }
}

/** The status as the report writes it: the path state, with our finer status beside `skipped`. */
export function statusLabel(status: SectionStatus): string {
  const state = pathStateOf(status);
  return state === 'skipped' ? `skipped (${status})` : state;
}

/** Whether a section put anything into the context (a folder with no matching file did not). */
export function sectionUsed(section: SectionReport): boolean {
  return section.status === 'ok' && (section.files.length > 0 || section.span !== null);
}

/** Builds the summary of a render. */
export function summarizeReport(report: RenderReport): ReportSummary {
  return {
    format: MANIFEST_REPORT_FORMAT,
    version: MANIFEST_REPORT_VERSION,
    rendered: report.rendered,
    manifestFile: report.manifestFile,
    sessionType: report.manifestChoice.sessionType,
    manifestSource: report.manifestChoice.source,
    configPath: report.manifestChoice.configPath,
    basePath: report.merged?.basePath ?? null,
    overridePath: report.merged?.overridePath ?? null,
    overrideState: report.merged?.overrideState ?? null,
    mode: report.merged?.mode ?? null,
    totals: {
      files: report.totals.files,
      bytes: report.totals.bytes,
      maxFiles: report.totals.maxFiles,
      maxBytes: report.totals.maxBytes,
      overTotal: report.totals.overTotal,
    },
    context: { chars: report.context.length, bytes: utf8Length(report.context) },
    diagnostics: report.diagnostics.map((d) => ({
      level: d.level,
      code: d.code,
      message: d.message,
      section: d.section ?? null,
    })),
    sections: report.sections.map((s) => ({
      id: s.id,
      order: s.order,
      type: s.type,
      description: s.description,
      status: s.status,
      pathStatus: pathStateOf(s.status),
      whenResult: s.when.result,
      used: sectionUsed(s),
      injected: s.needsInjection,
      files: s.files.length,
      bytes: s.bytes,
      unresolved: s.unresolved,
      truncated: s.truncated ? { reason: s.truncated.reason, notLoaded: s.truncated.notLoaded } : null,
      overTotal: s.status === 'over-total',
      displayPath: s.displayPath,
      missingPath: s.missingPath,
    })),
  };
}
