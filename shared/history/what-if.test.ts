import { describe, expect, it } from 'vitest';
import type { RenderFacts, SectionFacts } from './section-facts';
import { whatIfChange } from './what-if';

const s = (id: string, loaded: boolean, over: Partial<SectionFacts> = {}): SectionFacts => ({
  id,
  order: null,
  status: loaded ? 'ok' : 'disabled',
  whenResult: null,
  loaded,
  files: 1,
  bytes: 1,
  truncated: false,
  overTotal: false,
  ...over,
});
const f = (sections: SectionFacts[]): RenderFacts => ({
  manifestFile: 'm',
  sessionType: 'main',
  maxFiles: 1,
  maxBytes: 1,
  sections,
});

describe('whatIfChange', () => {
  it('is null when nothing compared changes', () => {
    expect(
      whatIfChange(
        'k',
        { facts: f([s('a', true)]), contextBytes: 5 },
        { facts: f([s('a', true)]), contextBytes: 5 },
      ),
    ).toBeNull();
  });
  it('lists lost and gained sections, truncation and size', () => {
    const c = whatIfChange(
      'k',
      { facts: f([s('a', true), s('b', false)]), contextBytes: 5 },
      { facts: f([s('a', false), s('b', true, { truncated: true })]), contextBytes: 7 },
    );
    expect(c).toEqual({
      key: 'k',
      sectionsLost: ['a'],
      sectionsGained: ['b'],
      truncatedBefore: false,
      truncatedAfter: true,
      bytesBefore: 5,
      bytesAfter: 7,
    });
  });
});
