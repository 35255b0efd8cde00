import { describe, expect, it } from 'vitest';
import { byteAxisTicks, estimateLabelWidth, timeAxisSplits } from './chart-ticks';
import { timeTicks } from './chart-series';

const KB = 1024;

describe('the byte axis ticks at round values of the unit', () => {
  it.each([
    // A 100 KB budget with the plot's 8 % headroom: quarters of 100 KB, never 48.8 / 97.7.
    [108 * KB, ['0', '25 KB', '50 KB', '75 KB', '100 KB']],
    [40 * KB, ['0', '10 KB', '20 KB', '30 KB', '40 KB']],
    [3 * KB, ['0', '1 KB', '2 KB', '3 KB']],
    [1.6 * KB, ['0', '0.5 KB', '1.0 KB', '1.5 KB']],
    [700, ['0', '200 B', '400 B', '600 B']],
    [3, ['0', '1 B', '2 B', '3 B']],
  ])('up to %d bytes', (max, labels) => {
    const ticks = byteAxisTicks(max);
    expect(ticks.map((t) => t.label)).toEqual(labels);
    expect(ticks.length).toBeLessThanOrEqual(5);
    expect(ticks.at(-1)?.value ?? 0).toBeLessThanOrEqual(max);
    // Every step is the same whole number of bytes.
    const steps = new Set(ticks.slice(1).map((t, i) => t.value - (ticks[i]?.value ?? 0)));
    expect(steps.size).toBe(1);
  });

  it('values are the bytes the labels say', () => {
    expect(byteAxisTicks(108 * KB).map((t) => t.value)).toEqual([0, 25, 50, 75, 100].map((n) => n * KB));
    expect(byteAxisTicks(2.6 * 1024 * KB).map((t) => t.label)).toEqual(['0', '1 MB', '2 MB']);
    expect(byteAxisTicks(0)).toEqual([{ value: 0, label: '0' }]);
  });
});

describe('the time axis spaces its labels by their width', () => {
  const start = new Date(2026, 10, 30, 6, 0, 0).getTime() / 1000;
  const span = 30 * 3600;
  const boxes = (splits: readonly number[], labels: readonly string[], width: number): [number, number][] =>
    splits.map((t, i) => {
      const x = ((t - start) / span) * width;
      const w = estimateLabelWidth(labels[i] ?? '');
      return [x - w / 2, x + w / 2];
    });

  it.each([
    ['en', 1200],
    ['zh-CN', 1200],
    ['zh-CN', 500],
    ['en', 300],
  ] as const)('%s at %d px: round hours, no two labels touching', (language, width) => {
    const labels = (s: readonly number[]): string[] => timeTicks(language, s, span);
    const splits = timeAxisSplits({
      min: start,
      max: start + span,
      width,
      labels,
      measure: estimateLabelWidth,
    });
    expect(splits.length).toBeGreaterThanOrEqual(2);
    for (const t of splits) expect(new Date(t * 1000).getMinutes()).toBe(0);
    const b = boxes(splits, labels(splits), width);
    for (let i = 1; i < b.length; i++)
      expect((b[i]?.[0] ?? 0) - (b[i - 1]?.[1] ?? 0)).toBeGreaterThanOrEqual(12);
  });

  it('a narrower plot or wider labels take a coarser step', () => {
    const labels = (s: readonly number[]): string[] => timeTicks('zh-CN', s, span);
    const count = (width: number, measure: (l: string) => number): number =>
      timeAxisSplits({ min: start, max: start + span, width, labels, measure }).length;
    expect(count(500, estimateLabelWidth)).toBeLessThan(count(1200, estimateLabelWidth));
    expect(count(1200, (l) => 2 * estimateLabelWidth(l))).toBeLessThan(count(1200, estimateLabelWidth));
  });

  it('over months it ticks on the first of a month', () => {
    const from = new Date(2026, 0, 10).getTime() / 1000;
    const to = new Date(2026, 8, 20).getTime() / 1000;
    const splits = timeAxisSplits({
      min: from,
      max: to,
      width: 400,
      labels: (s) => timeTicks('en', s, to - from),
      measure: estimateLabelWidth,
    });
    expect(splits.length).toBeGreaterThanOrEqual(2);
    for (const t of splits) expect(new Date(t * 1000).getDate()).toBe(1);
  });
});
