/**
 * The History chart's data for uPlot, pure: the points of `chartModel` (at most one
 * per pixel column, so 50,000 snapshots draw ~1,000 points) as aligned time/bytes series, the
 * truncated renders as a series of their own, the budget steps in time, and the time labels in
 * the UI language (where the ticks fall is chart-ticks.ts).
 */
import type { SnapshotSummary } from '../../../../shared/history/history-types';
import type { Language } from '../../../../shared/api';
import type { ChartJump } from './chart-jumps';
import { largestJumps } from './chart-jumps';
import { chartModel } from './history-rows';

/** One level of the budget line, in epoch seconds (uPlot's time unit). */
export interface BudgetLevel {
  readonly from: number;
  readonly to: number;
  readonly bytes: number;
}

/** What the chart draws; index `i` of every array is one point. */
export interface ChartSeries {
  /** Epoch seconds, ascending. */
  readonly xs: number[];
  readonly bytes: number[];
  /** The point's bytes where the render was truncated, `null` elsewhere (drawn as marks). */
  readonly truncated: (number | null)[];
  /** The snapshot each point stands for (the largest in its pixel column). */
  readonly snapshots: SnapshotSummary[];
  readonly budget: readonly BudgetLevel[];
  readonly maxBytes: number;
  /** The largest growths within a session, over all rows (not only the drawn points). */
  readonly jumps: readonly ChartJump[];
}

/** The series for `columns` pixel columns. */
export function chartSeries(
  rows: readonly SnapshotSummary[],
  today: number | null,
  columns: number,
): ChartSeries {
  const width = Math.max(1, Math.floor(columns));
  const model = chartModel(rows, today, width, 1);
  const xs: number[] = [];
  const bytes: number[] = [];
  const truncated: (number | null)[] = [];
  const snapshots: SnapshotSummary[] = [];
  for (const p of model.points) {
    const s = p.snapshot;
    if (s.columns.contextBytes === null) continue;
    xs.push(s.time / 1000);
    bytes.push(s.columns.contextBytes);
    truncated.push(p.truncated ? s.columns.contextBytes : null);
    snapshots.push(s);
  }
  const span = Math.max(1, model.to - model.from);
  const timeOf = (x: number): number => (model.from + (x / width) * span) / 1000;
  const budget = model.budget.map((b) => ({ from: timeOf(b.x1), to: timeOf(b.x2), bytes: b.bytes }));
  return { xs, bytes, truncated, snapshots, budget, maxBytes: model.maxBytes, jumps: largestJumps(rows) };
}

const DAY = 24 * 3600;

/**
 * Tick labels of the time axis in the UI language: the time of day over a span under two
 * days, else the date (`Nov 30` / `11月30日`), the year added over a span of a year.
 */
export function timeTickFormatter(language: Language, spanSeconds: number): (epochSeconds: number) => string {
  const options: Intl.DateTimeFormatOptions =
    spanSeconds < 2 * DAY
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : spanSeconds < 365 * DAY
        ? { month: 'short', day: 'numeric' }
        : { year: 'numeric', month: 'short' };
  const format = new Intl.DateTimeFormat(language, options);
  return (s) => format.format(new Date(s * 1000));
}

/**
 * The labels of the time axis' ticks: under two days each is the time of day, the first one
 * and the first of each new day prefixed with the date, so a day-and-a-half history still says
 * which day it is (`Nov 30 08:00 | 10:00 | … | Dec 1 00:00`).
 */
export function timeTicks(language: Language, splits: readonly number[], spanSeconds: number): string[] {
  if (spanSeconds >= 2 * DAY) {
    const format = timeTickFormatter(language, spanSeconds);
    return splits.map((s) => format(s));
  }
  const time = timeTickFormatter(language, 0);
  const date = timeTickFormatter(language, 10 * DAY);
  let day = '';
  return splits.map((s) => {
    const d = date(s);
    const label = d === day ? time(s) : `${d} ${time(s)}`;
    day = d;
    return label;
  });
}

/** The tooltip's time: date and time to the second, in the UI language. */
export function tooltipTime(language: Language, epochSeconds: number): string {
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(epochSeconds * 1000));
}
