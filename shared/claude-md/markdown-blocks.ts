/**
 * A small block scanner standing in for the marked lexer (`gfm: false`) that Claude Code runs
 * over memory files (§19.2 "路径提取", §19.4). It only tells apart what the two consumers need:
 * code (fenced or indented), HTML comment blocks, other HTML blocks (whose text marked never
 * hands to the include scan), block quotes (scanned again inside), and everything else as text.
 * Concatenating the blocks' `raw` gives the input back.
 *
 * The comment block follows marked's rule `^ {0,3}<!--(?:-?>|[\s\S]*?(?:-->|$))[^\n]*\n*`: it
 * runs to the first `-->` (or the end of the input when unclosed), then to the end of that
 * line and any blank lines after it.
 */

/** What a block is, for include extraction and comment stripping. */
export type MarkdownBlockKind = 'text' | 'blank' | 'code' | 'html-comment' | 'html' | 'quote';

/** A run of the input. */
export interface MarkdownBlock {
  readonly kind: MarkdownBlockKind;
  readonly raw: string;
  /** `true` for a block inside a list item: not a top-level token, so never stripped (§19.4). */
  readonly nested?: boolean;
  /** For a `quote`: its text with the `>` markers removed, to be scanned as blocks again. */
  readonly inner?: string;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const INDENTED = /^(?: {4}|\t)/;
const BLANK = /^[ \t]*$/;
const COMMENT_START = /^ {0,3}<!--/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const QUOTE_MARKER = /^ {0,3}> ?/;
const LIST_MARKER = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$)/;
// CommonMark 4.6 HTML block starts: type 1 (raw text tags), type 6 (block tags), type 7 (any lone tag).
const HTML_RAW_START = /^ {0,3}<(script|pre|style|textarea)(?:[\s>]|$)/i;
const HTML_BLOCK_TAG =
  /^ {0,3}<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|meta|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[\s/>]|$)/i;
const HTML_LONE_TAG =
  /^ {0,3}(?:<[a-zA-Z][\w-]*(?:\s+[a-zA-Z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>|<\/[a-zA-Z][\w-]*\s*>)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/** Splits `src` (line endings already `\n`) into blocks, in order. */
export function scanBlocks(src: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let pos = 0;
  let inParagraph = false;
  // Inside a list item, indented lines belong to the item (CommonMark 5.2): its comments and
  // fences are nested blocks, and a line without indent continues it lazily until a blank line.
  let inList = false;
  let afterBlank = false;
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
      afterBlank = true;
      pos = line.end;
      continue;
    }
    const wasAfterBlank = afterBlank;
    afterBlank = false;
    if (QUOTE_MARKER.test(line.text) && !inList) {
      // A block quote: its lines, plus lazy continuation lines, up to a blank line (CommonMark 5.1).
      let end = line.end;
      let inner = line.text.replace(QUOTE_MARKER, '') + '\n';
      while (end < src.length) {
        const next = lineAt(end);
        if (BLANK.test(next.text)) break;
        inner += next.text.replace(QUOTE_MARKER, '') + '\n';
        end = next.end;
      }
      blocks.push({ kind: 'quote', raw: src.slice(pos, end), inner });
      inParagraph = false;
      pos = end;
      continue;
    }
    const isMarker = LIST_MARKER.test(line.text) && !THEMATIC_BREAK.test(line.text);
    if (inList && !isMarker && !/^[ \t]/.test(line.text) && wasAfterBlank) inList = false;
    if (inList || isMarker) {
      inList = true;
      const inner = line.text.replace(LIST_MARKER, '').trimStart();
      if (!isMarker && inner.startsWith('<!--')) {
        const end = commentEnd(src, src.indexOf('<!--', pos));
        blocks.push({ kind: 'html-comment', raw: src.slice(pos, end), nested: true });
        pos = end;
        continue;
      }
      const nestedFence = FENCE_OPEN.exec(inner);
      if (nestedFence) {
        const end = fenceEnd(src, line.end, nestedFence[1]!, true);
        blocks.push({ kind: 'code', raw: src.slice(pos, end), nested: true });
        pos = end;
        continue;
      }
      pushText('text', src.slice(pos, line.end));
      pos = line.end;
      continue;
    }
    const fence = FENCE_OPEN.exec(line.text);
    if (fence && !(fence[1]!.startsWith('`') && fence[2]!.includes('`'))) {
      const end = fenceEnd(src, line.end, fence[1]!, false);
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
      const end = commentEnd(src, src.indexOf('<!--', pos));
      blocks.push({ kind: 'html-comment', raw: src.slice(pos, end) });
      inParagraph = false;
      pos = end;
      continue;
    }
    const rawTag = HTML_RAW_START.exec(line.text);
    if (rawTag) {
      const closer = new RegExp(`</${rawTag[1]}>`, 'i').exec(src.slice(pos));
      const closeAt = closer ? pos + closer.index + closer[0].length : src.length;
      const nl = src.indexOf('\n', closeAt);
      const end = nl < 0 ? src.length : nl + 1;
      blocks.push({ kind: 'html', raw: src.slice(pos, end) });
      inParagraph = false;
      pos = end;
      continue;
    }
    if (HTML_BLOCK_TAG.test(line.text) || (!inParagraph && HTML_LONE_TAG.test(line.text))) {
      // Types 6 and 7 end at a blank line.
      let end = line.end;
      while (end < src.length && !BLANK.test(lineAt(end).text)) end = lineAt(end).end;
      blocks.push({ kind: 'html', raw: src.slice(pos, end) });
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

/** End of a comment block opened at `open`: past `-->` (or the input), its line and blank lines. */
function commentEnd(src: string, open: number): number {
  let close: number;
  if (src.startsWith('>', open + 4)) close = open + 5;
  else if (src.startsWith('->', open + 4)) close = open + 6;
  else {
    const found = src.indexOf('-->', open + 4);
    close = found < 0 ? src.length : found + 3;
  }
  const nl = src.indexOf('\n', close);
  let end = nl < 0 ? src.length : nl + 1;
  while (src[end] === '\n') end++;
  return end;
}

/** End of a fenced block whose opening line ends at `from`; unclosed runs to the end (CommonMark 4.5). */
function fenceEnd(src: string, from: number, marker: string, indentedClose: boolean): number {
  let end = from;
  while (end < src.length) {
    const nl = src.indexOf('\n', end);
    const lineEnd = nl < 0 ? src.length : nl + 1;
    const text = src.slice(end, nl < 0 ? src.length : nl);
    const close = FENCE_CLOSE.exec(indentedClose ? text.trimStart() : text);
    end = lineEnd;
    if (close && close[1]![0] === marker[0] && close[1]!.length >= marker.length) break;
  }
  return end;
}

/** Whether an HTML block is a closed comment: the only kind stripped (§19.4 rules 1 and 2). */
export function isClosedComment(raw: string): boolean {
  return raw.trimStart().startsWith('<!--') && raw.includes('-->');
}

/** The global pattern that removes each closed comment from a comment block, keeping the residue. */
export const COMMENT_SPAN = /<!--[\s\S]*?-->/g;
