/**
 * The YAML reader of memory-file frontmatter. Claude Code 2.1.197 is a Bun executable and
 * parses frontmatter with Bun's built-in `Bun.YAML.parse` (native, not a JS library), then
 * keeps the result only when it is a mapping. The closest JS parser is `yaml` (YAML 1.2 core
 * schema); with the options below it reads what Bun 1.4.0 (the CLI's runtime) reads on a
 * corpus of 6,000 generated frontmatters but for two tags nobody writes on `paths` (`!!float`
 * on an integer, an unknown `!tag` with no value): duplicate keys keep the last, `<<` merges,
 * the YAML 1.1 tags (`!!binary`, `!!set`, `!!timestamp`, …) read as their plain node, and
 * several documents read as a list (which then counts as no frontmatter).
 */

import { LineCounter, isAlias, parseAllDocuments, visit } from 'yaml';
import type { Document, YAMLError } from 'yaml';

/** `Bun.YAML.parse` as far as frontmatter is concerned. */
const OPTIONS = { uniqueKeys: false, merge: true, resolveKnownTags: false } as const;

/** Parse outcome: the mapping (`{}` for anything else), or the error with its 1-based line. */
export type FrontmatterYaml =
  | { readonly ok: true; readonly value: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly message: string; readonly line: number };

/** Parses YAML as `Bun.YAML.parse` does: throws on a syntax error. */
export function parseYaml(text: string): unknown {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { ...OPTIONS, lineCounter });
  const list = Array.isArray(docs) ? docs : [];
  for (const doc of list) if (doc.errors.length > 0) throw doc.errors[0]!;
  const values = list.map((doc) => toJs(doc, lineCounter));
  if (values.length === 0) return null;
  return values.length === 1 ? values[0] : values;
}

/**
 * Claude Code's two-step read: the text as written; failing that, with problematic values
 * quoted and leading tabs turned into two spaces each; failing both, an error (and no values).
 */
export function parseFrontmatterYaml(text: string): FrontmatterYaml {
  try {
    return { ok: true, value: asMapping(parseYaml(text)) };
  } catch {
    try {
      const retry = quoteProblematicValues(text).replace(/^\t+/gm, (tabs) => '  '.repeat(tabs.length));
      return { ok: true, value: asMapping(parseYaml(retry)) };
    } catch (error) {
      return { ok: false, message: errorMessage(error), line: errorLine(error) };
    }
  }
}

/** The document's value; an alias without its anchor fails here, given the alias's line. */
function toJs(doc: Document.Parsed, lineCounter: LineCounter): unknown {
  try {
    return doc.toJS() as unknown;
  } catch (error) {
    let offset: number | null = null;
    visit(doc, {
      Alias(_key, node) {
        if (!isAlias(node) || offset !== null) return;
        offset = node.range?.[0] ?? null;
      },
    });
    const line = offset === null ? 1 : lineCounter.linePos(offset).line;
    throw Object.assign(new Error(errorMessage(error)), { linePos: [{ line, col: 1 }] });
  }
}

/** Only a mapping is frontmatter; a list, a scalar or nothing reads as `{}`. */
function asMapping(value: unknown): Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * `quoteProblematicValues` as Claude Code 2.1.197 runs it: on a `key: value` line (key of
 * letters, `_`, `-`) whose value is not already quoted (or a flow list that parses as a list),
 * a value holding a YAML indicator or `": "` is wrapped in double quotes.
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
      if (val.startsWith('[') && val.endsWith(']') && parsesAsList(val)) return line;
      if (!/[{}[\]*&#!|>%@`]|: /.test(val)) return line;
      return `${m[1]}: "${val.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    })
    .join('\n');
}

function parsesAsList(text: string): boolean {
  try {
    return Array.isArray(parseYaml(text));
  } catch {
    return false;
  }
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

function errorLine(error: unknown): number {
  const pos = (error as Partial<YAMLError>).linePos;
  return pos?.[0]?.line ?? 1;
}
