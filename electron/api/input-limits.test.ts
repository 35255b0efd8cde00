/** Input shape limits: depth, string length, value count; checked without recursion. */
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, inputLimitProblem } from './input-limits';

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { a: v } : [v];
  return v;
}

describe('input limits', () => {
  it('accepts ordinary inputs', () => {
    expect(inputLimitProblem(undefined)).toBeNull();
    expect(inputLimitProblem({ vars: { a: [1, { b: 'x' }] }, sessionType: 'main' })).toBeNull();
    expect(inputLimitProblem(nested(INPUT_LIMITS.maxDepth))).toBeNull();
  });

  it('refuses nesting beyond the limit, even 100,000 deep, without overflowing the stack', () => {
    expect(inputLimitProblem(nested(INPUT_LIMITS.maxDepth + 1))).toMatch(/nested deeper than 64/);
    expect(inputLimitProblem(nested(100_000))).toMatch(/nested deeper/);
  });

  it('refuses strings and keys that are too long, and too many values', () => {
    const limits = { maxDepth: 10, maxString: 5, maxNodes: 10 };
    expect(inputLimitProblem({ a: 'abcdef' }, limits)).toMatch(/string longer than 5/);
    expect(inputLimitProblem({ abcdef: 1 }, limits)).toMatch(/key longer than 5/);
    expect(
      inputLimitProblem(
        Array.from({ length: 20 }, () => 0),
        limits,
      ),
    ).toMatch(/more than 10 values/);
  });
});
