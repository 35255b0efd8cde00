/**
 * The `json` fenced blocks of a manifest report, found in one scan of its text: the same blocks
 * as `fencedBlocks(splitLines(text))` filtered to a `json` info string, without building the
 * lines or the bodies of the blocks thrown away. The scan jumps from one run of three fence
 * characters to the next (most of a report is prose and tables), and only such lines are cut
 * out and tried against the fence patterns.
 */
import { FENCE_CLOSE, FENCE_OPEN } from './parse-report-markdown';
import type { FencedBlock } from './parse-report-markdown';
import { joinedLines, lineAt } from './report-lines';
import type { LineSpan } from './report-lines';

const BACKTICK = 0x60;
const TILDE = 0x7e;

/**
 * Whether the line may be a fence at all: both fence patterns allow at most three whitespace
 * characters before the fence, so a fence character is among the first four.
 */
function mayBeFence(text: string, span: LineSpan): boolean {
  const stop = Math.min(span.start + 4, span.end);
  for (let k = span.start; k < stop; k++) {
    const c = text.charCodeAt(k);
    if (c === BACKTICK || c === TILDE) return true;
  }
  return false;
}

/** Where the next run of `run` at or after `from` is, as the index, or the text's end + 1. */
function nextRun(text: string, run: string, from: number): number {
  const at = text.indexOf(run, from);
  return at < 0 ? text.length + 1 : at;
}

/** Counts line breaks, remembering how far it got: line numbers only grow during a scan. */
class LineCounter {
  private at = 0;
  private lines = 0;

  constructor(private readonly text: string) {}

  /** The 0-based index of the line that starts at `start`. */
  indexOf(start: number): number {
    for (
      let nl = this.text.indexOf('\n', this.at);
      nl >= 0 && nl < start;
      nl = this.text.indexOf('\n', this.at)
    ) {
      this.lines++;
      this.at = nl + 1;
    }
    return this.lines;
  }
}

/**
 * The next line at or after `from` that may be a fence of `runs` (the runs the fence may be made
 * of), into `span`; `false` when there is none. Every fence line holds one of the runs, so a
 * line without one is skipped unread.
 */
function nextCandidate(text: string, runs: readonly string[], from: number, span: LineSpan): boolean {
  for (let at = from; at <= text.length;) {
    let hit = text.length + 1;
    for (const run of runs) hit = Math.min(hit, nextRun(text, run, at));
    if (hit > text.length) return false;
    const start = text.lastIndexOf('\n', hit - 1) + 1;
    lineAt(text, Math.max(start, at), span);
    if (mayBeFence(text, span)) return true;
    at = span.next;
  }
  return false;
}

const OPEN_RUNS = ['```', '~~~'];

/** The report's fenced blocks whose info string starts with `json`, in order. */
export function jsonFencedBlocks(text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const span: LineSpan = { start: 0, end: 0, next: 0 };
  const counter = new LineCounter(text);
  for (let at = 0; nextCandidate(text, OPEN_RUNS, at, span);) {
    at = span.next;
    const open = FENCE_OPEN.exec(text.slice(span.start, span.end));
    if (!open) continue;
    const fence = open[1] as string;
    const info = (open[2] as string).trim();
    const openStart = span.start;
    const bodyStart = at;
    // The body ends where the closing fence's line starts, or at the end of the text.
    let bodyEnd = text.length;
    const closeRuns = [fence.slice(0, 3)];
    let closed = false;
    while (!closed && nextCandidate(text, closeRuns, at, span)) {
      at = span.next;
      const mark = FENCE_CLOSE.exec(text.slice(span.start, span.end))?.[1];
      closed = mark !== undefined && mark[0] === fence[0] && mark.length >= fence.length;
      if (closed) bodyEnd = span.start;
    }
    if (!closed) at = text.length + 1;
    if (!/^json\b/i.test(info)) continue;
    blocks.push({
      info,
      body: bodyOf(text, bodyStart, bodyEnd, closed),
      line: counter.indexOf(openStart) + 2,
    });
  }
  return blocks;
}

/**
 * The lines from `start` up to the closing fence's line at `end` (or the end of the text when
 * the block is not closed), joined by `\n`: the closing line's own break is not part of it.
 */
function bodyOf(text: string, start: number, end: number, closed: boolean): string {
  if (start > text.length || (closed && end <= start)) return '';
  if (!closed) return joinedLines(text, start, end);
  // `end` is just past the break before the closing line: drop that break (`\n` or `\r\n`).
  const breakAt = end - 1;
  const contentEnd = breakAt > start && text.charCodeAt(breakAt - 1) === 0x0d ? breakAt - 1 : breakAt;
  return joinedLines(text, start, contentEnd);
}
