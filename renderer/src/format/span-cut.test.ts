import { describe, expect, it } from 'vitest';
import { cutAtSpans } from './span-cut';

const span = (start: number, end: number) => ({ start, end });

describe('cutAtSpans', () => {
  it('cuts gaps and blocks in text order, tinting by index among the items with a span', () => {
    const runs = cutAtSpans('<a>AAA BB</a>', [
      { key: 'b', span: span(7, 9) },
      { key: 'none', span: null },
      { key: 'a', span: span(3, 6) },
    ]);
    expect(runs).toEqual([
      { text: '<a>', key: null, tint: -1 },
      { text: 'AAA', key: 'a', tint: 1 },
      { text: ' ', key: null, tint: -1 },
      { text: 'BB', key: 'b', tint: 0 },
      { text: '</a>', key: null, tint: -1 },
    ]);
  });

  it('never repeats or loses a character when spans overlap or run past the text', () => {
    const text = 'abcdef';
    const runs = cutAtSpans(text, [
      { key: 1, span: span(0, 4) },
      { key: 2, span: span(2, 99) },
      { key: 3, span: span(50, 60) },
    ]);
    expect(runs.map((r) => r.text).join('')).toBe(text);
    expect(runs.map((r) => r.key)).toEqual([1, 2]);
  });
});
