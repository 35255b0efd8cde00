import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_QUIET_MS, createBurstCollector, quietPeriod } from './coalesce';

afterEach(() => {
  vi.useRealTimers();
});

describe('burst collector', () => {
  it('turns 1,000 events into one call with the distinct paths', () => {
    vi.useFakeTimers();
    const bursts: (readonly string[])[] = [];
    const c = createBurstCollector(60, (p) => bursts.push(p));
    for (let i = 0; i < 1000; i++) {
      c.add(`/k/rules/${i % 500}.md`);
      vi.advanceTimersByTime(1);
    }
    expect(bursts).toHaveLength(0);
    // The loop already advanced 1 ms past the last event.
    vi.advanceTimersByTime(quietPeriod(60, 500) - 2);
    expect(bursts).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(bursts).toHaveLength(1);
    expect(bursts[0]).toHaveLength(500);
  });

  it('a single edit waits the base delay; a big burst waits longer, up to a cap', () => {
    expect(quietPeriod(60, 1)).toBe(60);
    expect(quietPeriod(60, 2)).toBe(60);
    expect(quietPeriod(60, 3)).toBe(240);
    expect(quietPeriod(60, 250)).toBe(360);
    expect(quietPeriod(60, 100_000)).toBe(MAX_QUIET_MS);
  });

  it('a batch gap longer than the base delay does not split a big burst', () => {
    vi.useFakeTimers();
    const bursts: (readonly string[])[] = [];
    const c = createBurstCollector(60, (p) => bursts.push(p));
    for (let i = 0; i < 256; i++) c.add(`/k/rules/${i}.md`);
    vi.advanceTimersByTime(150); // chokidar's next batch arrives late on a busy machine
    for (let i = 256; i < 512; i++) c.add(`/k/rules/${i}.md`);
    vi.advanceTimersByTime(MAX_QUIET_MS);
    expect(bursts).toHaveLength(1);
    expect(bursts[0]).toHaveLength(512);
  });

  it('a quiet gap separates two bursts', () => {
    vi.useFakeTimers();
    const bursts: (readonly string[])[] = [];
    const c = createBurstCollector(60, (p) => bursts.push(p));
    c.add('/a');
    vi.advanceTimersByTime(100);
    c.add('/b');
    vi.advanceTimersByTime(100);
    expect(bursts).toEqual([['/a'], ['/b']]);
  });

  it('dispose drops pending paths without calling back', () => {
    vi.useFakeTimers();
    const onBurst = vi.fn();
    const c = createBurstCollector(60, onBurst);
    c.add('/a');
    c.dispose();
    vi.advanceTimersByTime(100);
    expect(onBurst).not.toHaveBeenCalled();
  });
});
