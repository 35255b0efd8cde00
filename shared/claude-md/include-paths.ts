/**
 * Finds the `@include` directives of a memory file (§19.2 "路径提取",
 * `extractIncludePathsFromTokens`): `@path`, `@./path`, `@~/path`, `@/abs`, `#fragment`
 * dropped, `\ ` for a space; never inside code blocks, code spans or HTML comments, but the
 * text after a closed comment on its line still counts.
 */

import { COMMENT_SPAN, isClosedComment, scanBlocks } from './markdown-blocks';
import { normalizeLineEndings } from './strip-html-comments';
import { normalize, resolve } from './posix-path';

/** One directive: as written, and the absolute path it points to. */
export interface IncludeDirective {
  /** The directive as written, `@` included. */
  readonly directive: string;
  /** The path after dropping `#…` and unescaping `\ `, before resolution. */
  readonly path: string;
  readonly resolved: string;
}

// claudemd.ts:459, quoted in §19.2.
const INCLUDE_REGEX = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;

/**
 * Which captures are paths **(decision)**: `./`, `~/`, an absolute path other than `/`, or a
 * name starting with a letter, digit, `.`, `_` or `-`. This keeps `@@x` and `@#tag` out.
 */
function looksLikePath(path: string): boolean {
  if (path.startsWith('./') || path.startsWith('~/')) return true;
  if (path.startsWith('/')) return path !== '/';
  return /^[A-Za-z0-9._-]/.test(path);
}

/** Resolves a directive's path from the including file's folder; `~` is the home. */
export function resolveIncludePath(path: string, fromDir: string, home: string): string {
  if (path === '~') return normalize(home);
  if (path.startsWith('~/')) return resolve(home, path.slice(2));
  return resolve(fromDir, path);
}

/** The directives of `content` in order of appearance, each resolved path once. */
export function extractIncludes(content: string, fromDir: string, home: string): IncludeDirective[] {
  const found: IncludeDirective[] = [];
  const seen = new Set<string>();
  const scan = (text: string): void => {
    for (const match of text.matchAll(INCLUDE_REGEX)) {
      const raw = match[1]!;
      const hash = raw.indexOf('#');
      const path = (hash < 0 ? raw : raw.slice(0, hash)).replace(/\\ /g, ' ');
      if (path === '' || !looksLikePath(path)) continue;
      const resolved = resolveIncludePath(path, fromDir, home);
      if (seen.has(resolved)) continue;
      seen.add(resolved);
      found.push({ directive: '@' + raw, path, resolved });
    }
  };
  for (const block of scanBlocks(normalizeLineEndings(content))) {
    if (block.kind === 'code' || block.kind === 'blank' || block.kind === 'html') continue;
    if (block.kind === 'html-comment') {
      if (isClosedComment(block.raw)) scan(block.raw.replace(COMMENT_SPAN, ''));
      continue;
    }
    for (const piece of inlineTextPieces(block.raw)) scan(piece);
  }
  return found;
}

/**
 * The pieces of a text block outside code spans, closed inline comments and link destinations, as marked's
 * inline lexer would give them as separate text tokens (so `^` in the regex starts each).
 */
export function inlineTextPieces(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    if (text[i] === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      const close = findBacktickRun(text, i + run, run);
      if (close < 0) {
        i += run;
        continue;
      }
      pieces.push(text.slice(start, i));
      i = close + run;
      start = i;
      continue;
    }
    if (text[i] === '[' && /^\[[^\]]*\]\(/.test(text.slice(i))) {
      // A link's text is a token of its own.
      pieces.push(text.slice(start, i));
      start = ++i;
      continue;
    }
    if (text[i] === ']' && text[i + 1] === '(') {
      // `](url)`: the destination is not text.
      const close = text.indexOf(')', i + 2);
      pieces.push(text.slice(start, i));
      i = close < 0 ? i + 1 : close + 1;
      start = i;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close >= 0) {
        pieces.push(text.slice(start, i));
        i = close + 3;
        start = i;
        continue;
      }
    }
    i++;
  }
  pieces.push(text.slice(start));
  return pieces.filter((p) => p !== '');
}

/** Index of the next run of exactly `length` backticks at or after `from`, else -1. */
function findBacktickRun(text: string, from: number, length: number): number {
  let i = from;
  while (i < text.length) {
    if (text[i] !== '`') {
      i++;
      continue;
    }
    let run = 1;
    while (text[i + run] === '`') run++;
    if (run === length) return i;
    i += run;
  }
  return -1;
}
