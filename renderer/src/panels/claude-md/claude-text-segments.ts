/**
 * Cuts the assembled CLAUDE.md text into runs, each tagged with the file whose block covers
 * it, so every block can be tinted like the ECK Context tab's sections.
 */
import type { ClaudeMdReport } from '../../../../shared/claude-md/types';

/** A run of the assembled text: the instruction prompt and separators, or one file's block. */
export interface ClaudeTextSegment {
  readonly text: string;
  /** Index of the file in `report.files`, or `null` for the prompt and the gaps. */
  readonly file: number | null;
  /** Tint index among the contributing files; -1 for the prompt and the gaps. */
  readonly tint: number;
}

/** The runs of `report.context`, in text order. */
export function claudeTextSegments(report: ClaudeMdReport): ClaudeTextSegment[] {
  const context = report.context;
  const blocks = report.files
    .filter((f) => f.span !== null)
    .map((f, tint) => ({ file: f.index, tint, start: f.span?.start ?? 0, end: f.span?.end ?? 0 }))
    .sort((a, b) => a.start - b.start);
  const segments: ClaudeTextSegment[] = [];
  let at = 0;
  for (const block of blocks) {
    const start = Math.max(block.start, at);
    const end = Math.min(block.end, context.length);
    if (end <= start) continue;
    if (start > at) segments.push({ text: context.slice(at, start), file: null, tint: -1 });
    segments.push({ text: context.slice(start, end), file: block.file, tint: block.tint });
    at = end;
  }
  if (at < context.length) segments.push({ text: context.slice(at), file: null, tint: -1 });
  return segments;
}
