import { describe, expect, it } from 'vitest';
import { matchesGlob } from './glob';

describe('directory glob (§5)', () => {
  it.each([
    ['*.md', 'a.md', true],
    ['*.md', '.md', true],
    ['*.md', 'a.markdown', false],
    ['*.md', 'a.md.bak', false],
    ['*.md', 'A.MD', false],
    ['*', 'anything.txt', true],
    ['0*-core.md', '00-core.md', true],
    ['*.{md,txt}', 'a.txt', true],
    ['*.{md,txt}', 'a.md', true],
    ['*.{md,txt}', 'a.json', false],
    ['{a,b}.md', 'a.md', true],
    ['{a,b}.md', 'c.md', false],
    ['{a,}.md', '.md', true],
    ['?.md', 'a.md', false],
    ['?.md', '?.md', true],
    ['a.md', 'aXmd', false],
    ['[ab].md', 'a.md', false],
    ['[ab].md', '[ab].md', true],
    ['a+.md', 'a+.md', true],
    ['a+.md', 'aa.md', false],
    ['{a.md', '{a.md', true],
    ['(x).md', '(x).md', true],
    ['$x.md', '$x.md', true],
    ['*', 'a\nb', true],
  ])('%s vs %j → %s', (pattern, name, expected) => {
    expect(matchesGlob(name, pattern)).toBe(expected);
  });
});
