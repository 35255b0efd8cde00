import { describe, expect, it } from 'vitest';
import { globMatcher, globSource, matchesGlob } from './glob';

// evolcore's matchGlob (docs/engine.md §5): `.` escaped, `*` → `.*`, `{a,b}` → `(a|b)`, every
// other character is regex syntax, anchored. A pattern that is not a valid regex matches nothing.
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
    ['a.md', 'aXmd', false],
    // `?` and `+` are quantifiers, `[…]` a class, `(…)` a group, `$` an anchor.
    ['?.md', 'a.md', false],
    ['?.md', '?.md', false],
    ['a?.md', '.md', true],
    ['a?.md', 'a.md', true],
    ['[ab].md', 'a.md', true],
    ['[ab].md', '[ab].md', false],
    ['a+.md', 'aa.md', true],
    ['a+.md', 'a+.md', false],
    ['(x).md', 'x.md', true],
    ['(x).md', '(x).md', false],
    ['$x.md', '$x.md', false],
    ['x|y', 'x', true],
    // A lone `{` stays literal (no closing brace, not a quantifier in a non-unicode regex).
    ['{a.md', '{a.md', true],
    // `.*` does not cross a newline.
    ['*', 'a\nb', false],
  ])('%s vs %j → %s', (pattern, name, expected) => {
    expect(matchesGlob(name, pattern)).toBe(expected);
  });

  it('builds the regex source the real way', () => {
    expect(globSource('*.{md,txt}')).toBe('^.*\\.(md|txt)$');
    expect(globSource('a?.md')).toBe('^a?\\.md$');
  });

  it.each(['?.md', '(', '*.md)', 'a**+'])('%s does not compile: nothing matches', (pattern) => {
    expect(globMatcher(pattern)).toBeNull();
    expect(matchesGlob('a.md', pattern)).toBe(false);
  });
});
