/**
 * Where a finding sits in a manifest file's text, so the editor can mark it at its line and
 * column: engine diagnostics carry a line for parse errors and a section id otherwise; the
 * validator gives JSON Pointers.
 */
import type { Diagnostic, DiagnosticLevel } from '../engine';
import { lineColumnAt } from '../engine';
import type { ManifestIssue } from '../manifest/issue';
import type { JsonNode, TextRange } from './json-tree';
import { childAt, nodeAtPointer, nodeRange, parseStrictTree } from './json-tree';

/** A mark in a text: 1-based start and end, as Monaco's markers take them. */
export interface TextMarker {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly level: DiagnosticLevel;
  readonly message: string;
  /** The diagnostic code or `schema` for validator findings. */
  readonly source: string;
}

function rangeMarker(
  text: string,
  range: TextRange,
  level: DiagnosticLevel,
  message: string,
  source: string,
): TextMarker {
  const a = lineColumnAt(text, range.start);
  const b = lineColumnAt(text, Math.max(range.end, range.start + 1));
  return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column, level, message, source };
}

/** The range of a section's `"id": "…"` member (the last entry with that id wins). */
export function locateSectionId(text: string, id: string, root?: JsonNode | null): TextRange | null {
  const tree = root === undefined ? parseStrictTree(text) : root;
  const sections = tree === null ? undefined : childAt(tree, 'sections');
  if (sections?.type === 'array') {
    const items = sections.children ?? [];
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (item?.type !== 'object') continue;
      const idValue = childAt(item, 'id');
      if (idValue?.value === id && idValue.parent !== undefined) return nodeRange(idValue.parent);
    }
  }
  // Text that does not parse: the first `"id": "<id>"` is still the best guess.
  const m = new RegExp(`"id"\\s*:\\s*${escapeRegExp(JSON.stringify(id))}`).exec(text);
  return m === null ? null : { start: m.index, end: m.index + m[0].length };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The range a JSON Pointer names: the member (key and value) when it is one, else the value. */
export function locatePointer(text: string, pointer: string, root?: JsonNode | null): TextRange | null {
  const tree = root === undefined ? parseStrictTree(text) : root;
  if (tree === null) return null;
  const node = nodeAtPointer(tree, pointer);
  if (node.parent?.type === 'property' && node.parent.children?.[1] === node) return nodeRange(node.parent);
  const isContainer = node.type === 'object' || node.type === 'array';
  return { start: node.offset, end: isContainer ? node.offset + 1 : node.offset + node.length };
}

/**
 * Markers for one file: the engine's diagnostics about it (at their line/column, or at the
 * section's id) and the validator's findings (at their pointer). Diagnostics that cannot be
 * placed go on line 1, so none is silently lost.
 */
export function markersForFile(
  text: string,
  file: string,
  diagnostics: readonly Diagnostic[],
  issues: readonly ManifestIssue[] = [],
): TextMarker[] {
  const root = parseStrictTree(text);
  const out: TextMarker[] = [];
  for (const d of diagnostics) {
    if (d.file !== file) continue;
    if (d.line !== undefined) {
      const col = d.column ?? 1;
      out.push({
        line: d.line,
        column: col,
        endLine: d.line,
        endColumn: col + 1,
        level: d.level,
        message: d.message,
        source: d.code,
      });
      continue;
    }
    const range = d.section === undefined ? null : locateSectionId(text, d.section, root);
    out.push(rangeMarker(text, range ?? { start: 0, end: 1 }, d.level, d.message, d.code));
  }
  for (const i of issues) {
    const range = locatePointer(text, i.pointer, root) ?? { start: 0, end: 1 };
    out.push(rangeMarker(text, range, i.level, i.message, 'schema'));
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
