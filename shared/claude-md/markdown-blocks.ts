/**
 * A small block scanner standing in for the marked lexer (`gfm: false`) that Claude Code runs
 * over memory files (§19.2 "路径提取", §19.4). It only tells apart what the two consumers need:
 * code (fenced or indented), top-level HTML comment blocks, and everything else as text.
 * Concatenating the blocks' `raw` gives the input back.
 *
 * The comment block follows marked's rule `^ {0,3}<!--(?:-?>|[\s\S]*?(?:-->|$))[^\n]*\n*`: it
 * runs to the first `-->` (or the end of the input when unclosed), then to the end of that
 * line and any blank lines after it.
 */

/** What a block is, for include extraction and comment stripping. */
export type MarkdownBlockKind = 'text' | 'blank' | 'code' | 'html-comment';

/** A run of the input. */
export interface MarkdownBlock {
  readonly kind: MarkdownBlockKind;
  readonly raw: string;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const INDENTED = /^(?: {4}|\t)/;
const BLANK = /^[ \t]*$/;
const COMMENT_START = /^ {0,3}<!--/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/** Splits `src` (line endings already `\n`) into blocks, in order. */
export function scanBlocks(src: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let pos = 0;
  let inParagraph = false;
  const lineAt = (at: number): { text: string; end: number } => {
    const nl = src.indexOf('\n', at);
    return nl < 0 ? { text: src.slice(at), end: src.length } : { text: src.slice(at, nl), end: nl + 1 };
  };
  const pushText = (kind: 'text' | 'blank', raw: string): void => {
    const last = blocks[blocks.length - 1];
    if (last && last.kind === kind) blocks[blocks.length - 1] = { kind, raw: last.raw + raw };
    else blocks.push({ kind, raw });
  };
  while (pos < src.length) {
    const line = lineAt(pos);
    if (BLANK.test(line.text)) {
      pushText('blank', src.slice(pos, line.end));
      inParagraph = false;
      pos = line.end;
      continue;
    }
    const fence = FENCE_OPEN.exec(line.text);
    if (fence && !(fence[1]!.startsWith('`') && fence[2]!.includes('`'))) {
      const marker = fence[1]!;
      let end = line.end;
      // An unclosed fence runs to the end of the input (CommonMark 4.5, marked alike).
      let closed = false;
      while (end < src.length && !closed) {
        const next = lineAt(end);
        const close = FENCE_CLOSE.exec(next.text);
        closed = close !== null && close[1]![0] === marker[0] && close[1]!.length >= marker.length;
        end = next.end;
      }
      blocks.push({ kind: 'code', raw: src.slice(pos, end) });
      inParagraph = false;
      pos = end;
      continue;
    }
    if (!inParagraph && INDENTED.test(line.text)) {
      // An indented code block cannot interrupt a paragraph; it takes indented and blank lines.
      let end = line.end;
      while (end < src.length) {
        const next = lineAt(end);
        if (!INDENTED.test(next.text) && !BLANK.test(next.text)) break;
        end = next.end;
      }
      blocks.push({ kind: 'code', raw: src.slice(pos, end) });
      pos = end;
      continue;
    }
    if (COMMENT_START.test(line.text)) {
      const open = src.indexOf('<!--', pos);
      let close: number;
      if (src.startsWith('>', open + 4)) close = open + 5;
      else if (src.startsWith('->', open + 4)) close = open + 6;
      else {
        const found = src.indexOf('-->', open + 4);
        close = found < 0 ? src.length : found + 3;
      }
      let end = lineAt(close).end;
      if (close === src.length) end = src.length;
      while (src[end] === '\n') end++;
      blocks.push({ kind: 'html-comment', raw: src.slice(pos, end) });
      inParagraph = false;
      pos = end;
      continue;
    }
    pushText('text', src.slice(pos, line.end));
    inParagraph = !ATX_HEADING.test(line.text);
    pos = line.end;
  }
  return blocks;
}

/** Whether an HTML block is a closed comment: the only kind stripped (§19.4 rules 1 and 2). */
export function isClosedComment(raw: string): boolean {
  return raw.trimStart().startsWith('<!--') && raw.includes('-->');
}

/** The global pattern that removes each closed comment from a comment block, keeping the residue. */
export const COMMENT_SPAN = /<!--[\s\S]*?-->/g;
