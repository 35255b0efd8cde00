/**
 * Turns one memory file's text into what Claude Code injects (§19.4, §19.7
 * `parseMemoryFileContent`): frontmatter removed, closed HTML comments stripped, and the
 * `@include` directives found.
 */

import { parseFrontmatter } from './frontmatter';
import type { ParsedFrontmatter } from './frontmatter';
import { extractIncludes } from './include-paths';
import type { IncludeDirective } from './include-paths';
import { dirnamePath } from '../base/posix-path';
import { stripHtmlComments } from './strip-html-comments';

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
  const stripped = stripHtmlComments(front.content);
  return {
    content: stripped.content,
    globs: front.paths,
    includes: extractIncludes(front.content, dirnamePath(resolvedPath), home),
    differsFromDisk: stripped.content !== raw,
    frontmatterError: front.error,
  };
}
