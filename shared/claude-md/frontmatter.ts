/**
 * Frontmatter of a memory file (§19.3 "frontmatter 解析"): removed from every file; its
 * `paths` turn a rules-folder file into a conditional rule.
 */

import { parseFrontmatterYaml } from './frontmatter-yaml';

/** A file split into frontmatter and content. */
export interface ParsedFrontmatter {
  /** The content after the frontmatter block (the whole text when there is none). */
  readonly content: string;
  /** Whether a frontmatter block was found and removed. */
  readonly hadFrontmatter: boolean;
  /** Globs when `paths` makes the file conditional; `null` = unconditional (§19.3 `parseFrontmatterPaths`). */
  readonly paths: readonly string[] | null;
  /** The YAML error when both parses failed (the frontmatter then counts as empty). */
  readonly error: { readonly message: string; readonly line: number } | null;
}

// Claude Code 2.1.197's frontmatter pattern, as it behaves: `\s*` after either `---` may run
// over line ends (so the whitespace after the closing `---`, blank lines included, goes with
// it), and the block closes at the first `---` anywhere, even inside a line.
const FRONTMATTER = /^---\s*\n([\s\S]*?)---\s*\n?/;

/** Splits off the frontmatter and reads `paths` from it. */
export function parseFrontmatter(raw: string): ParsedFrontmatter {
  const match = FRONTMATTER.exec(raw);
  if (!match) return { content: raw, hadFrontmatter: false, paths: null, error: null };
  const content = raw.slice(match[0].length);
  const yaml = match[1]!;
  // Both of Claude Code's parses failing reads as no frontmatter values.
  const parsed = parseFrontmatterYaml(yaml);
  if (!parsed.ok) {
    return {
      content,
      hadFrontmatter: true,
      paths: null,
      error: { message: parsed.message, line: parsed.line + 1 },
    };
  }
  const value = parsed.value['paths'];
  // Claude Code tests `frontmatter.paths` for truthiness before reading it; a value that is
  // neither a string nor a list (a map, a number) gives no pattern, so the rule is unconditional.
  return { content, hadFrontmatter: true, paths: value ? pathsFromValue(value) : null, error: null };
}

/**
 * `parseFrontmatterPaths`'s rules: split, expand braces, drop a trailing `/**` (the matcher
 * already takes a path to cover what is inside it), drop empties; no pattern left, or only
 * `**`, means unconditional.
 */
export function pathsFromValue(value: unknown): readonly string[] | null {
  const patterns = splitPathInFrontmatter(value)
    .map((p) => (p.endsWith('/**') ? p.slice(0, -3) : p))
    .filter((p) => p.length > 0);
  if (patterns.length === 0 || patterns.every((p) => p === '**')) return null;
  return patterns;
}

/** `splitPathInFrontmatter`: a list, or a string split at commas outside braces; each brace-expanded. */
export function splitPathInFrontmatter(input: unknown): string[] {
  if (Array.isArray(input)) return input.flatMap((item: unknown) => splitPathInFrontmatter(item));
  if (typeof input !== 'string') return [];
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  for (const char of input) {
    if (char === '{') depth++;
    else if (char === '}') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter((p) => p.length > 0).flatMap((p) => expandBraces(p));
}

/** `expandBraces`: `src/*.{ts,tsx}` → `src/*.ts`, `src/*.tsx`; `{a,b}/{c,d}` → four patterns. */
export function expandBraces(pattern: string): string[] {
  const match = /^([^{]*)\{([^}]+)\}(.*)$/.exec(pattern);
  if (!match) return [pattern];
  const [, prefix, alternatives, suffix] = match;
  return alternatives!.split(',').flatMap((alt) => expandBraces(prefix + alt.trim() + suffix));
}
