import { describe, expect, it } from 'vitest';
import { debounceDelay, RecentRenderTimes, RenderScheduler } from './render-scheduler';

function fakeClock() {
  let now = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    clock: {
      setTimeout: (fn: () => void, ms: number) => {
        const id = nextId++;
        timers.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimeout: (id: unknown) => {
        const i = timers.findIndex((t) => t.id === id);
        if (i >= 0) timers.splice(i, 1);
      },
    },
    advance(ms: number) {
      now += ms;
      for (const t of [...timers].sort((a, b) => a.at - b.at)) {
        if (t.at <= now) {
          timers.splice(timers.indexOf(t), 1);
          t.fn();
        }
      }
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('debounce', () => {
  it('none for fast renders, proportional and capped for slow ones', () => {
    expect(debounceDelay(null)).toBe(0);
    expect(debounceDelay(1.2)).toBe(0);
    expect(debounceDelay(15.9)).toBe(0);
    expect(debounceDelay(20)).toBe(40);
    expect(debounceDelay(5000)).toBe(300);
  });
});

describe('recent render times', () => {
  it('one slow render among fast ones does not start debouncing; a slow kit does', () => {
    const times = new RecentRenderTimes();
    expect(times.median()).toBeNull();
    for (const ms of [1.5, 2, 45, 1.8, 2.2]) times.push(ms);
    expect(debounceDelay(times.median())).toBe(0);
    for (const ms of [67, 70, 66]) times.push(ms);
    expect(times.median()).toBe(66);
    expect(debounceDelay(times.median())).toBe(132);
  });
});

describe('RenderScheduler', () => {
  it('sends at once after fast renders, one at a time, and the newest value wins', async () => {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const t = fakeClock();
    const s = new RenderScheduler<string>(
      (v) => {
        sent.push(v);
        return new Promise<void>((r) => (release = r));
      },
      () => 1,
      t.clock,
    );
    s.request('a');
    expect(sent).toEqual(['a']);
    s.request('ab');
    s.request('abc');
    expect(sent).toEqual(['a']); // in flight: queued, collapsed
    release();
    await tick();
    expect(sent).toEqual(['a', 'abc']);
    release();
    await tick();
    expect(s.busy).toBe(false);
  });

  it('waits after a slow render, and restarts the wait on each edit', async () => {
    const sent: string[] = [];
    const t = fakeClock();
    const s = new RenderScheduler<string>(
      async (v) => {
        sent.push(v);
      },
      () => 50,
      t.clock,
    );
    s.request('a');
    t.advance(60);
    s.request('ab');
    t.advance(60);
    expect(sent).toEqual([]);
    t.advance(40);
    expect(sent).toEqual(['ab']);
    await tick();
    s.request('x');
    s.cancel();
    t.advance(500);
    expect(sent).toEqual(['ab']);
  });
});
