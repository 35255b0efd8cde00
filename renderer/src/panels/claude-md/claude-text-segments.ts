/**
 * Cuts the assembled CLAUDE.md text into runs, each tagged with the file whose block covers
 * it, so every block can be tinted like the ECK Context tab's sections.
 */
import type { ClaudeMdReport } from '../../../../shared/claude-md/types';
import { cutAtSpans } from '../../format/span-cut';

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
  const runs = cutAtSpans(
    report.context,
    report.files.map((f) => ({ key: f.index, span: f.span })),
  );
  return runs.map((run) => ({ text: run.text, file: run.key, tint: run.tint }));
}
