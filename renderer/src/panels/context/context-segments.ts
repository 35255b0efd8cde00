/**
 * Splits the context text into runs, each tagged with the section whose span covers it, so the
 * Context tab can tint every block by its section (DESIGN.md, Panels: Context).
 */
import type { SectionReport } from '../../../../shared/engine';

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
  const spans = sections
    .filter((s) => s.span !== null)
    .map((s, i) => ({ id: s.id, tint: i, start: s.span?.start ?? 0, end: s.span?.end ?? 0 }))
    .sort((a, b) => a.start - b.start);
  const segments: ContextSegment[] = [];
  let at = 0;
  for (const span of spans) {
    const start = Math.max(span.start, at);
    const end = Math.min(span.end, context.length);
    if (end <= start) continue;
    if (start > at) segments.push({ text: context.slice(at, start), section: null, tint: -1 });
    segments.push({ text: context.slice(start, end), section: span.id, tint: span.tint });
    at = end;
  }
  if (at < context.length) segments.push({ text: context.slice(at), section: null, tint: -1 });
  return segments;
}
