import { describe, expect, it } from 'vitest';
import {
  ancestorsBelowRoot,
  basenamePath,
  comparisonKey,
  dirnamePath,
  extnamePath,
  isAbsolutePath,
  isPathWithin,
  joinPath,
  normalizePath,
  relativePath,
  resolvePath,
  rootOf,
  toForwardSlashes,
} from './posix-path';

describe('normalizePath (§2: normalised like path.resolve)', () => {
  it.each([
    ['/a/./b/../c', '/a/c'],
    ['/a/./b/../c/', '/a/c'],
    ['/a//b/', '/a/b'],
    ['/../a', '/a'],
    ['/', '/'],
    ['', '.'],
    ['a/../..', '..'],
    ['C:/x/../y', 'C:/y'],
    ['C:/..', 'C:/'],
    // A backslash is a name character on POSIX, as in path.posix (the Node adapter converts Windows paths).
    ['/a\\b/./c', '/a\\b/c'],
  ])('normalizePath(%j) → %j', (p, expected) => {
    expect(normalizePath(p)).toBe(expected);
  });

  it('toForwardSlashes turns a typed Windows path into one normalizePath understands', () => {
    expect(normalizePath(toForwardSlashes('C:\\Users\\me\\..\\x'))).toBe('C:/Users/x');
  });

  it.each([
    ['/k', 'a.md', '/k/a.md'],
    ['/k', '../a.md', '/a.md'],
    ['/k', '/abs/a.md', '/abs/a.md'],
    ['/k', './x/./a.md', '/k/x/a.md'],
    ['/k', '', '/k'],
    ['/k', 'C:/w/a.md', 'C:/w/a.md'],
  ])('resolvePath(%j, %j) → %j', (base, p, expected) => {
    expect(resolvePath(base, p)).toBe(expected);
  });

  it('roots and absoluteness', () => {
    expect(rootOf('C:/a')).toBe('C:/');
    expect(rootOf('/a')).toBe('/');
    expect(rootOf('a')).toBe('');
    expect(isAbsolutePath('C:/a')).toBe(true);
    expect(isAbsolutePath('C:a')).toBe(false);
    expect(isAbsolutePath('a/b')).toBe(false);
  });

  it('dirname, basename, extname, join', () => {
    expect(dirnamePath('/a/b/c.md')).toBe('/a/b');
    expect(dirnamePath('/a')).toBe('/');
    expect(dirnamePath('/')).toBe('/');
    expect(dirnamePath('C:/a')).toBe('C:/');
    expect(dirnamePath('a')).toBe('.');
    expect(basenamePath('/a/b/c.md')).toBe('c.md');
    expect(extnamePath('/a/.env')).toBe('');
    expect(extnamePath('/a/logo.PNG')).toBe('.PNG');
    expect(joinPath('/a', 'b', '../c')).toBe('/a/c');
    expect(joinPath('', 'a')).toBe('a');
  });
});

describe('isPathWithin and comparisons', () => {
  it.each([
    ['/a/kits/x', '/a/kits', true],
    ['/a/kits', '/a/kits', true],
    ['/a/kits/', '/a/kits', true],
    ['/a/kits2/x', '/a/kits', false],
    ['/a/kit', '/a/kits', false],
    ['/a/kits/../x', '/a/kits', false],
    ['/x', '/', true],
    ['C:/x', 'C:/', true],
    ['c:/repo/a.md', 'C:/repo', true],
    ['/repository/a.md', '/repo', false],
  ])('isPathWithin(%j, %j) → %s', (p, folder, expected) => {
    expect(isPathWithin(p, folder)).toBe(expected);
  });

  it('compares drive letters case-insensitively, the rest exactly', () => {
    expect(comparisonKey('C:/Users/A')).toBe(comparisonKey('c:/Users/A'));
    expect(comparisonKey('/x/A')).not.toBe(comparisonKey('/x/a'));
  });

  it('gives Node-like relative paths', () => {
    expect(relativePath('/repo', '/repo/src/a.ts')).toBe('src/a.ts');
    expect(relativePath('/repo/pkg', '/repo/a.ts')).toBe('../a.ts');
    expect(relativePath('/repo', '/repo')).toBe('');
    expect(relativePath('C:/repo', 'D:/x')).toBe('D:/x');
  });

  it('lists folders from cwd up to, not including, the root', () => {
    expect(ancestorsBelowRoot('/a/b')).toEqual(['/a/b', '/a']);
    expect(ancestorsBelowRoot('C:/a')).toEqual(['C:/a']);
    expect(ancestorsBelowRoot('/')).toEqual([]);
  });
});
