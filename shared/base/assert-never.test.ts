import { describe, expect, it } from 'vitest';
import { assertNever } from './assert-never';

describe('assertNever', () => {
  it('throws, naming the value, when a value the types ruled out arrives at run time', () => {
    expect(() => assertNever('surprise' as never)).toThrow('unexpected value: "surprise"');
  });
});
