/**
 * The JSON view's text: vars to text, text to vars (or where it is broken), and where each
 * top-level key sits, so unknown vars and type errors are marked in place.
 */
import { jsonSyntaxError, lineColumnOf } from './json-error';
import { findUnknownVars } from '../../../../shared/vars/suggest';
import { validateVars } from '../../../../shared/vars/validate';

/** The text the JSON view shows for vars. */
export function varsToText(vars: Readonly<Record<string, unknown>>): string {
  return `${JSON.stringify(vars, null, 2)}\n`;
}

/** The text read back: vars, or the first error with its 1-based line and column. */
export type ParsedVarsText =
  | { readonly ok: true; readonly vars: Record<string, unknown> }
  | { readonly ok: false; readonly message: string; readonly line: number; readonly column: number };

/** Reads the JSON view. Vars must be an object (the engine renders anything else as `{}`). */
export function parseVarsText(text: string): ParsedVarsText {
  const error = jsonSyntaxError(text);
  if (error !== null) return { ok: false, message: error.message, ...lineColumnOf(text, error.offset) };
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const start = firstNonSpace(text);
    return { ok: false, message: 'vars must be a JSON object', line: start.line, column: start.column };
  }
  return { ok: true, vars: value as Record<string, unknown> };
}

function firstNonSpace(text: string): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (const ch of text) {
    if (ch === '\n') {
      line++;
      column = 1;
    } else if (ch === ' ' || ch === '\t' || ch === '\r') column++;
    else break;
  }
  return { line, column };
}

/** Where a top-level key is written: 1-based line, first and last+1 column of its quoted name. */
export interface KeyPosition {
  readonly line: number;
  readonly column: number;
  readonly endColumn: number;
}

/**
 * Positions of the top-level keys of a JSON object text (the first occurrence of each). A small
 * scanner: strings and nesting are tracked, nothing is parsed, so it works on any text.
 */
export function topLevelKeyPositions(text: string): Map<string, KeyPosition> {
  const out = new Map<string, KeyPosition>();
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  let i = 0;
  // The last string at depth 1 and where it was; a following `:` makes it a key.
  let pending: { name: string; pos: KeyPosition } | null = null;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '\n') {
      line++;
      lineStart = i + 1;
      i++;
      continue;
    }
    if (ch === '"') {
      const start = i;
      i++;
      let raw = '';
      while (i < text.length && text[i] !== '"' && text[i] !== '\n') {
        if (text[i] === '\\') {
          raw += text.slice(i, i + 2);
          i += 2;
        } else raw += text[i++];
      }
      i++;
      if (depth === 1) {
        let name = raw;
        try {
          name = JSON.parse(`"${raw}"`) as string;
        } catch {
          // A broken escape: keep the raw text as the name.
        }
        pending = { name, pos: { line, column: start - lineStart + 1, endColumn: i - lineStart + 1 } };
      }
      continue;
    }
    if (ch === ':' && pending !== null && depth === 1) {
      if (!out.has(pending.name)) out.set(pending.name, pending.pos);
      pending = null;
    } else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    else if (ch !== ' ' && ch !== '\t' && ch !== '\r') pending = null;
    i++;
  }
  return out;
}

/** A problem to mark in the JSON view. */
export interface VarsTextMarker {
  readonly line: number;
  readonly column: number;
  readonly endColumn: number;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

/**
 * Markers of valid vars: unknown names ("did you mean chatType?") as warnings and catalog type
 * errors as errors, each at its key. The JSON syntax is Monaco's own to mark.
 */
export function varsMarkers(text: string, vars: Readonly<Record<string, unknown>>): VarsTextMarker[] {
  const positions = topLevelKeyPositions(text);
  const out: VarsTextMarker[] = [];
  for (const u of findUnknownVars(vars)) {
    const pos = positions.get(u.name);
    if (pos === undefined) continue;
    const message =
      u.suggestion === null
        ? `unknown var ${u.name}`
        : `unknown var ${u.name}: did you mean ${u.suggestion}?`;
    out.push({ ...pos, message, severity: 'warning' });
  }
  for (const e of validateVars(vars)) {
    const name = e.path.slice(1).replace(/~1/g, '/').replace(/~0/g, '~');
    const pos = positions.get(name);
    if (pos !== undefined) out.push({ ...pos, message: e.message, severity: 'error' });
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
