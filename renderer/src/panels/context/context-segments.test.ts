import { describe, expect, it } from 'vitest';
import type { SectionReport } from '../../../../shared/engine';
import { contextSegments } from './context-segments';

const section = (id: string, start: number, end: number): SectionReport =>
  ({ id, span: { start, end } }) as unknown as SectionReport;

describe('context segments', () => {
  it('tags each section span and keeps the wrapper text between them', () => {
    const text = '<w>AAAA\n\nBB</w>';
    const segs = contextSegments(text, [section('b', 9, 11), section('a', 3, 7)]);
    expect(segs.map((s) => [s.text, s.section])).toEqual([
      ['<w>', null],
      ['AAAA', 'a'],
      ['\n\n', null],
      ['BB', 'b'],
      ['</w>', null],
    ]);
    expect(segs.map((s) => s.text).join('')).toBe(text);
  });

  it('returns the whole text as one plain run without spans', () => {
    expect(contextSegments('abc', [])).toEqual([{ text: 'abc', section: null, tint: -1 }]);
  });
});
