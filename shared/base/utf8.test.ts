import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8';

describe('utf8Length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['中', 3],
    ['😀', 4],
    ['a😀中é', 10],
    ['上下文 a😀', 9 + 2 + 4],
    // A lone surrogate is written as U+FFFD, 3 bytes (what TextEncoder gives).
    ['\ud800', 3],
    ['\ud800a', 4],
    ['\udc00', 3],
  ])('%j → %d', (text, n) => {
    expect(utf8Length(text)).toBe(n);
  });
});
