/**
 * Lenient reader of `manifest-<ts>.md`. evolcore's own format first (`parse-evolcore-report.ts`,
 * exact); then, in order of trust: our earlier format's fenced JSON summary (exact), a
 * whole-file JSON report, the section table (any column order, English or Chinese headers,
 * completed from the `### <id>` details), and last the `### <id>` headings alone, so a report of
 * another writer or a hand-edited one still shows: whatever can be read is returned,
 * with warnings for the rest.
 */
import { parseEvolcoreReport } from './parse-evolcore-report';
import { jsonFencedBlocks } from './fenced-json-blocks';
import { parseFailure } from './parse-result';
import type { ParseResult } from './parse-result';
import {
  completeFromDetails,
  headerFacts,
  sectionsFromHeadings,
  sectionsFromTable,
} from './parse-report-markdown';
import { normaliseStatus } from './report-cells';
import type { ParsedReportSection } from './report-cells';
import { splitLines } from './report-lines';
import { MANIFEST_REPORT_FORMAT } from './report-summary';
import type { ReportSummary } from './report-summary';
import { isPlainObject } from '../base/is-plain-object';

export type { ParsedReportSection } from './report-cells';
export { normaliseStatus, readBool, readBytes, readTokens } from './report-cells';

/** What a manifest report told. */
export interface ParsedManifestReport {
  /**
   * Where the sections came from: `evolcore` is evolcore's own format (what evolcore and, since
   * docs/engine.md §14, the inspector write), `summary` the inspector's earlier format.
   */
  readonly source: 'evolcore' | 'summary' | 'json' | 'table' | 'headings';
  readonly manifestFile: string | null;
  readonly sessionType: string | null;
  /** evolclaw's report names the session (`- sessionId: …`); ours does not. */
  readonly sessionId: string | null;
  readonly totals: {
    readonly files: number | null;
    readonly bytes: number | null;
    readonly maxFiles: number | null;
    readonly maxBytes: number | null;
    readonly overTotal: readonly string[];
  } | null;
  readonly contextBytes: number | null;
  readonly sections: readonly ParsedReportSection[];
  /** Our summary verbatim, when the file carried a valid one. */
  readonly summary: ReportSummary | null;
}

type Obj = Record<string, unknown>;

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function bool(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function sectionFromJson(raw: Obj): ParsedReportSection | null {
  const id = str(raw.id) ?? str(raw.section) ?? str(raw.name);
  if (id === null) return null;
  const written = normaliseStatus(str(raw.status) ?? '');
  const pathStatus = str(raw.pathStatus) ?? str(raw.path_status) ?? written.pathStatus;
  const truncated = raw.truncated;
  const when = raw.whenResult ?? raw.when_result ?? (isPlainObject(raw.when) ? raw.when.result : raw.when);
  return {
    id,
    status: written.status ?? pathStatus,
    pathStatus,
    order: num(raw.order),
    whenResult: bool(when),
    used: bool(raw.used) ?? bool(raw.loaded),
    injected: bool(raw.injected) ?? bool(raw.needsInjection),
    files: num(raw.files) ?? (Array.isArray(raw.files) ? raw.files.length : null),
    bytes: num(raw.bytes),
    unresolved: strings(raw.unresolved ?? raw.unresolvedTokens ?? raw.unresolved_tokens),
    truncated:
      truncated === undefined ? null : typeof truncated === 'boolean' ? truncated : truncated !== null,
  };
}

function reportFromJson(top: Obj, source: 'summary' | 'json'): ParsedManifestReport | null {
  if (!Array.isArray(top.sections)) return null;
  const sections = top.sections.filter(isPlainObject).map(sectionFromJson);
  const totals = isPlainObject(top.totals) ? top.totals : null;
  const context = isPlainObject(top.context) ? top.context : null;
  const isOurs = top.format === MANIFEST_REPORT_FORMAT && sections.every((s) => s !== null);
  return {
    source: isOurs ? 'summary' : source,
    manifestFile: str(top.manifestFile) ?? str(top.manifest),
    sessionType: str(top.sessionType),
    sessionId: str(top.sessionId),
    totals: totals && {
      files: num(totals.files),
      bytes: num(totals.bytes),
      maxFiles: num(totals.maxFiles),
      maxBytes: num(totals.maxBytes),
      overTotal: strings(totals.overTotal),
    },
    contextBytes: num(context?.bytes) ?? num(top.contextBytes),
    sections: sections.filter((s): s is ParsedReportSection => s !== null),
    summary: isOurs ? (top as unknown as ReportSummary) : null,
  };
}

/**
 * Reads a manifest report in any shape it can; fails only when no section can be found.
 * The text is cut into lines only when neither evolcore's reader (which scans it in place) nor a
 * JSON summary answers: the History's pass reads every snapshot's report through here.
 */
export function parseManifestReport(text: string): ParseResult<ParsedManifestReport> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const warnings: string[] = [];
  const evolcore = parseEvolcoreReport(body);
  if (evolcore) return { ok: true, value: evolcore, warnings };
  if (/^\s*\{/.test(body)) {
    try {
      const top: unknown = JSON.parse(body);
      const report = isPlainObject(top) ? reportFromJson(top, 'json') : null;
      if (report) return { ok: true, value: report, warnings };
    } catch {
      warnings.push('the file starts like JSON but is not valid JSON; read as markdown');
    }
  }
  const blocks = jsonFencedBlocks(body);
  const ordered = [
    ...blocks.filter((b) => b.info.includes(MANIFEST_REPORT_FORMAT)),
    ...blocks.filter((b) => !b.info.includes(MANIFEST_REPORT_FORMAT)),
  ];
  for (const block of ordered) {
    try {
      const top: unknown = JSON.parse(block.body);
      const report = isPlainObject(top) ? reportFromJson(top, 'json') : null;
      if (report) return { ok: true, value: report, warnings };
    } catch (err) {
      if (block.info.includes(MANIFEST_REPORT_FORMAT)) {
        warnings.push(
          `summary block at line ${block.line} is not valid JSON (${String(err)}); read the table instead`,
        );
      }
    }
  }
  const lines = splitLines(body);
  const facts = headerFacts(lines);
  const base = { ...facts, totals: null, contextBytes: null, summary: null };
  const details = sectionsFromHeadings(lines);
  const fromTable = sectionsFromTable(lines);
  if (fromTable) {
    const sections = fromTable.map((row) => completeFromDetails(row, details.get(row.id)));
    return { ok: true, value: { ...base, source: 'table', sections }, warnings };
  }
  const fromHeadings = [...details.values()].filter((s) => s.status !== null);
  if (fromHeadings.length) {
    return { ok: true, value: { ...base, source: 'headings', sections: fromHeadings }, warnings };
  }
  return parseFailure('no section found: neither a summary block, a section table nor section headings');
}
