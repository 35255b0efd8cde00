/**
 * The Markdown lexer Claude Code 2.1.197 runs over every memory file: marked's `Lexer` with
 * `{ gfm: false }`. The CLI bundles marked 15.0.6 (its block and inline rules are 15.0.6's,
 * byte for byte), so this is the same library at the same version: which lines end a list
 * item, start an HTML block or continue a paragraph is marked's decision, not ours.
 */

import { Lexer } from 'marked';
import type { Token } from 'marked';

export type { Token };

/** The block tokens of `text` (marked turns `\r\n` and lone `\r` into `\n` first). */
export function lexMarkdown(text: string): Token[] {
  return new Lexer({ gfm: false }).lex(text);
}

/** The pattern that removes each closed comment from an HTML token, keeping the rest. */
export const COMMENT_SPAN = /<!--[\s\S]*?-->/g;

/**
 * Claude Code's test for an HTML token it treats as a comment: it starts (after leading
 * whitespace) with `<!--` and holds a `-->` somewhere.
 */
export function isClosedCommentToken(token: Token): boolean {
  if (token.type !== 'html') return false;
  const raw = token.raw.trimStart();
  return raw.startsWith('<!--') && raw.includes('-->');
}
