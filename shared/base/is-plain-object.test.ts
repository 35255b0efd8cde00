import { describe, expect, it } from 'vitest';
import { isPlainObject } from './is-plain-object';

describe('isPlainObject', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [null, false],
    [[], false],
    ['{}', false],
    [1, false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(isPlainObject(value)).toBe(expected);
  });
});
