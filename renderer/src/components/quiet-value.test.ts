import { describe, expect, it } from 'vitest';
import { quietShowAt } from './quiet-value';

const timing = { idleMs: 2000, everyMs: 2000, afterMs: 300 };

/** Shows a run of changes at the given times; answers when each shown value was shown. */
function shownTimes(changes: readonly number[]): number[] {
  const shown: number[] = [];
  let previous: number | null = null;
  let lastShown = 0;
  changes.forEach((now, i) => {
    const at = quietShowAt(now, previous, lastShown, timing);
    previous = now;
    const next = changes[i + 1];
    // A later change asked before this one was shown replaces it.
    if (next !== undefined && next < at) return;
    shown.push(at);
    lastShown = at;
  });
  return shown;
}

describe('quietShowAt', () => {
  it('shows the first change, and one after a quiet spell, at once', () => {
    expect(quietShowAt(1000, null, 0, timing)).toBe(1000);
    expect(quietShowAt(9000, 6000, 6000, timing)).toBe(9000);
  });

  it('shows a burst at most every two seconds, its last change a moment after it', () => {
    // A listing in parts 1.2 s apart (2M archived rows), the first after a quiet spell.
    const parts = [0, 1200, 2400, 3600, 4800, 6000, 7200];
    const shown = shownTimes(parts);
    expect(shown[0]).toBe(0);
    for (let i = 1; i < shown.length; i++)
      expect((shown[i] as number) - (shown[i - 1] as number)).toBeGreaterThanOrEqual(2000);
    // Five shows for seven parts, and the last part shown, not before 300 ms after it.
    expect(shown).toEqual([0, 2000, 4000, 6000, 8000]);
  });

  it('never shows a change in a burst sooner than afterMs after it', () => {
    // The value shown last changed long ago, but the one before came just now: still a burst.
    expect(quietShowAt(10_000, 9500, 0, timing)).toBe(10_300);
  });
});
