import { describe, expect, it } from 'vitest';
import type { ContextSegment } from './context-segments';
import { contextRuns, findMatches } from './search';

const segs: ContextSegment[] = [
  { text: '<w>', section: null, tint: -1 },
  { text: 'Rules rule', section: 'rules', tint: 0 },
  { text: '</w>', section: null, tint: -1 },
];

describe('findMatches', () => {
  it('finds every occurrence, ignoring case', () => {
    expect(findMatches('Rules rule RULE', 'rule')).toEqual({
      matches: [
        { start: 0, end: 4 },
        { start: 6, end: 10 },
        { start: 11, end: 15 },
      ],
      total: 3,
    });
    expect(findMatches('abc', '')).toEqual({ matches: [], total: 0 });
  });
});

describe('contextRuns', () => {
  it('cuts at matches and keeps the section of each run; the text is unchanged', () => {
    const text = segs.map((s) => s.text).join('');
    const { matches } = findMatches(text, 'rule');
    const runs = contextRuns(segs, matches, null);
    expect(runs.map((r) => r.text).join('')).toBe(text);
    expect(runs.filter((r) => r.match >= 0).map((r) => [r.text, r.section, r.match])).toEqual([
      ['Rule', 'rules', 0],
      ['rule', 'rules', 1],
    ]);
  });

  it('a match across a section boundary is marked in both runs', () => {
    const { matches } = findMatches('<w>Rules rule</w>', 'e</');
    const runs = contextRuns(segs, matches, null);
    expect(runs.filter((r) => r.match === 0).map((r) => [r.text, r.section])).toEqual([
      ['e', 'rules'],
      ['</', null],
    ]);
  });

  it('the marker starts a run at its offset', () => {
    const runs = contextRuns(segs, [], 5);
    const at = runs.find((r) => r.markerBefore);
    expect(at).toMatchObject({ start: 5, text: 'les rule', section: 'rules' });
    expect(runs.map((r) => r.text).join('')).toBe('<w>Rules rule</w>');
  });
});
