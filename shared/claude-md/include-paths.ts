/**
 * Finds the `@include` directives of a memory file (§19.2 "路径提取",
 * `extractIncludePathsFromTokens`): `@path`, `@./path`, `@~/path`, `@/abs`, `#fragment`
 * dropped, `\ ` for a space; never inside code blocks, code spans or HTML comments, but the
 * text after a closed comment on its line still counts.
 */

import { COMMENT_SPAN, isClosedComment, scanBlocks } from './markdown-blocks';
import { normalizeLineEndings } from './strip-html-comments';
import { normalizePath, resolvePath } from '../base/posix-path';

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
  // UNC-style `//host/…` and autofs `/net/host/…` paths are never followed (Claude Code 2.1.197).
  if (/^[\\/]{2}/.test(path) || isNetPath(path)) return false;
  if (path.startsWith('./') || path.startsWith('~/')) return true;
  if (path.startsWith('/')) return path !== '/';
  return /^[A-Za-z0-9._-]/.test(path);
}

/** Whether an absolute path lies under `/net/<host>` (after `.` and `..`). */
export function isNetPath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      parts.pop();
      continue;
    }
    parts.push(part);
    if (parts.length === 2 && parts[0]!.toLowerCase() === 'net') return true;
  }
  return false;
}

/** Resolves a directive's path from the including file's folder; `~` is the home. */
export function resolveIncludePath(path: string, fromDir: string, home: string): string {
  if (path === '~') return normalizePath(home);
  if (path.startsWith('~/')) return resolvePath(home, path.slice(2));
  return resolvePath(fromDir, path);
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
  const scanBlocksOf = (text: string): void => {
    for (const block of scanBlocks(text)) {
      if (block.kind === 'code' || block.kind === 'blank' || block.kind === 'html') continue;
      if (block.kind === 'quote') scanBlocksOf(block.inner ?? '');
      else if (block.kind === 'html-comment') {
        if (isClosedComment(block.raw)) scan(block.raw.replace(COMMENT_SPAN, ''));
      } else for (const piece of inlineTextPieces(block.raw)) scan(piece);
    }
  };
  scanBlocksOf(normalizeLineEndings(content));
  return found;
}

/**
 * The pieces of a text block that marked's inline lexer would hand over as separate text
 * tokens (so the regex's `^` starts each): code spans, closed inline comments, inline tags,
 * link destinations are dropped; link brackets and emphasis delimiters split the text.
 */
export function inlineTextPieces(text: string): string[] {
  const pieces: string[] = [];
  const closers = new Set<number>();
  let emphasis: EmphasisIndex | null = null;
  let nextBracket = -1;
  let start = 0;
  let i = 0;
  const cut = (to: number): void => {
    pieces.push(text.slice(start, i));
    start = i = to;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '`') {
      const run = runLength(text, i);
      const close = findRun(text, i + run, '`', run);
      if (close < 0) i += run;
      else cut(close + run);
      continue;
    }
    if (c === '<') {
      const close = text.startsWith('<!--', i) ? text.indexOf('-->', i + 4) : -1;
      if (close >= 0) {
        cut(close + 3);
        continue;
      }
      INLINE_TAG.lastIndex = i;
      const tag = INLINE_TAG.exec(text);
      if (tag) {
        cut(i + tag[0].length);
        continue;
      }
    }
    if (c === '[') {
      // A link `[text](…)`: its text is a token of its own. One forward pointer keeps this linear.
      if (nextBracket < i) nextBracket = text.indexOf(']', i);
      if (nextBracket < 0) nextBracket = text.length;
      const nextOpen = text.indexOf('[', i + 1);
      if (text[nextBracket + 1] === '(' && (nextOpen < 0 || nextOpen > nextBracket)) {
        cut(i + 1);
        continue;
      }
    }
    if (c === ']' && text[i + 1] === '(') {
      const close = text.indexOf(')', i + 2);
      cut(close < 0 ? i + 1 : close + 1);
      continue;
    }
    if (c === '*' || c === '_') {
      const run = runLength(text, i);
      if (closers.has(i)) {
        closers.delete(i);
        cut(i + run);
        continue;
      }
      emphasis ??= indexClosers(text);
      const close = emphasisCloser(text, i, run, emphasis);
      if (close >= 0) {
        closers.add(close);
        cut(i + run);
        continue;
      }
      i += run;
      continue;
    }
    i++;
  }
  pieces.push(text.slice(start));
  return pieces.filter((p) => p !== '');
}

// An inline HTML tag or an autolink (CommonMark 6.5, 6.6): a token that is not text. Sticky,
// so matching at a position costs no copy of the rest of the text.
const INLINE_TAG =
  /(?:<\/?[A-Za-z][\w-]*(?:\s[^<>]*)?\/?>|<[A-Za-z][\w+.-]{1,31}:[^\s<>]*>|<[^\s<>@]+@[^\s<>]+>)/y;

function runLength(text: string, at: number): number {
  let run = 1;
  while (text[at + run] === text[at]) run++;
  return run;
}

/** Valid emphasis closers by `char + run length`, in ascending position. */
type EmphasisIndex = ReadonlyMap<string, readonly number[]>;

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Indexes every `*`/`_` run that can close emphasis: preceded by non-space; `_` not followed by a word char. */
function indexClosers(text: string): EmphasisIndex {
  const index = new Map<string, number[]>();
  for (let j = 0; j < text.length; j++) {
    const ch = text[j]!;
    if (ch !== '*' && ch !== '_') continue;
    const len = runLength(text, j);
    const next = text[j + len];
    const okAfter = ch === '*' || next === undefined || !WORD_CHAR.test(next);
    if (j > 0 && !/\s/.test(text[j - 1]!) && okAfter) {
      const key = ch + len;
      const list = index.get(key) ?? [];
      list.push(j);
      index.set(key, list);
    }
    j += len - 1;
  }
  return index;
}

/**
 * Where the emphasis opened by the `run` delimiters at `at` closes, or -1: the opener is
 * followed by non-space and `_` may not sit inside a word; the closer has the same character
 * and length (CommonMark 6.2, simplified).
 */
function emphasisCloser(text: string, at: number, run: number, index: EmphasisIndex): number {
  const ch = text[at]!;
  const after = text[at + run];
  if (after === undefined || /\s/.test(after)) return -1;
  if (ch === '_' && at > 0 && WORD_CHAR.test(text[at - 1]!)) return -1;
  const list = index.get(ch + run);
  if (!list) return -1;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! <= at + run - 1) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length ? list[lo]! : -1;
}

/** Index of the next run of exactly `length` characters `ch` at or after `from`, else -1. */
function findRun(text: string, from: number, ch: string, length: number): number {
  let i = from;
  while (i < text.length) {
    if (text[i] !== ch) {
      i++;
      continue;
    }
    let run = 1;
    while (text[i + run] === ch) run++;
    if (run === length) return i;
    i += run;
  }
  return -1;
}
