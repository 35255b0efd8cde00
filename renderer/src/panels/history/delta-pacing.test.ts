import { describe, expect, it } from 'vitest';
import { IDLE_PER_BUSY, MAX_DELTA_WAIT_MS, MIN_DELTA_WAIT_MS, nextDeltaWait } from './delta-pacing';

describe('the wait between bursts of pushed rows', () => {
  it('stays short while a burst is cheap (a small home updates at once)', () => {
    expect(nextDeltaWait(0)).toBe(MIN_DELTA_WAIT_MS);
    expect(nextDeltaWait(2)).toBe(MIN_DELTA_WAIT_MS);
    expect(nextDeltaWait(Number.NaN)).toBe(MIN_DELTA_WAIT_MS);
  });

  it('grows with what the last burst cost, so applying rows keeps most frames free', () => {
    const cost = 60;
    const wait = nextDeltaWait(cost);
    expect(wait).toBe(cost * IDLE_PER_BUSY);
    // The share of time spent applying: at most 1 in IDLE_PER_BUSY + 1.
    expect(cost / (cost + wait)).toBeLessThanOrEqual(1 / (IDLE_PER_BUSY + 1) + 1e-9);
  });

  it('never waits so long that the rows and progress look stuck', () => {
    expect(nextDeltaWait(10_000)).toBe(MAX_DELTA_WAIT_MS);
  });
});
