/**
 * Lenient reader of `manifest-<ts>.md`. In order of trust: our fenced JSON summary (exact), a
 * whole-file JSON report, the section table (any column order, English or Chinese headers), and
 * last `### <id>` headings followed by `key: value` lines. evolcore's own reports may differ in
 * detail from ours (issue 7): whatever can be read is returned, with warnings for the rest.
 */
import { isDelimiterRow, splitTableRow, stripInlineCode } from './markdown';
import { parseFailure } from './parse-result';
import type { ParseResult } from './parse-result';
import { MANIFEST_REPORT_FORMAT, pathStateOf } from './report-summary';
import type { ReportSummary } from './report-summary';
import type { SectionStatus } from '../engine/types';
import { SECTION_STATUSES } from '../engine/types';

/** One section as read from a report; `null` where the report did not say. */
export interface ParsedReportSection {
  readonly id: string;
  /** Our finer status when known (`when-false`…), else the path state as written. */
  readonly status: string | null;
  /** The reference's path state: ok / unresolved-vars / not-exist / skipped (or as written). */
  readonly pathStatus: string | null;
  readonly order: number | null;
  readonly whenResult: boolean | null;
  readonly used: boolean | null;
  readonly injected: boolean | null;
  readonly files: number | null;
  readonly bytes: number | null;
  readonly unresolved: readonly string[];
  readonly truncated: boolean | null;
}

/** What a manifest report told. */
export interface ParsedManifestReport {
  /** Where the sections came from. */
  readonly source: 'summary' | 'json' | 'table' | 'headings';
  readonly manifestFile: string | null;
  readonly sessionType: string | null;
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

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

const KNOWN_STATUSES = new Set<string>(SECTION_STATUSES);

/** Normalises a written status: `skipped (when-false)`, `unresolved_vars`, `Not Exist`, `✓ ok`. */
export function normaliseStatus(text: string): { status: string | null; pathStatus: string | null } {
  const clean = text.trim().toLowerCase();
  if (clean === '' || clean === '—' || clean === '-') return { status: null, pathStatus: null };
  const canon = (s: string): string => {
    const t = s
      .trim()
      .replace(/[_\s]+/g, '-')
      .replace(/^[^a-z]+|[^a-z]+$/g, '');
    if (t === 'unresolved' || t === 'unresolved-var') return 'unresolved-vars';
    if (t === 'not-exists' || t === 'notexist' || t === 'missing' || t === 'not-found') return 'not-exist';
    if (t === 'skip') return 'skipped';
    return t;
  };
  const m = /^([^()]+)\(([^()]+)\)\s*$/.exec(clean);
  if (m) {
    const outer = canon(m[1] as string);
    const inner = canon(m[2] as string);
    return { status: inner || outer, pathStatus: outer || null };
  }
  const status = canon(clean);
  if (KNOWN_STATUSES.has(status)) return { status, pathStatus: pathStateOf(status as SectionStatus) };
  return { status, pathStatus: status };
}

function sectionFromJson(raw: Obj): ParsedReportSection | null {
  const id = str(raw.id) ?? str(raw.section) ?? str(raw.name);
  if (id === null) return null;
  const written = normaliseStatus(str(raw.status) ?? '');
  const pathStatus = str(raw.pathStatus) ?? str(raw.path_status) ?? written.pathStatus;
  const truncated = raw.truncated;
  const when = raw.whenResult ?? raw.when_result ?? (isObj(raw.when) ? raw.when.result : raw.when);
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
  const sections = top.sections.filter(isObj).map(sectionFromJson);
  const totals = isObj(top.totals) ? top.totals : null;
  const context = isObj(top.context) ? top.context : null;
  const isOurs = top.format === MANIFEST_REPORT_FORMAT && sections.every((s) => s !== null);
  return {
    source: isOurs ? 'summary' : source,
    manifestFile: str(top.manifestFile) ?? str(top.manifest),
    sessionType: str(top.sessionType),
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

/** The fenced code blocks of a markdown text with their info strings. */
function fencedBlocks(lines: readonly string[]): { info: string; body: string; line: number }[] {
  const blocks: { info: string; body: string; line: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s{0,3}(`{3,}|~{3,})\s*(.*)$/.exec(lines[i] as string);
    if (!open) continue;
    const fence = open[1] as string;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^\s{0,3}(`{3,}|~{3,})\s*$/.exec(lines[j] as string);
      if (close && (close[1] as string)[0] === fence[0] && (close[1] as string).length >= fence.length) break;
      body.push(lines[j] as string);
    }
    blocks.push({ info: (open[2] as string).trim(), body: body.join('\n'), line: i + 2 });
    i = j;
  }
  return blocks;
}

/** Maps a header cell to a field; headers are compared without case, spaces, `_` and `-`. */
const HEADER_FIELDS: Readonly<Record<string, keyof ParsedReportSection | 'pathStatus'>> = {
  id: 'id',
  section: 'id',
  sectionid: 'id',
  name: 'id',
  段: 'id',
  status: 'status',
  状态: 'status',
  pathstatus: 'pathStatus',
  pathstate: 'pathStatus',
  路径状态: 'pathStatus',
  路径解析状态: 'pathStatus',
  order: 'order',
  '#': 'order',
  排序: 'order',
  when: 'whenResult',
  whenresult: 'whenResult',
  when通过: 'whenResult',
  条件: 'whenResult',
  used: 'used',
  loaded: 'used',
  用上: 'used',
  是否用上: 'used',
  是否被用上: 'used',
  injected: 'injected',
  needsinjection: 'injected',
  inject: 'injected',
  注入: 'injected',
  是否注入: 'injected',
  files: 'files',
  文件: 'files',
  文件数: 'files',
  bytes: 'bytes',
  size: 'bytes',
  字节: 'bytes',
  字节数: 'bytes',
  unresolved: 'unresolved',
  unresolvedtokens: 'unresolved',
  unresolvedvars: 'unresolved',
  未解析: 'unresolved',
  未解析占位符: 'unresolved',
  truncated: 'truncated',
  截断: 'truncated',
};

function headerField(cell: string): keyof ParsedReportSection | null {
  const key = stripInlineCode(cell)
    .replace(/\*\*/g, '')
    .toLowerCase()
    .replace(/[\s_\-?？]+/g, '');
  return HEADER_FIELDS[key] ?? null;
}

/** Reads a yes/no cell; `null` when it says nothing. */
export function readBool(cell: string): boolean | null {
  const t = stripInlineCode(cell).trim().toLowerCase();
  if (/^(yes|y|true|✓|✔|✔️|✅|是|1|on|通过)$/.test(t)) return true;
  if (/^(no|n|false|✗|✘|❌|否|0|off|未通过|不通过)$/.test(t)) return false;
  // `"always" → true`, `→ not evaluated`
  const arrow = /(?:→|->|=>)\s*(true|false|yes|no)\s*$/.exec(t);
  if (arrow) return arrow[1] === 'true' || arrow[1] === 'yes';
  return null;
}

/** Reads a size: `18000`, `18,000`, `17.6 KB`, `2 MB`; `null` for `—`. */
export function readBytes(cell: string): number | null {
  const m = /(\d[\d,]*(?:\.\d+)?)\s*(kib|kb|k|mib|mb|m|b|bytes?|字节)?/i.exec(stripInlineCode(cell));
  if (!m) return null;
  const n = Number((m[1] as string).replace(/,/g, ''));
  const unit = (m[2] ?? '').toLowerCase();
  const scale = unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 * 1024 : 1;
  return Math.round(n * scale);
}

/** Reads the unresolved tokens of a cell: `$NAME` and `{{key}}`, else comma-separated words. */
export function readTokens(cell: string): string[] {
  const text = cell.replace(/`/g, '').trim();
  if (text === '' || text === '—' || text === '-' || /^(none|无)$/i.test(text)) return [];
  const tokens = text.match(/\$[A-Z][A-Z0-9_]*|\{\{[^{}]+\}\}/g);
  if (tokens) return tokens;
  return text
    .split(/[,，、\s]+/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

function readTruncated(cell: string): boolean | null {
  const t = stripInlineCode(cell).trim();
  if (t === '') return null;
  if (t === '—' || t === '-') return false;
  return readBool(t) ?? true;
}

function sectionFromCells(
  fields: (keyof ParsedReportSection | null)[],
  cells: readonly string[],
): ParsedReportSection | null {
  let id: string | null = null;
  let status: string | null = null;
  let pathStatus: string | null = null;
  const out: {
    order: number | null;
    whenResult: boolean | null;
    used: boolean | null;
    injected: boolean | null;
    files: number | null;
    bytes: number | null;
    unresolved: string[];
    truncated: boolean | null;
  } = {
    order: null,
    whenResult: null,
    used: null,
    injected: null,
    files: null,
    bytes: null,
    unresolved: [],
    truncated: null,
  };
  fields.forEach((field, i) => {
    const cell = cells[i] ?? '';
    switch (field) {
      case 'id':
        id = stripInlineCode(cell).replace(/\*\*/g, '').trim() || null;
        break;
      case 'status': {
        const s = normaliseStatus(stripInlineCode(cell));
        status = s.status;
        pathStatus ??= s.pathStatus;
        break;
      }
      case 'pathStatus':
        pathStatus = normaliseStatus(stripInlineCode(cell)).pathStatus;
        break;
      case 'order': {
        const n = Number(stripInlineCode(cell));
        out.order = stripInlineCode(cell) !== '' && Number.isFinite(n) ? n : null;
        break;
      }
      case 'whenResult':
        out.whenResult = readBool(cell);
        break;
      case 'used':
        out.used = readBool(cell);
        break;
      case 'injected':
        out.injected = readBool(cell);
        break;
      case 'files':
        out.files = readBytes(cell);
        break;
      case 'bytes':
        out.bytes = readBytes(cell);
        break;
      case 'unresolved':
        out.unresolved = readTokens(cell);
        break;
      case 'truncated':
        out.truncated = readTruncated(cell);
        break;
      default:
        break;
    }
  });
  if (id === null) return null;
  return { id, status: status ?? pathStatus, pathStatus, ...out };
}

/** The first table with an id column and at least one other known column. */
function sectionsFromTable(lines: readonly string[]): ParsedReportSection[] | null {
  for (let i = 0; i + 1 < lines.length; i++) {
    const header = splitTableRow(lines[i] as string);
    const rule = splitTableRow(lines[i + 1] as string);
    if (!header || !rule || !isDelimiterRow(rule)) continue;
    const fields = header.map(headerField);
    if (!fields.includes('id') || fields.filter((f) => f !== null).length < 2) continue;
    const sections: ParsedReportSection[] = [];
    for (let j = i + 2; j < lines.length; j++) {
      const cells = splitTableRow(lines[j] as string);
      if (!cells) break;
      const s = sectionFromCells(fields, cells);
      if (s) sections.push(s);
    }
    return sections;
  }
  return null;
}

/** `### <id>` then `- status: ok` lines: the shape of a report written as a list. */
function sectionsFromHeadings(lines: readonly string[]): ParsedReportSection[] {
  const sections: ParsedReportSection[] = [];
  let id: string | null = null;
  let kv: [string, string][] = [];
  const flush = (): void => {
    if (id === null) return;
    const fields = kv.map(([k]) => headerField(k));
    if (fields.some((f) => f === 'status' || f === 'pathStatus')) {
      const s = sectionFromCells(['id', ...fields], [id, ...kv.map(([, v]) => v)]);
      if (s) sections.push(s);
    }
  };
  for (const line of lines) {
    const heading = /^#{2,4}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      id = stripInlineCode(heading[1] as string)
        .replace(/^section\s*[:：]?\s*/i, '')
        .trim();
      kv = [];
      continue;
    }
    const pair = /^\s*(?:[-*]\s+)?\**([^:：=*]+?)\**\s*[:：=]\s*(.*)$/.exec(line);
    if (pair && id !== null) kv.push([pair[1] as string, pair[2] as string]);
  }
  flush();
  return sections;
}

/** Reads `- manifest file: …` and `- session type: …` lines of a markdown report. */
function headerFacts(lines: readonly string[]): { manifestFile: string | null; sessionType: string | null } {
  let manifestFile: string | null = null;
  let sessionType: string | null = null;
  for (const line of lines) {
    const m =
      /^\s*(?:[-*]\s+)?\**(manifest(?:\s*file)?|session\s*type|sessiontype|会话原型)\**\s*[:：]\s*(.+)$/i.exec(
        line,
      );
    if (!m) continue;
    const value = stripInlineCode((m[2] as string).replace(/\s*\(.*$/, ''));
    if (/^manifest/i.test(m[1] as string)) manifestFile ??= value;
    else sessionType ??= value;
  }
  return { manifestFile, sessionType };
}

/** Reads a manifest report in any shape it can; fails only when no section can be found. */
export function parseManifestReport(text: string): ParseResult<ParsedManifestReport> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const warnings: string[] = [];
  if (/^\s*\{/.test(body)) {
    try {
      const top: unknown = JSON.parse(body);
      const report = isObj(top) ? reportFromJson(top, 'json') : null;
      if (report) return { ok: true, value: report, warnings };
    } catch {
      warnings.push('the file starts like JSON but is not valid JSON; read as markdown');
    }
  }
  const lines = body.split(/\r?\n/);
  const blocks = fencedBlocks(lines).filter((b) => /^json\b/i.test(b.info));
  const ordered = [
    ...blocks.filter((b) => b.info.includes(MANIFEST_REPORT_FORMAT)),
    ...blocks.filter((b) => !b.info.includes(MANIFEST_REPORT_FORMAT)),
  ];
  for (const block of ordered) {
    try {
      const top: unknown = JSON.parse(block.body);
      const report = isObj(top) ? reportFromJson(top, 'json') : null;
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
  const fromTable = sectionsFromTable(lines);
  if (fromTable) return { ok: true, value: { ...base, source: 'table', sections: fromTable }, warnings };
  const fromHeadings = sectionsFromHeadings(lines);
  if (fromHeadings.length)
    return { ok: true, value: { ...base, source: 'headings', sections: fromHeadings }, warnings };
  return parseFailure('no section found: neither a summary block, a section table nor section headings');
}
