import { describe, expect, it } from 'vitest';
import {
  ancestorsBelowRoot,
  comparisonKey,
  dirname,
  extname,
  isInside,
  normalize,
  relative,
} from './posix-path';

describe('posix-path', () => {
  it.each([
    ['/a/./b/../c/', '/a/c'],
    ['/../a', '/a'],
    ['C:\\Users\\me\\..\\x', 'C:/Users/x'],
    ['/', '/'],
  ])('normalize(%j) = %j', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  it('compares drive letters case-insensitively, the rest exactly', () => {
    expect(comparisonKey('C:/Users/A')).toBe(comparisonKey('c:/Users/A'));
    expect(comparisonKey('/x/A')).not.toBe(comparisonKey('/x/a'));
    expect(isInside('C:/repo', 'c:/repo/a.md')).toBe(true);
    expect(isInside('/repo', '/repository/a.md')).toBe(false);
  });

  it('gives Node-like relative, dirname and extname', () => {
    expect(relative('/repo', '/repo/src/a.ts')).toBe('src/a.ts');
    expect(relative('/repo/pkg', '/repo/a.ts')).toBe('../a.ts');
    expect(relative('/repo', '/repo')).toBe('');
    expect(dirname('/a')).toBe('/');
    expect(extname('/a/.env')).toBe('');
    expect(extname('/a/logo.PNG')).toBe('.PNG');
  });

  it('lists folders from cwd up to, not including, the root', () => {
    expect(ancestorsBelowRoot('/a/b')).toEqual(['/a/b', '/a']);
    expect(ancestorsBelowRoot('C:/a')).toEqual(['C:/a']);
    expect(ancestorsBelowRoot('/')).toEqual([]);
  });
});
