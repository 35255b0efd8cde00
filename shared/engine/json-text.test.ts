import { describe, expect, it } from 'vitest';
import { lineColumnAt, parseJsonText } from './json-text';

describe('parseJsonText (errors name line and column)', () => {
  it.each([
    ['{\n  "a": 1,\n}', 3, 1],
    ['{ "a": x }', 1, 8],
    ['', 1, 1],
    ['{\n  "a": [1, 2\n', 3, 1],
  ])('%j fails at %d:%d', (text, line, column) => {
    const r = parseJsonText(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect([r.line, r.column]).toEqual([line, column]);
      expect(r.message).not.toMatch(/position \d+/);
    }
  });

  it('accepts a leading BOM', () => {
    expect(parseJsonText('\ufeff{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('lineColumnAt is 1-based', () => {
    expect(lineColumnAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
