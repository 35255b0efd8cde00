/**
 * Splits the context text into runs, each tagged with the section whose span covers it, so the
 * Context tab can tint every block by its section (docs/design.md §Panels: Context).
 */
import type { SectionReport } from '../../../../shared/engine';
import { cutAtSpans } from '../../format/span-cut';

/** A run of the context: plain (wrapper lines) or belonging to one section. */
export interface ContextSegment {
  readonly text: string;
  /** Section id, or null for the `<system-reminder>` wrapper, the gaps and the total note. */
  readonly section: string | null;
  /** Index of the section among the loaded ones, for the tint colour. */
  readonly tint: number;
}

/** Cuts `context` at the spans of the loaded sections, in text order. */
export function contextSegments(context: string, sections: readonly SectionReport[]): ContextSegment[] {
  const runs = cutAtSpans(
    context,
    sections.map((s) => ({ key: s.id, span: s.span })),
  );
  return runs.map((run) => ({ text: run.text, section: run.key, tint: run.tint }));
}
