import { describe, expect, it } from 'vitest';
import { compareContexts } from './compare-contexts';

const ours = 'header\n\nA block\nline a2\n\nB block\nline b2\n\nfooter';

describe('compareContexts', () => {
  it('identical texts are identical, whatever the sections', () => {
    expect(compareContexts(ours, ours, [{ id: 'a', text: 'A block\nline a2' }])).toEqual({
      identical: true,
      lines: 9,
    });
  });

  it('names the first differing line with both sides, and the sections not found verbatim', () => {
    const theirs = ours.replace('line b2', 'line B2');
    const r = compareContexts(theirs === ours ? '' : ours, theirs, [
      { id: 'a', text: 'A block\nline a2' },
      { id: 'b', text: 'B block\nline b2' },
      { id: 'skipped', text: null },
    ]);
    expect(r).toEqual({
      identical: false,
      firstLine: 7,
      oursLine: 'line b2',
      theirsLine: 'line B2',
      sections: ['b'],
      oursLines: 9,
      theirsLines: 9,
    });
  });

  it('a block that goes on on its last line differs: sections are matched as whole lines', () => {
    const theirs = ours.replace('line a2', 'line a2 (changed)');
    const r = compareContexts(ours, theirs, [
      { id: 'a', text: 'A block\nline a2' },
      { id: 'b', text: 'B block\nline b2' },
    ]);
    expect(r).toMatchObject({ identical: false, firstLine: 4, sections: ['a'] });
  });

  it('a text that stops early or goes on says which side has no such line', () => {
    const short = compareContexts(ours, 'header', []);
    expect(short).toMatchObject({ identical: false, firstLine: 2, oursLine: '', theirsLine: null });
    const empty = compareContexts('', 'x', []);
    expect(empty).toMatchObject({
      identical: false,
      firstLine: 1,
      oursLine: '',
      theirsLine: 'x',
      oursLines: 0,
    });
  });
});
