/**
 * The layout of an existing JSON file (indent unit, line ending) and how to write a new value
 * so it looks like it was always there.
 */
import type { Json } from '../engine/types';

/** How a file is laid out. */
export interface JsonStyle {
  /** One level of indentation: `'  '`, `'    '` or `'\t'`. */
  readonly indent: string;
  readonly newline: '\n' | '\r\n';
}

/** The style of a fresh file: what `JSON.stringify(v, null, 2)` writes. */
export const DEFAULT_JSON_STYLE: JsonStyle = { indent: '  ', newline: '\n' };

/** Reads the indent unit (the first indented line's leading whitespace) and the line ending. */
export function detectJsonStyle(text: string): JsonStyle {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /^([ \t]+)\S/m.exec(text);
  return { indent: m?.[1] ?? DEFAULT_JSON_STYLE.indent, newline };
}

/** Leading whitespace of the line that holds `offset`. */
export function lineIndentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const m = /^[ \t]*/.exec(text.slice(lineStart, offset));
  return m?.[0] ?? '';
}

/**
 * A value written over several lines, as `JSON.stringify(v, null, indent)` does, with every
 * line after the first indented by `at` (the indentation of the line it is written on).
 */
export function formatMultiline(value: Json, style: JsonStyle, at: string): string {
  const text = JSON.stringify(value, null, style.indent);
  return text.split('\n').join(style.newline + at);
}

/** A value on one line, with spaces inside objects: `{ "id": "x", "enabled": false }`. */
export function formatCompact(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(formatCompact).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${formatCompact(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** A whole new file in the default layout, ending with a newline. */
export function formatFreshFile(value: Json, style: JsonStyle = DEFAULT_JSON_STYLE): string {
  return formatMultiline(value, style, '') + style.newline;
}
