/**
 * JSON parsing that reports failures as values with a line and column, because every
 * error message must name the file, line and column (DEVELOPERS.md, bad input).
 */
import type { Json } from './types';
import { jsonErrorOffset } from './json-error-offset';
import { isPlainObject } from '../base/is-plain-object';

/** Outcome of parsing a JSON text. */
export type JsonParseResult =
  | { readonly ok: true; readonly value: Json }
  | { readonly ok: false; readonly message: string; readonly line: number; readonly column: number };

/** 1-based line and column of a UTF-16 offset in `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(offset, 0), text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * Parses JSON (a leading BOM is allowed, as editors on Windows write one). On failure the
 * position is taken from the engine's message (`position N`, or `line L column C`), else found
 * by scanning the text (`jsonErrorOffset`). The message is always one line.
 */
export function parseJsonText(text: string): JsonParseResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) as Json };
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const lc = /line (\d+) column (\d+)/.exec(raw);
    const pos = /position (\d+)/.exec(raw);
    let where: { line: number; column: number };
    if (lc) where = { line: Number(lc[1]), column: Number(lc[2]) };
    else if (pos) where = lineColumnAt(body, Number(pos[1]));
    else {
      // V8 gives no position for "Unexpected token 'x', "…" is not valid JSON": find it.
      const offset = jsonErrorOffset(body);
      where = lineColumnAt(body, offset < 0 ? body.length : offset);
    }
    const message = raw
      .replace(/\s*\(line \d+ column \d+\)/, '')
      .replace(/ in JSON at position \d+.*$/s, '')
      // Drop V8's quoted snippet of the text: it can span lines, and errors are one line.
      .replace(/^(Unexpected token '[\s\S]{1,2}'), [\s\S]* is not valid JSON$/, '$1')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
      .replace(/[\u0000-\u001f]/g, (c) => JSON.stringify(c).slice(1, -1));
    return { ok: false, message, ...where };
  }
}

/** The UTF-8 byte-order mark as it decodes: U+FEFF at the start of the text. */
export const BOM = '\ufeff';

/**
 * Whether a text starts with a BOM. evolcore parses its manifests with a bare `JSON.parse`,
 * which refuses one (the inspector's own files, such as vars, allow it).
 */
export function startsWithBom(text: string): boolean {
  return text.charCodeAt(0) === 0xfeff;
}

/** A JSON object (not `null`, not an array), typed as the JSON value it is. */
export function isJsonObject(value: Json | undefined): value is { readonly [key: string]: Json } {
  return isPlainObject(value);
}
