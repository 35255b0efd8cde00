/**
 * The `json` fenced blocks of a manifest report, found in one scan of its text: the same blocks
 * as `fencedBlocks(splitLines(text))` filtered to a `json` info string, without building the
 * lines or the bodies of the blocks thrown away (the report's section list is mostly prose).
 */
import { FENCE_CLOSE, FENCE_OPEN } from './parse-report-markdown';
import type { FencedBlock } from './parse-report-markdown';
import { joinedLines, lineAt } from './report-lines';
import type { LineSpan } from './report-lines';

const BACKTICK = 0x60;
const TILDE = 0x7e;

/**
 * Whether the line may be a fence at all: both fence patterns allow at most three whitespace
 * characters before the fence, so a fence character is among the first four. Only such a line
 * is cut out and tried against the pattern.
 */
function mayBeFence(text: string, span: LineSpan): boolean {
  const stop = Math.min(span.start + 4, span.end);
  for (let k = span.start; k < stop; k++) {
    const c = text.charCodeAt(k);
    if (c === BACKTICK || c === TILDE) return true;
  }
  return false;
}

/** The report's fenced blocks whose info string starts with `json`, in order. */
export function jsonFencedBlocks(text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const span: LineSpan = { start: 0, end: 0, next: 0 };
  let lineIndex = 0;
  for (let at = 0; at <= text.length; lineIndex++) {
    lineAt(text, at, span);
    at = span.next;
    const open = mayBeFence(text, span) ? FENCE_OPEN.exec(text.slice(span.start, span.end)) : null;
    if (!open) continue;
    const fence = open[1] as string;
    const info = (open[2] as string).trim();
    const openIndex = lineIndex;
    const bodyStart = at;
    let bodyEnd = bodyStart; // The end of the last body line's content.
    let bodyLines = 0;
    // Up to the closing fence, or the end of the text when there is none.
    for (; at <= text.length;) {
      lineAt(text, at, span);
      lineIndex++;
      at = span.next;
      const close = mayBeFence(text, span) ? FENCE_CLOSE.exec(text.slice(span.start, span.end)) : null;
      const mark = close?.[1];
      if (mark !== undefined && mark[0] === fence[0] && mark.length >= fence.length) break;
      bodyEnd = span.end;
      bodyLines++;
    }
    if (!/^json\b/i.test(info)) continue;
    const body = bodyLines === 0 ? '' : joinedLines(text, bodyStart, bodyEnd);
    blocks.push({ info, body, line: openIndex + 2 });
  }
  return blocks;
}
