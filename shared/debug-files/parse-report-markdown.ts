/**
 * The markdown side of reading a manifest report: fenced blocks, the section table, and the
 * per-section detail lines under `### <id>` headings. evolclaw's own report
 * (`src/eck/kit-renderer.ts`, `formatManifestDiagnostics`) has a table without truncation or
 * over-total columns and says those only in its details, so a table row is completed from the
 * details of the same id.
 */
import { isDelimiterRow, splitTableRow, stripInlineCode } from './markdown';
import { fieldOfName, sectionFromCells } from './report-cells';
import type { CellField, ParsedReportSection } from './report-cells';

/** A fenced code block: its info string, its text, and the 1-based line its text starts on. */
export interface FencedBlock {
  readonly info: string;
  readonly body: string;
  readonly line: number;
}

/** A fence line that opens a block (the info string is the second group), and one that closes. */
export const FENCE_OPEN = /^\s{0,3}(`{3,}|~{3,})\s*(.*)$/;
export const FENCE_CLOSE = /^\s{0,3}(`{3,}|~{3,})\s*$/;

/** The fenced code blocks of a markdown text, in order. */
export function fencedBlocks(lines: readonly string[]): FencedBlock[] {
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

/** The rows of the first table that has an id column and at least one other known column. */
export function sectionsFromTable(lines: readonly string[]): ParsedReportSection[] | null {
  for (let i = 0; i + 1 < lines.length; i++) {
    const header = splitTableRow(lines[i] as string);
    const rule = splitTableRow(lines[i + 1] as string);
    if (!header || !rule || !isDelimiterRow(rule)) continue;
    const fields = header.map(fieldOfName);
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

/** A heading's section id: `rules — 核心规则` → `rules`, `Section: rules` → `rules`. */
function headingId(text: string): string {
  return stripInlineCode(text)
    .replace(/^section\s*[:：]?\s*/i, '')
    .replace(/\s+[—–]\s+.*$/, '')
    .trim();
}

/**
 * Every `## …` to `#### …` heading with the `key: value` lines under it, read as a section.
 * Lines inside fenced blocks are skipped (our JSON summary has `"status": …` lines too).
 * A heading met twice (evolclaw lists errors first, then all sections) accumulates.
 */
export function sectionsFromHeadings(lines: readonly string[]): Map<string, ParsedReportSection> {
  const pairsById = new Map<string, [CellField | null, string][]>();
  let pairs: [CellField | null, string][] | null = null;
  let inFence = false;
  for (const line of lines) {
    if (FENCE_OPEN.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const heading = /^#{2,4}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      const id = headingId(heading[1] as string);
      pairs = pairsById.get(id) ?? [];
      pairsById.set(id, pairs);
      continue;
    }
    const pair = /^\s*(?:[-*]\s+)?\**([^:：=*|]+?)\**\s*[:：=]\s*(.*)$/.exec(line);
    if (pair && pairs) pairs.push([fieldOfName(pair[1] as string), pair[2] as string]);
  }
  const sections = new Map<string, ParsedReportSection>();
  for (const [id, list] of pairsById) {
    if (!list.some(([f]) => f !== null)) continue;
    const s = sectionFromCells(['id', ...list.map(([f]) => f)], [id, ...list.map(([, v]) => v)]);
    if (s) sections.set(id, s);
  }
  return sections;
}

/** A table row completed from the details of the same id; an over-total note wins the status. */
export function completeFromDetails(
  row: ParsedReportSection,
  detail: ParsedReportSection | undefined,
): ParsedReportSection {
  if (!detail) return row;
  const overTotal = detail.status === 'over-total';
  return {
    id: row.id,
    status: overTotal ? 'over-total' : (row.status ?? detail.status),
    pathStatus: overTotal ? 'skipped' : (row.pathStatus ?? detail.pathStatus),
    order: row.order ?? detail.order,
    whenResult: row.whenResult ?? detail.whenResult,
    used: row.used ?? detail.used,
    injected: row.injected ?? detail.injected,
    files: row.files ?? detail.files,
    bytes: row.bytes ?? detail.bytes,
    unresolved: row.unresolved.length ? row.unresolved : detail.unresolved,
    truncated: row.truncated ?? detail.truncated,
  };
}

/** Facts of a report's header lines: `- manifest file: …`, `- session type: …`, `- sessionId: …`. */
export function headerFacts(lines: readonly string[]): {
  manifestFile: string | null;
  sessionType: string | null;
  sessionId: string | null;
} {
  let manifestFile: string | null = null;
  let sessionType: string | null = null;
  let sessionId: string | null = null;
  for (const line of lines) {
    if (/^#{2,}/.test(line)) break; // Header facts come before the first section heading.
    const m =
      /^\s*(?:[-*]\s+)?\**(manifest(?:\s*file)?|session\s*type|sessiontype|会话原型|session\s*id|sessionid)\**\s*[:：]\s*(.+)$/i.exec(
        line,
      );
    if (!m) continue;
    const value = stripInlineCode((m[2] as string).replace(/\s*\(.*$/, ''));
    const key = (m[1] as string).toLowerCase().replace(/\s+/g, '');
    if (key.startsWith('manifest')) manifestFile ??= value;
    else if (key === 'sessionid') sessionId ??= value;
    else sessionType ??= value;
  }
  return { manifestFile, sessionType, sessionId };
}
