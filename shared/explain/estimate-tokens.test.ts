import { describe, expect, it } from 'vitest';
import { estimateTokens } from './estimate-tokens';

describe('estimateTokens', () => {
  it.each([
    ['', 0],
    ['abcd', 1],
    ['abcde', 2],
    ['核心规则', 4],
    ['规则 rule', 2 + 2],
    ['。，', 2],
  ])('%j ≈ %d', (text, n) => {
    expect(estimateTokens(text)).toBe(n);
  });
});
