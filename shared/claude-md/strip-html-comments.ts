/**
 * Removes closed top-level HTML comments from a memory file (§19.4 `stripHtmlComments`).
 *
 * A file without `<!--` comes back untouched, byte for byte. Any other file is rebuilt from
 * blocks after normalising line endings to `\n`, as the marked round trip does (§19.4
 * "避免虚假的 contentDiffersFromDisk"; clarifications "Content").
 */

import { COMMENT_SPAN, isClosedComment, scanBlocks } from './markdown-blocks';

/** The content after stripping, and whether anything was removed. */
export interface StripResult {
  readonly content: string;
  readonly stripped: boolean;
}

/** Strips closed comment blocks, keeping what follows `-->` on its line; unclosed ones stay. */
export function stripHtmlComments(content: string): StripResult {
  if (!content.includes('<!--')) return { content, stripped: false };
  let result = '';
  let stripped = false;
  for (const block of scanBlocks(normalizeLineEndings(content))) {
    if (block.kind === 'html-comment' && !block.nested && isClosedComment(block.raw)) {
      stripped = true;
      const residue = block.raw.replace(COMMENT_SPAN, '');
      // A residue of whitespace only is dropped with the comment (§19.4 rule 3 keeps real text).
      if (residue.trim().length > 0) result += residue;
      continue;
    }
    result += block.raw;
  }
  return { content: result, stripped };
}

/** `\r\n` and lone `\r` become `\n`, as marked's lexer does before tokenising. */
export function normalizeLineEndings(text: string): string {
  return text.replace(/\r\n|\r/g, '\n');
}
