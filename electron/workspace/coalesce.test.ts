import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBurstCollector } from './coalesce';

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
    vi.advanceTimersByTime(60);
    expect(bursts).toHaveLength(1);
    expect(bursts[0]).toHaveLength(500);
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
