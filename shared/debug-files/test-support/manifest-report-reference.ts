/**
 * The manifest report's reader as it was before the one-pass scan (parse-manifest-report.ts,
 * parse-evolcore-report.ts, parse-report-markdown.ts `fencedBlocks`), kept verbatim for tests
 * only: manifest-report-equivalence.test.ts holds the fast reader to it, result for result.
 * Do not "fix" it: it is the definition of the results the fast reader must give.
 */
import type { SectionStatus } from '../../engine';
import { parseFailure } from '../parse-result';
import type { ParseResult } from '../parse-result';
import type { FencedBlock } from '../parse-report-markdown';
import {
  completeFromDetails,
  headerFacts,
  sectionsFromHeadings,
  sectionsFromTable,
} from '../parse-report-markdown';
import type { ParsedManifestReport } from '../parse-manifest-report';
import { normaliseStatus } from '../report-cells';
import type { ParsedReportSection } from '../report-cells';
import { MANIFEST_REPORT_FORMAT, pathStateOf } from '../report-summary';
import type { ReportSummary } from '../report-summary';
import { isPlainObject } from '../../base/is-plain-object';

const EVOLCORE_REPORT_TITLE = '# ECK Manifest Diagnostics';

const FENCE_OPEN = /^\s{0,3}(`{3,}|~{3,})\s*(.*)$/;
const FENCE_CLOSE = /^\s{0,3}(`{3,}|~{3,})\s*$/;

/** The fenced code blocks of a markdown text, in order. */
export function referenceFencedBlocks(lines: readonly string[]): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i] as string);
    if (!open) continue;
    const fence = open[1] as string;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = FENCE_CLOSE.exec(lines[j] as string);
      if (close && (close[1] as string)[0] === fence[0] && (close[1] as string).length >= fence.length) break;
      body.push(lines[j] as string);
    }
    blocks.push({ info: (open[2] as string).trim(), body: body.join('\n'), line: i + 2 });
    i = j;
  }
  return blocks;
}

const DETAILS_TITLE = '## Section details';

/** The `- key: value` facts of one details block. */
interface DetailFacts {
  readonly heading: string;
  readonly facts: ReadonlyMap<string, string>;
}

function detailBlocks(lines: readonly string[]): DetailFacts[] | null {
  const start = lines.indexOf(DETAILS_TITLE);
  if (start < 0) return null;
  const blocks: DetailFacts[] = [];
  let facts: Map<string, string> | null = null;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('### ')) {
      facts = new Map();
      blocks.push({ heading: line.slice(4), facts });
      continue;
    }
    const m = /^- ([^:]+): (.*)$/.exec(line);
    // The first of a key wins: a description with a line break cannot fake a later fact.
    if (m && facts && !facts.has(m[1] as string)) facts.set(m[1] as string, m[2] as string);
  }
  return blocks;
}

function yes(value: string | undefined): boolean | null {
  return value === 'yes' ? true : value === 'no' ? false : null;
}

function count(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

/** `- when: \`…\` → true`: the result, or `null` when the line is absent. */
function whenResultOf(value: string | undefined): boolean | null {
  const m = value === undefined ? null : /→ (true|false)$/.exec(value);
  return m ? m[1] === 'true' : null;
}

/**
 * The inspector's status for one block. Sections after the total gate tripped keep the real
 * engine's initial `NO-PATH` and say `skipped: 总闸超限未加载`; of those, a disabled one or one
 * whose `when` is false is that, the rest are over-total. An `OK` section that read files but put
 * nothing in, without the blank-content note, is the one during which the gate tripped.
 */
function statusOf(
  word: string | undefined,
  facts: ReadonlyMap<string, string>,
  used: boolean | null,
  files: number | null,
): SectionStatus | null {
  if (facts.has('skipped')) {
    if (facts.get('enabled') === 'false') return 'disabled';
    return whenResultOf(facts.get('when')) === false ? 'when-false' : 'over-total';
  }
  switch (word) {
    case 'OK':
      return used === false && (files ?? 0) > 0 && !facts.has('note') ? 'over-total' : 'ok';
    case 'UNRESOLVED-VARS':
      return 'unresolved-vars';
    case 'NOT-EXIST':
      return 'not-exist';
    case 'SKIPPED(disabled)':
      return 'disabled';
    case 'SKIPPED(when)':
      return 'when-false';
    case 'NO-PATH':
      return 'invalid';
    default:
      return null;
  }
}

function tokensOf(value: string | undefined): string[] {
  if (value === undefined) return [];
  return [...value.matchAll(/`([^`]*)`/g)].map((m) => m[1] as string);
}

function sectionOf(block: DetailFacts): ParsedReportSection {
  const { facts } = block;
  const dash = block.heading.indexOf(' — ');
  const used = yes(facts.get('used in output'));
  const files = count(facts.get('file count'));
  const status = statusOf(facts.get('status'), facts, used, files);
  return {
    id: dash < 0 ? block.heading : block.heading.slice(0, dash),
    status,
    pathStatus: status === null ? (facts.get('status') ?? null) : pathStateOf(status),
    // The report's `order` column is a position; the manifest's order is not recorded.
    order: null,
    whenResult: status === 'disabled' ? null : whenResultOf(facts.get('when')),
    used,
    injected: yes(facts.get('injected as fragment')),
    files,
    bytes: null,
    unresolved: tokensOf(facts.get('unresolved tokens')),
    truncated: facts.has('dir overflow'),
    label: block.heading,
  };
}

/**
 * Reads a report of evolcore's format; `null` when the text is not one, or not whole (then the
 * lenient reader takes it: table, headings).
 */
export function referenceEvolcoreReport(body: string): ParsedManifestReport | null {
  const lines = body.split(/\r?\n/);
  if (lines[0] !== EVOLCORE_REPORT_TITLE) return null;
  const blocks = detailBlocks(lines);
  // A report cut short or edited by hand (fewer blocks than it counts) is read leniently.
  const total = lines.find((l) => l.startsWith('- sections total: '));
  if (blocks === null || total !== `- sections total: ${blocks.length}`) return null;
  const session = lines.find((l) => l.startsWith('- sessionId: '));
  return {
    source: 'evolcore',
    manifestFile: null,
    sessionType: null,
    sessionId: session === undefined ? null : session.slice('- sessionId: '.length),
    totals: null,
    contextBytes: null,
    sections: blocks.map(sectionOf),
    summary: null,
  };
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

/** Reads a manifest report in any shape it can; fails only when no section can be found. */
export function referenceManifestReport(text: string): ParseResult<ParsedManifestReport> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const warnings: string[] = [];
  const evolcore = referenceEvolcoreReport(body);
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
  const lines = body.split(/\r?\n/);
  const blocks = referenceFencedBlocks(lines).filter((b) => /^json\b/i.test(b.info));
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
