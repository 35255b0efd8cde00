/**
 * The budget picture above the Timeline's rows: the total budget in bytes and in
 * files as stacked bars, one segment per loaded section in merged order, the point where the
 * total gate cut (docs/engine.md §7) and the headroom left.
 */
import type { RenderReport } from '../../../../shared/engine';

/** One loaded section's share of an axis (or a run of sections too thin to draw one by one). */
export interface BudgetSegment {
  /** The section, or the first of a run. */
  readonly id: string;
  /** Every section of the segment: one, or a run of thin ones. */
  readonly ids: readonly string[];
  readonly tint: number;
  readonly start: number;
  readonly size: number;
}

/** Thinner than this share of the bar, consecutive segments are drawn as one (a 1,000-section kit). */
export const MIN_SEGMENT_SHARE = 0.003;

/**
 * Merges runs of consecutive segments thinner than `minSize` into one segment each, so a bar
 * stays readable and light with hundreds of sections. A merged run has tint -1 (neutral).
 */
export function compactSegments(segments: readonly BudgetSegment[], minSize: number): BudgetSegment[] {
  const out: BudgetSegment[] = [];
  let run: BudgetSegment[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    const first = run[0] as BudgetSegment;
    const last = run[run.length - 1] as BudgetSegment;
    out.push(
      run.length === 1
        ? first
        : {
            id: first.id,
            ids: run.flatMap((r) => r.ids),
            tint: -1,
            start: first.start,
            size: last.start + last.size - first.start,
          },
    );
    run = [];
  };
  for (const seg of segments) {
    if (seg.size >= minSize) {
      flush();
      out.push(seg);
      continue;
    }
    run.push(seg);
    const first = run[0] as BudgetSegment;
    if (seg.start + seg.size - first.start >= minSize) flush();
  }
  flush();
  return out;
}

/** Where the total gate stopped loading. */
export interface BudgetCut {
  /** The section that did not fit (the first over-total one). */
  readonly id: string;
  /** Running total when it was stopped. */
  readonly at: number;
  /** What it would have added on this axis. */
  readonly need: number;
  /** What was left on this axis (`max − at`). */
  readonly left: number;
  /** `true` when this axis is one the section broke (the limit it crossed). */
  readonly crossed: boolean;
}

/** One axis (bytes or files) of the total budget. */
export interface BudgetAxis {
  readonly max: number;
  readonly used: number;
  /** `max − used`: room left for later sections. */
  readonly headroom: number;
  readonly segments: readonly BudgetSegment[];
  readonly cut: BudgetCut | null;
  /** The length the bar is drawn against: the max, or more when the cut section overflows it. */
  readonly scale: number;
}

/** Both axes of the total budget. */
export interface BudgetPicture {
  readonly bytes: BudgetAxis;
  readonly files: BudgetAxis;
  /** Ids the gate stopped, in merged order. */
  readonly overTotal: readonly string[];
}

/** The budget picture of a render. */
export function budgetPicture(report: RenderReport): BudgetPicture {
  const { maxBytes, maxFiles } = report.totals;
  const bytes: BudgetSegment[] = [];
  const files: BudgetSegment[] = [];
  let atBytes = 0;
  let atFiles = 0;
  let tint = 0;
  for (const s of report.sections) {
    const t = s.span === null ? -1 : tint++;
    if (s.status !== 'ok') continue;
    const nFiles = s.files.length;
    bytes.push({ id: s.id, ids: [s.id], tint: t, start: atBytes, size: s.bytes });
    files.push({ id: s.id, ids: [s.id], tint: t, start: atFiles, size: nFiles });
    atBytes += s.bytes;
    atFiles += nFiles;
  }
  const first = report.sections.find((s) => s.status === 'over-total' && s.overTotal !== null);
  const o = first?.overTotal ?? null;
  const cutOf = (axis: 'bytes' | 'files', max: number): BudgetCut | null => {
    if (first === undefined || o === null) return null;
    const at = axis === 'bytes' ? o.bytesBefore : o.filesBefore;
    const need = axis === 'bytes' ? o.bytes : o.files;
    return { id: first.id, at, need, left: max - at, crossed: o.limit === axis || o.limit === 'both' };
  };
  const axis = (max: number, used: number, segments: BudgetSegment[], cut: BudgetCut | null): BudgetAxis => {
    const scale = Math.max(max, used, cut === null ? 0 : cut.at + cut.need, 1);
    return {
      max,
      used,
      headroom: max - used,
      segments: compactSegments(segments, scale * MIN_SEGMENT_SHARE),
      cut,
      scale,
    };
  };
  return {
    bytes: axis(maxBytes, atBytes, bytes, cutOf('bytes', maxBytes)),
    files: axis(maxFiles, atFiles, files, cutOf('files', maxFiles)),
    overTotal: report.totals.overTotal,
  };
}
