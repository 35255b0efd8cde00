/**
 * The inspector's EARLIER `manifest-<ts>.md` (see `format.ts`; the app now writes evolcore's own,
 * `evolcore-format.ts`): the diagnostic report of one render ("调试机制": per section the `when`
 * result, the path state ok/unresolved-vars/not-exist/skipped, used, injected, unresolved tokens).
 * Readable as markdown (a table, one row per section, then details), and parseable: the same
 * facts as a fenced ```json block (`report-summary.ts`) that `parse.ts` reads back exactly.
 */
import type { Diagnostic, RenderReport, SectionReport } from '../engine';
import { inlineCode, markdownTable } from './markdown';
import { MANIFEST_REPORT_FORMAT, sectionUsed, statusLabel, summarizeReport } from './report-summary';

const NONE = '—';

function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

function whenCell(section: SectionReport): string {
  const expression =
    section.when.expression === undefined ? '(none)' : JSON.stringify(section.when.expression);
  const result = section.when.result === null ? 'not evaluated' : String(section.when.result);
  return `${inlineCode(expression)} → ${result}`;
}

function truncatedCell(section: SectionReport): string {
  const t = section.truncated;
  if (!t) return NONE;
  return `${t.reason}: ${t.notLoaded} not loaded`;
}

function overTotalCell(section: SectionReport): string {
  const o = section.overTotal;
  if (!o) return NONE;
  return `${o.limit}${o.afterCut ? ' (after cut)' : ''}`;
}

function sectionRow(section: SectionReport): string[] {
  return [
    section.order === null ? NONE : String(section.order),
    inlineCode(section.id),
    whenCell(section),
    statusLabel(section.status),
    yesNo(sectionUsed(section)),
    yesNo(section.needsInjection),
    String(section.files.length),
    String(section.bytes),
    section.unresolved.length ? section.unresolved.map(inlineCode).join(', ') : NONE,
    truncatedCell(section),
    overTotalCell(section),
  ];
}

/** Detail lines of a section: only what it has (path, files, missing path, reasons, cuts). */
function sectionDetails(section: SectionReport): string[] {
  const lines: string[] = [];
  if (section.description) lines.push(`- description: ${section.description}`);
  if (section.rawPath !== null) {
    // The absolute path is what a reader checks on disk; the display alias often equals the raw path.
    const resolved = section.resolvedPath ?? section.displayPath;
    const arrow = resolved && resolved !== section.rawPath ? ` → ${inlineCode(resolved)}` : '';
    lines.push(`- path: ${inlineCode(section.rawPath)}${arrow}`);
  }
  if (section.rawChildPath !== null) lines.push(`- loop child: ${inlineCode(section.rawChildPath)}`);
  if (section.invalidReason) lines.push(`- invalid: ${section.invalidReason}`);
  if (section.unresolved.length)
    lines.push(`- unresolved tokens: ${section.unresolved.map(inlineCode).join(', ')}`);
  if (section.missingPath) lines.push(`- not found: ${inlineCode(section.missingPath)}`);
  if (section.readError) lines.push(`- read error: ${section.readError}`);
  for (const file of section.files)
    lines.push(`- file: ${inlineCode(file.display)} (${file.bytes} bytes, ${file.role})`);
  const t = section.truncated;
  if (t) {
    const listed = t.notLoadedFiles.map((f) => `${f.name}${f.bytes === null ? '' : ` (${f.bytes} bytes)`}`);
    const more = t.notLoaded > listed.length ? `, … ${t.notLoaded - listed.length} more` : '';
    lines.push(
      `- truncated (${t.reason}; maxFiles ${t.maxFiles}, maxBytes ${t.maxBytes}): ${t.notLoaded} not loaded` +
        (listed.length ? ` — ${listed.join(', ')}${more}` : ''),
    );
  }
  const o = section.overTotal;
  if (o) {
    lines.push(
      `- over total (${o.limit}${o.afterCut ? ', after an earlier cut' : ''}): ${o.filesBefore} files / ` +
        `${o.bytesBefore} bytes before, would add ${o.files} files / ${o.bytes} bytes`,
    );
  }
  return lines;
}

function diagnosticLine(d: Diagnostic): string {
  const where: string[] = [];
  if (d.section) where.push(`section ${inlineCode(d.section)}`);
  if (d.file)
    where.push(inlineCode(`${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}`));
  return `- **${d.level}** ${inlineCode(d.code)}${where.length ? ` (${where.join(', ')})` : ''}: ${d.message}`;
}

/**
 * The JSON of the summary, safe inside a fenced block: backticks are written as `\u0060` (same
 * string once parsed) so no value can close the fence.
 */
function summaryJson(report: RenderReport): string {
  return JSON.stringify(summarizeReport(report), null, 2).replace(/`/g, '\\u0060');
}

/** `manifest-<ts>.md`: header facts, the section table, details, diagnostics, the JSON summary. */
export function formatManifestReport(report: RenderReport): string {
  const choice = report.manifestChoice;
  const merged = report.merged;
  const totals = report.totals;
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of report.diagnostics) counts[d.level]++;
  const head = [
    `# ECK manifest report — ${report.manifestFile}`,
    '',
    `- manifest file: ${inlineCode(report.manifestFile)} (chosen by: ${choice.source}${
      choice.configPath ? `, ${inlineCode(choice.configPath)}` : ''
    })`,
    `- session type: ${inlineCode(choice.sessionType)}`,
    `- rendered: ${yesNo(report.rendered)}`,
  ];
  if (merged) {
    head.push(`- base: ${inlineCode(merged.basePath)}`);
    head.push(
      `- override: ${inlineCode(merged.overridePath)} (${merged.overrideState}, mode ${merged.mode})`,
    );
  }
  head.push(
    `- totals: ${totals.files} / ${totals.maxFiles} files, ${totals.bytes} / ${totals.maxBytes} bytes`,
    `- over total: ${totals.overTotal.length ? totals.overTotal.map(inlineCode).join(', ') : 'none'}`,
    `- context: ${report.context.length} chars`,
    `- diagnostics: ${counts.error} errors, ${counts.warning} warnings, ${counts.info} info`,
  );

  const table = markdownTable(
    [
      'order',
      'id',
      'when',
      'status',
      'used',
      'injected',
      'files',
      'bytes',
      'unresolved tokens',
      'truncated',
      'over total',
    ],
    report.sections.map(sectionRow),
    ['r', 'l', 'l', 'l', 'l', 'l', 'r', 'r'],
  );

  const details = report.sections.flatMap((s) => {
    const lines = sectionDetails(s);
    return lines.length ? [`### ${s.id}`, '', ...lines, ''] : [];
  });

  const diagnostics = report.diagnostics.length ? report.diagnostics.map(diagnosticLine) : ['(none)'];

  return [
    ...head,
    '',
    '## Sections',
    '',
    table,
    '',
    '## Details',
    '',
    ...(details.length ? details : ['(none)', '']),
    '## Diagnostics',
    '',
    ...diagnostics,
    '',
    '## Summary (machine-readable)',
    '',
    `\`\`\`json ${MANIFEST_REPORT_FORMAT}`,
    summaryJson(report),
    '```',
    '',
  ].join('\n');
}
