/**
 * Untrusted text as a Monaco markdown string that renders as that text. Var values,
 * file contents and file names come from a home that may be hostile: in a hover, a value like
 * `[click](https://evil.example/x)` must read as those characters, not become a live link.
 *
 * Monaco's own `escapeMarkdownSyntaxTokens` is not in its public API, and it leaves `<`, `:`,
 * `.` and `@` alone (autolinks, bare URLs, e-mail addresses stay live under GFM). CommonMark
 * lets any ASCII punctuation be backslash-escaped, so every one is: no link, image, HTML tag,
 * code span, emphasis, heading, list, table or autolink can start. Every markdown string the
 * renderer hands Monaco is made here (the `local` lint in eslint-rules/untrusted-text.js).
 */
import type * as Monaco from 'monaco-editor';

/** ASCII punctuation: every character CommonMark allows a backslash escape for. */
const ASCII_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** Spaces and tabs that open a line: four of them would start an indented code block. */
const LEADING_BLANKS = /^[ \t]+/;

/** One line of text, escaped. */
function escapeLine(line: string): string {
  return (
    line
      .replace(ASCII_PUNCTUATION, '\\$&')
      // No-break spaces keep the indent visible and are not indentation to markdown.
      .replace(LEADING_BLANKS, (blanks) => '\u00a0'.repeat(blanks.replace(/\t/g, '    ').length))
  );
}

/** `text` as markdown source that renders as exactly `text` (lines kept; blank lines part paragraphs). */
export function escapeMarkdown(text: string): string {
  const lines = text.split(/\r\n|\r|\n/).map(escapeLine);
  // Two trailing spaces make a hard line break, so lines stay lines; not before a blank line,
  // which ends the paragraph anyway (the spaces would be left in the text).
  return lines.map((line, i) => (line !== '' && (lines[i + 1] ?? '') !== '' ? `${line}  ` : line)).join('\n');
}

/** A markdown string showing `text` as text: escaped, untrusted, no HTML, no theme icons. */
export function plainMarkdown(text: string): Monaco.IMarkdownString {
  return { value: escapeMarkdown(text), isTrusted: false, supportHtml: false, supportThemeIcons: false };
}
