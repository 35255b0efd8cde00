import { describe, expect, it } from 'vitest';
import { createDeferredSync } from './deferred-sync';

/** A clock whose timers run when the test says. */
function manualClock() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  return {
    clock: {
      setTimeout: (fn: () => void, ms: number): unknown => {
        timers.set(next, { at: now + ms, fn });
        return next++;
      },
      clearTimeout: (h: unknown): void => void timers.delete(h as number),
    },
    advance(ms: number): void {
      now += ms;
      for (const [h, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(h);
          t.fn();
        }
      }
    },
    pending: (): number => timers.size,
  };
}

describe('the JSON view held back while a form edit renders', () => {
  it('applies at once when nothing is pending', () => {
    const { clock } = manualClock();
    let applied = 0;
    createDeferredSync(() => applied++, clock, 250).update(false);
    expect(applied).toBe(1);
  });

  it('holds while pending and catches up when the render has been answered', () => {
    const t = manualClock();
    let applied = 0;
    const sync = createDeferredSync(() => applied++, t.clock, 250);
    sync.update(true);
    sync.update(true);
    t.advance(100);
    expect(applied).toBe(0);
    sync.update(false);
    expect(applied).toBe(1);
    expect(t.pending()).toBe(0); // The fallback timer went with it.
    t.advance(500);
    expect(applied).toBe(1);
  });

  it('catches up after the longest wait even if the answer never comes, without resetting the wait', () => {
    const t = manualClock();
    let applied = 0;
    const sync = createDeferredSync(() => applied++, t.clock, 250);
    sync.update(true);
    t.advance(200);
    sync.update(true); // Another keystroke: the deadline stays.
    t.advance(60);
    expect(applied).toBe(1);
  });

  it('applies on focus, before the user can type into a stale text', () => {
    const t = manualClock();
    let applied = 0;
    const sync = createDeferredSync(() => applied++, t.clock, 250);
    sync.update(true);
    sync.flush();
    expect(applied).toBe(1);
    t.advance(1000);
    expect(applied).toBe(1);
  });

  it('does nothing after it is disposed', () => {
    const t = manualClock();
    let applied = 0;
    const sync = createDeferredSync(() => applied++, t.clock, 250);
    sync.update(true);
    sync.dispose();
    t.advance(1000);
    expect(applied).toBe(0);
  });
});
