/**
 * Removes closed HTML comments from a memory file as Claude Code 2.1.197 does
 * (`stripHtmlComments`): over the **top-level** tokens of its Markdown lexer, an `html` token
 * that starts with `<!--` and holds `-->` loses every closed comment, and is dropped whole when
 * only whitespace is left; every other token is kept as written (its `raw`). So a comment line
 * right after a list item (marked ends the list there) goes, with the comment lines after it,
 * while one indented under a paragraph line stays: it belongs to the paragraph.
 *
 * A file without `<!--` comes back untouched, byte for byte; any other file is rebuilt from
 * its tokens, whose line endings marked has turned into `\n`.
 */

import { COMMENT_SPAN, isClosedCommentToken, lexMarkdown } from './markdown-tokens';
import type { Token } from './markdown-tokens';

/** The content after stripping, and whether anything was removed. */
export interface StripResult {
  readonly content: string;
  readonly stripped: boolean;
}

/** Strips the comments of `content` (lexed here). */
export function stripHtmlComments(content: string): StripResult {
  if (!content.includes('<!--')) return { content, stripped: false };
  return stripCommentTokens(lexMarkdown(content));
}

/** Claude Code's pass over already lexed top-level tokens. */
export function stripCommentTokens(tokens: readonly Token[]): StripResult {
  let content = '';
  let stripped = false;
  for (const token of tokens) {
    if (isClosedCommentToken(token)) {
      const residue = token.raw.replace(COMMENT_SPAN, '');
      stripped = true;
      if (residue.trim().length > 0) content += residue;
      continue;
    }
    content += token.raw;
  }
  return { content, stripped };
}
