/**
 * Finds the `@include` directives of a memory file as Claude Code 2.1.197 does
 * (`extractIncludePathsFromTokens`): it walks its Markdown lexer's tokens (marked, see
 * markdown-tokens.ts), skips code blocks and code spans, skips HTML tokens except the text
 * left around a closed comment, and scans each text token for `@path`, `@./path`, `@~/path`,
 * `@/abs` (`#fragment` dropped, `\ ` for a space).
 */

import { COMMENT_SPAN, isClosedCommentToken, lexMarkdown } from './markdown-tokens';
import type { Token } from './markdown-tokens';
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
  // UNC-style `//host/…` (but `//wsl$/…`) and autofs `/net/host/…` paths are never followed.
  if ((/^[\\/]{2}/.test(path) && !/^[\\/]{2}wsl(\$|\.localhost)[\\/]/i.test(path)) || isNetPath(path))
    return false;
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

/**
 * Resolves a directive's path from the including file's folder; `~` is the home. Claude Code
 * resolves with the platform's `path`: on Linux and macOS (a folder starting with `/`) a
 * drive-like `C:/x.md` is a relative name like any other, only on Windows is it a drive.
 */
export function resolveIncludePath(path: string, fromDir: string, home: string): string {
  const p = path.trim();
  if (p === '~') return normalizePath(home);
  if (p.startsWith('~/')) return resolvePath(home, p.slice(2));
  if (fromDir.startsWith('/') && /^[A-Za-z]:/.test(p)) return resolvePath(fromDir, `./${p}`);
  return resolvePath(fromDir, p);
}

/** The directives of `content` (the text after the frontmatter) in order, each resolved path once. */
export function extractIncludes(content: string, fromDir: string, home: string): IncludeDirective[] {
  return extractIncludesFromTokens(lexMarkdown(content), fromDir, home);
}

/** The same over tokens already lexed (the file's content is lexed once for both passes). */
export function extractIncludesFromTokens(
  tokens: readonly Token[],
  fromDir: string,
  home: string,
): IncludeDirective[] {
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
  const walk = (list: readonly Token[]): void => {
    for (const token of list) {
      if (token.type === 'code' || token.type === 'codespan') continue;
      if (token.type === 'html') {
        // Only what a closed comment leaves around it is read; other HTML never is.
        if (isClosedCommentToken(token)) {
          const residue = token.raw.replace(COMMENT_SPAN, '');
          if (residue.trim().length > 0) scan(residue);
        }
        continue;
      }
      if (token.type === 'text') scan(typeof token.text === 'string' ? token.text : '');
      const nested = token as { tokens?: readonly Token[]; items?: readonly Token[] };
      if (nested.tokens) walk(nested.tokens);
      if (nested.items) walk(nested.items);
    }
  };
  walk(tokens);
  return found;
}
