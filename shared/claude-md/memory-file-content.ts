/**
 * Turns one memory file's text into what Claude Code injects (`parseMemoryFileContent` of
 * 2.1.197): frontmatter removed, the rest lexed once by marked (markdown-tokens.ts), closed
 * HTML comments stripped from the top-level tokens, and the `@include` directives found in
 * the tokens.
 */

import { parseFrontmatter } from './frontmatter';
import type { ParsedFrontmatter } from './frontmatter';
import { extractIncludesFromTokens } from './include-paths';
import type { IncludeDirective } from './include-paths';
import { lexMarkdown } from './markdown-tokens';
import { dirnamePath } from '../base/posix-path';
import { stripCommentTokens } from './strip-html-comments';

/** The processed form of one file. */
export interface MemoryFileContent {
  /** The processed content, not trimmed (its length is what the 40K warning counts). */
  readonly content: string;
  /** Frontmatter `paths` globs, or `null`. */
  readonly globs: readonly string[] | null;
  readonly includes: readonly IncludeDirective[];
  /** `contentDiffersFromDisk`. */
  readonly differsFromDisk: boolean;
  readonly frontmatterError: ParsedFrontmatter['error'];
}

/**
 * Processes the raw text of the file at `path`; `home` resolves `@~/`. Relative includes
 * resolve from the folder of `resolvedPath` (the file with symlinks resolved), as Claude
 * Code 2.1.197 does.
 */
export function parseMemoryFileContent(raw: string, resolvedPath: string, home: string): MemoryFileContent {
  const front = parseFrontmatter(raw);
  const tokens = lexMarkdown(front.content);
  // Only a file holding `<!--` is rebuilt from its tokens; any other keeps its bytes (CRLF too).
  const content = front.content.includes('<!--') ? stripCommentTokens(tokens).content : front.content;
  return {
    content,
    globs: front.paths,
    includes: extractIncludesFromTokens(tokens, dirnamePath(resolvedPath), home),
    differsFromDisk: content !== raw,
    frontmatterError: front.error,
  };
}
