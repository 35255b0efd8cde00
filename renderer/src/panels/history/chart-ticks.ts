/**
 * Where the History chart's axes tick, pure: the byte axis at round values of the one byte
 * unit (1 KB = 1024 bytes, format/bytes.ts), so a 100 KB budget reads 0 · 25 · 50 · 75 · 100 KB
 * and never 48.8 / 97.7 KB; the time axis at round times of day, dates or months, spaced so
 * that no two labels touch in either language (a Chinese date is wider than an English one).
 * uPlot's own choice knows neither the byte unit nor the width of our labels.
 */

const KB = 1024;
const MB = 1024 * 1024;

/** Nice steps within one power of ten: 1, 2, 2.5, 5. */
const NICE = [1, 2, 2.5, 5] as const;

/** The unit the byte axis counts in for a scale reaching `max` bytes. */
function unitFor(max: number): { readonly size: number; readonly name: string } {
  if (max >= MB) return { size: MB, name: 'MB' };
  if (max >= KB) return { size: KB, name: 'KB' };
  return { size: 1, name: 'B' };
}

/** The byte axis' ticks: `value` in bytes, `label` as shown. */
export interface ByteTick {
  readonly value: number;
  readonly label: string;
}

/**
 * Ticks from 0 to at most `max` bytes, at most `maxTicks` above zero, each a multiple of a
 * nice step (1, 2, 2.5 or 5 × 10ⁿ) of the unit; labels carry as many decimals as the step.
 */
export function byteAxisTicks(max: number, maxTicks = 4): ByteTick[] {
  if (!(max > 0)) return [{ value: 0, label: '0' }];
  const unit = unitFor(max);
  const top = max / unit.size;
  let step = 0;
  // Byte counts are whole: under 1 KB the step is at least one byte.
  for (let exp = Math.floor(Math.log10(top / maxTicks)) - 1; step === 0; exp++) {
    for (const n of NICE) {
      const s = n * 10 ** exp;
      if (unit.size === 1 && s < 1) continue;
      if (Math.floor(top / s + 1e-9) <= maxTicks) {
        step = s;
        break;
      }
    }
  }
  const decimals = decimalsOf(step);
  const ticks: ByteTick[] = [];
  for (let i = 0; i * step <= top + 1e-9; i++) {
    const v = i * step;
    ticks.push({
      value: Math.round(v * unit.size),
      label: i === 0 ? '0' : `${v.toFixed(decimals)} ${unit.name}`,
    });
  }
  return ticks;
}

/** Decimals a nice step needs: 25 → 0, 2.5 → 1, 0.25 → 2. */
function decimalsOf(step: number): number {
  for (let d = 0; d < 6; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-9) return d;
  return 6;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** Time steps in seconds; months are counted as calendar months below. */
const TIME_STEPS: readonly number[] = [
  MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
];
const MONTH_STEPS: readonly number[] = [1, 2, 3, 6, 12, 24, 60];

/** Seconds that local time is ahead of UTC at `epochSeconds`. */
function localOffset(epochSeconds: number): number {
  return -new Date(epochSeconds * 1000).getTimezoneOffset() * 60;
}

/** Times in [min, max] at multiples of `step` in local time (midnight-aligned for days). */
function fixedSplits(min: number, max: number, step: number): number[] {
  const out: number[] = [];
  const off = localOffset(min);
  // A week steps from local midnights too; the epoch's weekday is as good an anchor as any.
  for (let t = Math.ceil((min + off) / step) * step - off; t <= max; t += step) {
    // Across a clock change the local hour shifts; re-align each tick to its own offset.
    out.push(t + off - localOffset(t));
  }
  return out;
}

/** The first of each `months`-th month in [min, max], local midnight. */
function monthSplits(min: number, max: number, months: number): number[] {
  const d = new Date(min * 1000);
  let y = d.getFullYear();
  let m = d.getMonth();
  const out: number[] = [];
  // Start at the first month boundary at or after min that is a multiple of `months`.
  m = Math.ceil(m / months) * months;
  for (;;) {
    const t = new Date(y + Math.floor(m / 12), m % 12, 1).getTime() / 1000;
    if (t > max) break;
    if (t >= min) out.push(t);
    m += months;
    if (m >= 12) {
      y += Math.floor(m / 12);
      m %= 12;
    }
  }
  return out;
}

/** Everything the time axis needs to choose its ticks. */
export interface TimeTickInput {
  /** The scale, epoch seconds. */
  readonly min: number;
  readonly max: number;
  /** The plot's width in CSS pixels. */
  readonly width: number;
  /** The labels of a set of ticks (timeTicks in chart-series.ts). */
  readonly labels: (splits: readonly number[]) => readonly string[];
  /** A label's width in CSS pixels, in the axis font. */
  readonly measure: (label: string) => number;
  /** Clear pixels kept between two labels. */
  readonly gap?: number;
}

/**
 * The candidate tick sets, finest first, leaving out any with more ticks than the width holds
 * at even 10 px a label (so a year of history never lists its minutes).
 */
function candidates(input: TimeTickInput): number[][] {
  const { min, max, width, gap = 12 } = input;
  const most = Math.max(2, width / (gap + 10));
  const sets: number[][] = [];
  for (const s of TIME_STEPS) if ((max - min) / s <= most) sets.push(fixedSplits(min, max, s));
  for (const n of MONTH_STEPS) if ((max - min) / (n * 28 * DAY) <= most) sets.push(monthSplits(min, max, n));
  return sets;
}

/** Whether labels centred on their ticks leave `gap` pixels between each pair. */
function fits(splits: readonly number[], input: TimeTickInput): boolean {
  const { min, max, width, gap = 12 } = input;
  const span = max - min;
  if (span <= 0) return true;
  const labels = input.labels(splits);
  const x = (t: number): number => ((t - min) / span) * width;
  for (let i = 1; i < splits.length; i++) {
    const prev = (splits[i - 1] ?? 0) as number;
    const here = (splits[i] ?? 0) as number;
    const half = input.measure(labels[i - 1] ?? '') / 2 + input.measure(labels[i] ?? '') / 2;
    if (x(here) - x(prev) < half + gap) return false;
  }
  return true;
}

/**
 * The densest round tick set whose labels do not collide: times of day under a day's step,
 * local midnights, then calendar months; over a span too short for two round ticks, the one.
 */
export function timeAxisSplits(input: TimeTickInput): number[] {
  const sets = candidates(input).filter((s) => s.length > 0);
  for (const s of sets) if (s.length <= 1 || fits(s, input)) return s;
  return sets.at(-1) ?? [];
}

/** A rough label width for 11 px system-ui text, for tests and before a canvas exists. */
export function estimateLabelWidth(label: string): number {
  let w = 0;
  for (const ch of label) w += /[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 11 : 6.5;
  return w;
}
