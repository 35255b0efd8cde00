import { describe, expect, it } from 'vitest';
import { snap } from './test-support/snapshot';
import { chartSeries, timeTickFormatter, timeTicks, tooltipTime } from './chart-series';

describe('the History chart series', () => {
  it('keeps time, bytes and the truncated marks aligned, the budget steps in seconds', () => {
    const rows = [
      snap('a', 1_000_000, { contextBytes: 300, truncated: false, budgetBytes: 1000 }),
      snap('b', 2_000_000, { contextBytes: 900, truncated: true, budgetBytes: 1000 }),
      snap('c', 3_000_000, { contextBytes: null }),
    ];
    const s = chartSeries(rows, 1000, 100);
    expect(s.xs).toEqual([1000, 2000]);
    expect(s.bytes).toEqual([300, 900]);
    expect(s.truncated).toEqual([null, 900]);
    expect(s.snapshots.map((x) => x.key)).toEqual(['a', 'b']);
    expect(s.budget[0]).toMatchObject({ from: 1000, bytes: 1000 });
    expect(s.budget.at(-1)?.to).toBeCloseTo(3000);
  });

  it('draws at most one point per pixel column at 50,000 snapshots', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) =>
      snap(`k${i}`, i * 60_000, { contextBytes: 1000 + (i % 500), truncated: i === 7 }),
    );
    const s = chartSeries(rows, 102_400, 800);
    expect(s.xs.length).toBeLessThanOrEqual(800);
    expect(s.xs.length).toBeGreaterThan(700);
    expect(s.truncated.filter((v) => v !== null)).toHaveLength(1);
  });

  it('labels the axes in the UI language', () => {
    const at = Date.UTC(2026, 10, 30, 12, 0, 0) / 1000;
    expect(timeTickFormatter('en', 10 * 86400)(at)).toBe('Nov 30');
    expect(timeTickFormatter('zh-CN', 10 * 86400)(at)).toBe('11月30日');
    expect(timeTickFormatter('en', 3600)(at)).toMatch(/^\d\d:\d\d$/);
    expect(tooltipTime('zh-CN', at)).toContain('2026');
    // Under two days: times of day, the date on the first tick and where a new day starts.
    const start = new Date(2026, 10, 30, 20, 0, 0).getTime() / 1000;
    const splits = [0, 2, 4, 6].map((h) => start + h * 3600);
    expect(timeTicks('en', splits, 6 * 3600)).toEqual(['Nov 30 20:00', '22:00', 'Dec 1 00:00', '02:00']);
    expect(timeTicks('zh-CN', splits, 6 * 3600)[2]).toBe('12月1日 00:00');
  });
});
