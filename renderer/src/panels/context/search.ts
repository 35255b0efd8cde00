/**
 * Search in the context text and the runs the Context tab draws: each run belongs to a
 * section (or the wrapper), may be a search match, and the cache-prefix offset cuts a run so
 * the marker sits exactly there.
 */
import type { ContextSegment } from './context-segments';

/** A match of the search: `[start, end)` in the context. */
export interface Match {
  readonly start: number;
  readonly end: number;
}

/** At most this many matches are marked (the count still says how many). */
export const MAX_MARKED = 2000;

/** Case-insensitive occurrences of `query` in `text`, not overlapping. */
export function findMatches(text: string, query: string): { matches: Match[]; total: number } {
  if (query === '') return { matches: [], total: 0 };
  const hay = text.toLowerCase();
  const needle = query.toLowerCase();
  const matches: Match[] = [];
  let total = 0;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
    total++;
    if (matches.length < MAX_MARKED) matches.push({ start: at, end: at + needle.length });
  }
  return { matches, total };
}

/** One drawn run of the context. */
export interface ContextRun {
  readonly start: number;
  readonly text: string;
  readonly section: string | null;
  readonly tint: number;
  /** Index of the match this run is part of, or -1. */
  readonly match: number;
  /** `true` for the run that starts at the cache-prefix offset (the marker goes before it). */
  readonly markerBefore: boolean;
}

/** Cuts the segments at match boundaries and at the marker offset. */
export function contextRuns(
  segments: readonly ContextSegment[],
  matches: readonly Match[],
  marker: number | null,
): ContextRun[] {
  const cuts = new Set<number>();
  for (const m of matches) {
    cuts.add(m.start);
    cuts.add(m.end);
  }
  if (marker !== null) cuts.add(marker);
  const sorted = [...cuts].sort((a, b) => a - b);
  const runs: ContextRun[] = [];
  let at = 0;
  let ci = 0;
  let mi = 0;
  for (const seg of segments) {
    const end = at + seg.text.length;
    let from = at;
    while (ci < sorted.length && (sorted[ci] ?? 0) <= at) ci++;
    const push = (to: number): void => {
      while (mi < matches.length && (matches[mi]?.end ?? 0) <= from) mi++;
      const m = matches[mi];
      const inMatch = m !== undefined && m.start <= from && from < m.end;
      runs.push({
        start: from,
        text: seg.text.slice(from - at, to - at),
        section: seg.section,
        tint: seg.tint,
        match: inMatch ? mi : -1,
        markerBefore: marker === from,
      });
      from = to;
    };
    while (ci < sorted.length && (sorted[ci] ?? 0) < end) push(sorted[ci++] as number);
    if (from < end) push(end);
    at = end;
  }
  return runs;
}
