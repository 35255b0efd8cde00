/**
 * Reading the cells of a manifest report, whoever wrote it: statuses in any spelling
 * (`skipped (when-false)`, evolclaw's `SKIPPED(when)`, `UNRESOLVED-VARS`), yes/no marks
 * (`yes`, `Y`, `·`, `✓`, `是`), sizes, token lists, and column or key names in English or
 * Chinese. Used for table rows and for `- key: value` detail lines alike.
 */
import { stripInlineCode } from './markdown';
import { pathStateOf } from './report-summary';
import type { SectionStatus } from '../engine';
import { SECTION_STATUSES } from '../engine';

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
  /** The block label (`id — description`) where the report gives it: evolcore's headings. */
  readonly label?: string;
}

/** A field a column or a detail key can fill; `overTotalNote` is evolclaw's `skipped: 总闸超限未加载`. */
export type CellField = keyof ParsedReportSection | 'overTotalNote';

const KNOWN_STATUSES = new Set<string>(SECTION_STATUSES);

/** Spellings of other writers, after lower-casing and `_`/space → `-`. */
const STATUS_ALIASES: Readonly<Record<string, string>> = {
  unresolved: 'unresolved-vars',
  'unresolved-var': 'unresolved-vars',
  'not-exists': 'not-exist',
  notexist: 'not-exist',
  missing: 'not-exist',
  'not-found': 'not-exist',
  skip: 'skipped',
  // evolclaw: SKIPPED(when), SKIPPED(disabled), and their resolveStatus names.
  when: 'when-false',
  'when=false': 'when-false',
  'skipped-when': 'when-false',
  'skipped-disabled': 'disabled',
};

function canonStatus(text: string): string {
  const t = text
    .trim()
    .replace(/[_\s]+/g, '-')
    .replace(/^[^a-z]+|[^a-z]+$/g, '');
  return STATUS_ALIASES[t] ?? t;
}

/** Normalises a written status: `skipped (when-false)`, `unresolved_vars`, `NOT-EXIST`, `SKIPPED(when)`. */
export function normaliseStatus(text: string): { status: string | null; pathStatus: string | null } {
  const clean = text.trim().toLowerCase();
  if (clean === '' || clean === '—' || clean === '-') return { status: null, pathStatus: null };
  const m = /^([^()]+)\(([^()]+)\)\s*$/.exec(clean);
  if (m) {
    const outer = canonStatus(m[1] as string);
    const inner = canonStatus(m[2] as string);
    return { status: inner || outer, pathStatus: outer || null };
  }
  const status = canonStatus(clean);
  if (KNOWN_STATUSES.has(status)) return { status, pathStatus: pathStateOf(status as SectionStatus) };
  return { status, pathStatus: status };
}

/** Maps a column or key name to a field; names are compared without case, spaces, `_`, `-`, `?`. */
const FIELD_NAMES: Readonly<Record<string, CellField>> = {
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
  usedinoutput: 'used',
  用上: 'used',
  是否用上: 'used',
  是否被用上: 'used',
  injected: 'injected',
  injectedasfragment: 'injected',
  needsinjection: 'injected',
  inject: 'injected',
  注入: 'injected',
  是否注入: 'injected',
  files: 'files',
  filecount: 'files',
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
  diroverflow: 'truncated',
  截断: 'truncated',
  skipped: 'overTotalNote',
};

/** The field a column or detail key names, or `null` for one we do not read. */
export function fieldOfName(name: string): CellField | null {
  const key = stripInlineCode(name)
    .replace(/\*\*/g, '')
    .toLowerCase()
    .replace(/[\s_\-?？]+/g, '');
  return FIELD_NAMES[key] ?? null;
}

/** Reads a yes/no cell; `null` when it says nothing. evolclaw writes `Y` and `·`. */
export function readBool(cell: string): boolean | null {
  const t = stripInlineCode(cell).trim().toLowerCase();
  if (/^(yes|y|true|✓|✔|✔️|✅|是|1|on|通过)$/.test(t)) return true;
  if (/^(no|n|false|✗|✘|❌|×|·|\.|否|0|off|未通过|不通过)$/.test(t)) return false;
  // `"always"` → true, `{…}` → not evaluated
  const arrow = /(?:→|->|=>)\s*(true|false|yes|no)\s*$/.exec(t);
  if (arrow) return arrow[1] === 'true' || arrow[1] === 'yes';
  return null;
}

/** Reads a size or a count: `18000`, `18,000`, `17.6 KB`, `2 MB`; `null` for `—`. */
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

/** `—` is "not truncated"; any other text (`files: 3 not loaded`, `3 文件未加载…`) is "truncated". */
function readTruncated(cell: string): boolean | null {
  const t = stripInlineCode(cell).trim();
  if (t === '') return null;
  if (t === '—' || t === '-') return false;
  return readBool(t) ?? true;
}

/** Reads one section from cells named by `fields` (a table row, or a heading's detail lines). */
export function sectionFromCells(
  fields: readonly (CellField | null)[],
  cells: readonly string[],
): ParsedReportSection | null {
  let id: string | null = null;
  let status: string | null = null;
  let pathStatus: string | null = null;
  let overTotal = false;
  let order: number | null = null;
  let whenResult: boolean | null = null;
  let used: boolean | null = null;
  let injected: boolean | null = null;
  let files: number | null = null;
  let bytes: number | null = null;
  let unresolved: string[] = [];
  let truncated: boolean | null = null;
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
        const text = stripInlineCode(cell);
        order = text !== '' && Number.isFinite(Number(text)) ? Number(text) : null;
        break;
      }
      case 'whenResult':
        whenResult = readBool(cell);
        break;
      case 'used':
        used = readBool(cell);
        break;
      case 'injected':
        injected = readBool(cell);
        break;
      case 'files':
        files = readBytes(cell);
        break;
      case 'bytes':
        bytes = readBytes(cell);
        break;
      case 'unresolved':
        unresolved = readTokens(cell);
        break;
      case 'truncated':
        truncated = readTruncated(cell);
        break;
      case 'overTotalNote':
        overTotal ||= /总闸|total/i.test(cell);
        break;
      default:
        break;
    }
  });
  if (id === null) return null;
  if (overTotal) {
    status = 'over-total';
    pathStatus = 'skipped';
  }
  return {
    id,
    status: status ?? pathStatus,
    pathStatus,
    order,
    whenResult,
    used,
    injected,
    files,
    bytes,
    unresolved,
    truncated,
  };
}
