/**
 * Limits on the shape of any API input, checked before its schema. Without them a
 * caller could hand over vars nested 10,000 deep: accepted, and from then on every answer that
 * carries them overflows the stack while being serialised.
 *
 * The walk is iterative, so checking a deep value cannot overflow the stack itself.
 */

/** Deepest nesting of objects and arrays accepted (real vars files nest a handful of levels). */
export const MAX_INPUT_DEPTH = 64;

/** Longest string accepted (the largest field, an override text, is 2 MiB). */
export const MAX_INPUT_STRING = 4 * 1024 * 1024;

/** Most values (objects, arrays, strings, numbers…) in one input. */
export const MAX_INPUT_NODES = 1_000_000;

/** Limits, overridable in tests. */
export interface InputLimits {
  readonly maxDepth: number;
  readonly maxString: number;
  readonly maxNodes: number;
}

/** The limits of the API. */
export const INPUT_LIMITS: InputLimits = {
  maxDepth: MAX_INPUT_DEPTH,
  maxString: MAX_INPUT_STRING,
  maxNodes: MAX_INPUT_NODES,
};

/** `null` when `value` is within the limits, else what is wrong, in words. */
export function inputLimitProblem(value: unknown, limits: InputLimits = INPUT_LIMITS): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop() as { value: unknown; depth: number };
    if (++nodes > limits.maxNodes) return `more than ${limits.maxNodes} values`;
    if (typeof v === 'string') {
      if (v.length > limits.maxString) return `a string longer than ${limits.maxString} characters`;
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels`;
    const children = Array.isArray(v) ? (v as unknown[]) : Object.values(v);
    if (!Array.isArray(v)) {
      for (const key of Object.keys(v)) {
        if (key.length > limits.maxString) return `a key longer than ${limits.maxString} characters`;
      }
    }
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return null;
}
