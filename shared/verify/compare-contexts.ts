/**
 * Verify's judgement: our context against the one the user's installed engine
 * produced for the same scenario. Identical means byte for byte; otherwise the first line that
 * differs (1-based, both sides' text of it) and which of our sections are not found verbatim in
 * the installed text — the sections to look at first.
 */
import type { RenderReport } from '../engine';

/** One section of our render, as far as the comparison needs it. */
export interface ComparedSection {
  readonly id: string;
  /** Its text in our context (its span), `null` when it put nothing in it. */
  readonly text: string | null;
}

/** The outcome. */
export type ContextComparison =
  | { readonly identical: true; readonly lines: number }
  | {
      readonly identical: false;
      /** 1-based line of the first difference. */
      readonly firstLine: number;
      readonly oursLine: string | null;
      readonly theirsLine: string | null;
      /** Our sections whose text the installed engine's context does not hold. */
      readonly sections: readonly string[];
      readonly oursLines: number;
      readonly theirsLines: number;
    };

/**
 * `true` when `theirs` holds `block` as whole lines: an occurrence that starts a line and ends
 * one (a block followed by more text on its last line — " (changed)" — is a difference).
 */
export function holdsBlock(theirs: string, block: string): boolean {
  for (let at = theirs.indexOf(block); at >= 0; at = theirs.indexOf(block, at + 1)) {
    const end = at + block.length;
    const startsLine = at === 0 || theirs[at - 1] === '\n';
    const endsLine = end === theirs.length || theirs[end] === '\n';
    if (startsLine && endsLine) return true;
  }
  return false;
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}

/** Compares our context (and its sections) with the installed engine's. */
export function compareContexts(
  ours: string,
  theirs: string,
  sections: readonly ComparedSection[],
): ContextComparison {
  if (ours === theirs) return { identical: true, lines: lineCount(ours) };
  const a = ours.split('\n');
  const b = theirs.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return {
    identical: false,
    firstLine: i + 1,
    oursLine: a[i] ?? null,
    theirsLine: b[i] ?? null,
    sections: sections
      .filter((s) => s.text !== null && s.text !== '' && !holdsBlock(theirs, s.text))
      .map((s) => s.id),
    oursLines: lineCount(ours),
    theirsLines: lineCount(theirs),
  };
}

/** Our render (its context, each section by its span) against the installed engine's text. */
export function compareWithReport(report: RenderReport, theirs: string): ContextComparison {
  const sections = report.sections.map((s) => ({
    id: s.id,
    text: s.span === null ? null : report.context.slice(s.span.start, s.span.end),
  }));
  return compareContexts(report.context, theirs, sections);
}
