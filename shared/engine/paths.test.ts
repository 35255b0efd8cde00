import { describe, expect, it } from 'vitest';
import { basenamePath, dirnamePath, isPathWithin, joinPath, normalizePath, resolvePath } from './paths';
import { lineColumnAt, parseJsonText } from './json-text';

describe('paths (§2: normalised like path.resolve)', () => {
  it.each([
    ['/a/./b/../c', '/a/c'],
    ['/a//b/', '/a/b'],
    ['/../a', '/a'],
    ['/', '/'],
    ['a/../..', '..'],
    ['C:/x/../y', 'C:/y'],
  ])('normalizePath(%j) → %j', (p, expected) => {
    expect(normalizePath(p)).toBe(expected);
  });

  it.each([
    ['/k', 'a.md', '/k/a.md'],
    ['/k', '../a.md', '/a.md'],
    ['/k', '/abs/a.md', '/abs/a.md'],
    ['/k', './x/./a.md', '/k/x/a.md'],
  ])('resolvePath(%j, %j) → %j', (base, p, expected) => {
    expect(resolvePath(base, p)).toBe(expected);
  });

  it.each([
    ['/a/kits/x', '/a/kits', true],
    ['/a/kits', '/a/kits', true],
    ['/a/kits2/x', '/a/kits', false],
    ['/a/kit', '/a/kits', false],
    ['/x', '/', true],
  ])('isPathWithin(%j, %j) → %s', (p, prefix, expected) => {
    expect(isPathWithin(p, prefix)).toBe(expected);
  });

  it('dirname, basename, join', () => {
    expect(dirnamePath('/a/b/c.md')).toBe('/a/b');
    expect(dirnamePath('/a')).toBe('/');
    expect(basenamePath('/a/b/c.md')).toBe('c.md');
    expect(joinPath('/a', 'b', '../c')).toBe('/a/c');
  });
});

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
