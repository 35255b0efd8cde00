/**
 * The facts of one section that two renders are compared on, read from either a recorded
 * manifest report (lenient parse) or a fresh RenderReport, so a snapshot can be compared with
 * another snapshot and with a replay by the same code.
 */
import { formatEvolcoreManifestReport } from '../debug-files/evolcore-format';
import { blockBytesByLabel } from './block-bytes';
import { parseEvolcoreReport } from '../debug-files/parse-evolcore-report';
import type { ParsedManifestReport } from '../debug-files/parse-manifest-report';
import { summarizeReport } from '../debug-files/report-summary';
import type { RenderReport } from '../engine';

/** What is compared of a section. */
export interface SectionFacts {
  readonly id: string;
  readonly order: number | null;
  /** `ok`, `when-false`, `over-total`… (`null` when the report did not say). */
  readonly status: string | null;
  readonly whenResult: boolean | null;
  /** Put something into the context. */
  readonly loaded: boolean;
  readonly files: number | null;
  readonly bytes: number | null;
  /** Cut by its folder limits. */
  readonly truncated: boolean;
  /** Dropped by the total budget gate. */
  readonly overTotal: boolean;
}

/** The facts of a whole render. */
export interface RenderFacts {
  readonly manifestFile: string | null;
  readonly sessionType: string | null;
  readonly maxFiles: number | null;
  readonly maxBytes: number | null;
  readonly sections: readonly SectionFacts[];
}

/**
 * Facts from a parsed `manifest-<ts>.md`. A report in evolcore's format records no sizes: with
 * the snapshot's context, each section's bytes are its blocks' there (`block-bytes.ts`).
 */
export function factsOfParsedReport(
  report: ParsedManifestReport,
  context: string | null = null,
): RenderFacts {
  const blocks =
    report.source === 'evolcore' && context !== null
      ? blockBytesByLabel(
          context,
          report.sections.flatMap((s) => (s.label === undefined ? [] : [s.label])),
        )
      : null;
  return {
    manifestFile: report.manifestFile,
    sessionType: report.sessionType,
    maxFiles: report.totals?.maxFiles ?? null,
    maxBytes: report.totals?.maxBytes ?? null,
    sections: report.sections.map((s) => ({
      id: s.id,
      order: s.order,
      status: s.status,
      whenResult: s.whenResult,
      loaded: s.used ?? (s.status === 'ok' ? (s.files ?? 1) > 0 : false),
      files: s.files,
      bytes: blocks !== null && s.label !== undefined ? (blocks.get(s.label) ?? 0) : s.bytes,
      truncated: s.truncated === true,
      overTotal: s.status === 'over-total' || (report.totals?.overTotal.includes(s.id) ?? false),
    })),
  };
}

/**
 * Facts from a render the engine just made, through the same summary the debug writer puts
 * in `manifest-<ts>.md`, so a replay of an unchanged snapshot compares equal field by field.
 */
export function factsOfRender(report: RenderReport): RenderFacts {
  const summary = summarizeReport(report);
  return {
    manifestFile: summary.manifestFile,
    sessionType: summary.sessionType,
    maxFiles: summary.totals.maxFiles,
    maxBytes: summary.totals.maxBytes,
    sections: summary.sections.map((s) => ({
      id: s.id,
      order: s.order,
      status: s.status,
      whenResult: s.whenResult,
      loaded: s.used,
      files: s.files,
      bytes: s.bytes,
      truncated: s.truncated !== null,
      overTotal: s.overTotal,
    })),
  };
}

/**
 * Facts from a fresh render as evolcore's own report records them (no bytes, no manifest file,
 * positions rather than orders): what a replay of a snapshot in that format is compared with, so
 * an unchanged one compares equal field by field.
 */
export function factsOfRenderAsEvolcore(report: RenderReport): RenderFacts {
  const text = formatEvolcoreManifestReport(
    report.sections.map((s) => s.debug),
    '',
    new Date(0),
  );
  const parsed = parseEvolcoreReport(text);
  if (parsed === null) throw new Error('the evolcore report we print does not read back');
  return factsOfParsedReport(parsed, report.context);
}
