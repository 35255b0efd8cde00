import { describe, expect, it } from 'vitest';
import { rowKeyAction } from './row-keys';

describe('rowKeyAction', () => {
  it.each<[string, number, number, unknown]>([
    ['ArrowDown', -1, 5, { kind: 'move', index: 0 }],
    ['ArrowDown', 2, 5, { kind: 'move', index: 3 }],
    ['ArrowDown', 4, 5, { kind: 'move', index: 4 }],
    ['ArrowUp', 0, 5, { kind: 'move', index: 0 }],
    ['ArrowUp', -1, 5, { kind: 'move', index: 4 }],
    ['PageDown', 0, 1000, { kind: 'move', index: 10 }],
    ['End', 0, 1000, { kind: 'move', index: 999 }],
    ['Home', 500, 1000, { kind: 'move', index: 0 }],
    ['Enter', 3, 5, { kind: 'open', index: 3 }],
    ['Enter', -1, 5, { kind: 'none' }],
    ['/', 3, 5, { kind: 'search' }],
    ['/', -1, 0, { kind: 'search' }],
    ['ArrowDown', -1, 0, { kind: 'none' }],
    ['Escape', 2, 5, { kind: 'close' }],
    ['x', 2, 5, { kind: 'none' }],
  ])('%s at %d of %d', (key, index, count, expected) => {
    expect(rowKeyAction(key, index, count)).toEqual(expected);
  });
});
