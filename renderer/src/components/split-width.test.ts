import { describe, expect, it } from 'vitest';
import { DEFAULT_DETAIL, MIN_DETAIL, MIN_TABLE, clampSplit, splitKey } from './split-width';

describe('split width', () => {
  it('opens at the default, keeps the pane readable and leaves the table room', () => {
    expect(clampSplit(null, 1280)).toBe(DEFAULT_DETAIL);
    expect(clampSplit(100, 1280)).toBe(MIN_DETAIL);
    expect(clampSplit(5000, 1280)).toBe(1280 - MIN_TABLE);
    expect(clampSplit(Number.NaN, 1280)).toBe(DEFAULT_DETAIL);
    // A window too narrow for both: the pane keeps its minimum, the table scrolls.
    expect(clampSplit(600, 500)).toBe(MIN_DETAIL);
  });

  it('moves with the arrow keys and jumps with Home / End', () => {
    expect(splitKey('ArrowLeft', false, 480, 1280)).toBe(504);
    expect(splitKey('ArrowRight', true, 480, 1280)).toBe(360);
    expect(splitKey('Home', false, 480, 1280)).toBe(1280 - MIN_TABLE);
    expect(splitKey('End', false, 480, 1280)).toBe(MIN_DETAIL);
    expect(splitKey('a', false, 480, 1280)).toBeNull();
  });
});
