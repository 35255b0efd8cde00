/**
 * The small part of YAML that memory-file frontmatter uses: top-level `key: value` pairs whose
 * value is a scalar, a flow list `[a, b]`, or a block list of `- item` lines. It fails where a
 * real YAML parser fails on globs — a plain scalar starting with an indicator such as `*`
 * (an alias) or `{` (a flow mapping) — so the chapter's retry that quotes problematic values
 * has the same effect here (§19.3 "YAML 解析的容错处理").
 */

/** A parsed frontmatter value. Nested mappings are not needed and read as `null`. */
export type YamlValue = string | number | boolean | null | readonly YamlValue[];

/** Parse result: the mapping, or an error with its 1-based line. */
export type YamlResult =
  | { readonly ok: true; readonly value: Readonly<Record<string, YamlValue>> }
  | { readonly ok: false; readonly message: string; readonly line: number };

const KEY_LINE = /^([^\s#'"\-?:][^:]*?|"[^"]*"|'[^']*'):(?:[ \t]+(.*))?$/;
const ITEM_LINE = /^([ \t]*)-(?:[ \t]+(.*))?$/;
// Characters that cannot start a plain scalar (YAML 1.2 §7.3.3, c-indicator minus the safe ones).
const BAD_PLAIN_START = /^[*&!|>%@`{}[\]]/;

class YamlError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** Parses the frontmatter text (between the `---` lines). */
export function parseYamlLite(text: string): YamlResult {
  const lines = text.replace(/\r\n|\r/g, '\n').split('\n');
  const value: Record<string, YamlValue> = {};
  let i = 0;
  try {
    while (i < lines.length) {
      const line = lines[i]!;
      if (isSkippable(line)) {
        i++;
        continue;
      }
      if (/^\s/.test(line)) throw lineError('unexpected indentation', i);
      const m = KEY_LINE.exec(stripComment(line));
      if (!m) throw lineError('expected "key: value"', i);
      const key = unquoteKey(m[1]!.trim());
      const rest = (m[2] ?? '').trim();
      i++;
      if (rest !== '') {
        value[key] = parseScalarOrFlow(rest, i - 1);
        continue;
      }
      const items: YamlValue[] = [];
      let nested = false;
      while (i < lines.length && (isSkippable(lines[i]!) || /^\s|^-/.test(lines[i]!))) {
        const item = ITEM_LINE.exec(stripComment(lines[i]!));
        if (item) items.push(item[2] === undefined ? null : parseScalarOrFlow(item[2].trim(), i));
        else if (!isSkippable(lines[i]!)) nested = true;
        i++;
      }
      value[key] = items.length > 0 && !nested ? items : null;
    }
  } catch (error) {
    if (error instanceof YamlError) return { ok: false, message: error.message, line: error.line };
    throw error;
  }
  return { ok: true, value };
}

/**
 * `quoteProblematicValues` as Claude Code 2.1.197 runs it: on a `key: value` line (key of
 * letters, `_`, `-`) whose value is not already quoted (or a flow list that parses), a value
 * holding a YAML indicator or `": "` is wrapped in double quotes.
 */
export function quoteProblematicValues(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const m = /^([a-zA-Z_-]+):\s+(.+)$/.exec(line);
      if (!m) return line;
      const val = m[2]!;
      if ((val.startsWith('"') && val.endsWith('"')) || (val.startsWith("'") && val.endsWith("'")))
        return line;
      if (val.startsWith('[') && val.endsWith(']')) {
        const flow = parseYamlLite(`k: ${val}`);
        if (flow.ok && Array.isArray(flow.value['k'])) return line;
      }
      if (!/[{}[\]*&#!|>%@`]|: /.test(val)) return line;
      return `${m[1]}: "${val.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    })
    .join('\n');
}

function isSkippable(line: string): boolean {
  return /^[ \t]*(?:#.*)?$/.test(line);
}

/** Drops a ` #` comment outside quotes. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[,-]/.test(line[i - 1]!)) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) {
      return line.slice(0, i).trimEnd();
    }
  }
  return line;
}

function unquoteKey(key: string): string {
  return /^(["']).*\1$/.test(key) ? key.slice(1, -1) : key;
}

function parseScalarOrFlow(text: string, line: number): YamlValue {
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) throw lineError('unclosed flow sequence', line);
    const inner = text.slice(1, -1).trim();
    if (inner === '') return [];
    return splitFlow(inner, line).map((part) => parseScalar(part.trim(), line));
  }
  return parseScalar(text, line);
}

/** Splits a flow sequence's inside at top-level commas, respecting quotes. */
function splitFlow(inner: string, line: number): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (quote) {
      current += c;
      if (c === '\\' && quote === '"' && i + 1 < inner.length) current += inner[++i];
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
      current += c;
    } else if (c === ',') {
      parts.push(current);
      current = '';
    } else if (c === '[' || c === ']' || c === '{' || c === '}') {
      throw lineError(`nested flow collection in "${inner}"`, line);
    } else current += c;
  }
  if (quote) throw lineError('unclosed quote', line);
  parts.push(current);
  return parts;
}

function parseScalar(text: string, line: number): YamlValue {
  if (text.startsWith('"')) {
    if (text.length < 2 || !text.endsWith('"')) throw lineError('unclosed double quote', line);
    return text
      .slice(1, -1)
      .replace(/\\(["\\/nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
  }
  if (text.startsWith("'")) {
    if (text.length < 2 || !text.endsWith("'")) throw lineError('unclosed single quote', line);
    return text.slice(1, -1).replace(/''/g, "'");
  }
  if (BAD_PLAIN_START.test(text)) throw lineError(`a plain value cannot start with "${text[0]}"`, line);
  if (/:\s/.test(text)) throw lineError('nested mapping values are not allowed here', line);
  if (text === 'null' || text === '~') return null;
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  return text;
}

function lineError(message: string, index: number): YamlError {
  return new YamlError(message, index + 1);
}
