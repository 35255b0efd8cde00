/**
 * Conditional blocks of a template source, marked kept or dropped from the engine's trace
 * ("the rendered text with the conditional blocks marked kept or dropped"). The trace
 * gives the opening tag's line; the block's end is found by scanning the source for its `{{/}}`.
 */
import type { ConditionalTrace } from '../../../../shared/engine';

/** One conditional block of a file: its lines and whether the render kept it. */
export interface TraceBlock {
  readonly startLine: number;
  readonly endLine: number;
  readonly expression: string;
  readonly key: string;
  readonly actual: unknown;
  /** `kept` / `dropped`, or `mixed` when elements of a loop disagreed. */
  readonly outcome: 'kept' | 'dropped' | 'mixed';
  /** How many evaluations (elements of a loop) kept it, of how many. */
  readonly keptCount: number;
  readonly count: number;
}

const TAG = /\{\{(\?[^}]*|#each\s+[A-Za-z_@.][A-Za-z0-9_.]*|\/each|\/)\}\}/g;

/** Line (1-based) of each offset, by a table of line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The last line of the block whose opening tag `expression` is on `line`. */
export function blockEndLine(source: string, line: number, expression: string): number {
  const starts = lineStarts(source);
  const lineStart = starts[line - 1];
  if (lineStart === undefined) return line;
  const lineEnd = starts[line] ?? source.length;
  const open = source.indexOf(expression, lineStart);
  if (open < 0 || open >= lineEnd) return line;
  const stack: ('?' | 'each')[] = [];
  TAG.lastIndex = open;
  for (let m = TAG.exec(source); m !== null; m = TAG.exec(source)) {
    const body = m[1] ?? '';
    if (body.startsWith('?')) stack.push('?');
    else if (body.startsWith('#each')) stack.push('each');
    else if ((body === '/' && stack.at(-1) === '?') || (body === '/each' && stack.at(-1) === 'each')) {
      stack.pop();
      if (stack.length === 0) return lineAt(starts, m.index);
    }
  }
  return line;
}

/** The conditional blocks of one file, one per opening tag, in line order. */
export function traceBlocks(source: string, trace: readonly ConditionalTrace[], file: string): TraceBlock[] {
  const byTag = new Map<string, ConditionalTrace[]>();
  for (const t of trace) {
    if (t.file !== file) continue;
    const key = `${t.line}\u0000${t.expression}`;
    const list = byTag.get(key);
    if (list === undefined) byTag.set(key, [t]);
    else list.push(t);
  }
  const blocks: TraceBlock[] = [];
  for (const list of byTag.values()) {
    const first = list[0] as ConditionalTrace;
    const keptCount = list.filter((t) => t.kept).length;
    blocks.push({
      startLine: first.line,
      endLine: blockEndLine(source, first.line, first.expression),
      expression: first.expression,
      key: first.key,
      actual: first.actual,
      outcome: keptCount === list.length ? 'kept' : keptCount === 0 ? 'dropped' : 'mixed',
      keptCount,
      count: list.length,
    });
  }
  return blocks.sort((a, b) => a.startLine - b.startLine);
}
