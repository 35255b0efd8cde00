import { describe, expect, it } from 'vitest';
import { createMemoryFs, utf8Length } from './memory-fs';

describe('createMemoryFs', () => {
  const fs = createMemoryFs({ '/a/b.md': 'B', '/a/c/d.md': 'D', '/empty': null });

  it('implies folders from paths and lists their entries', () => {
    expect(fs.list('/a')).toEqual(
      expect.arrayContaining([
        { name: 'b.md', kind: 'file' },
        { name: 'c', kind: 'directory' },
      ]),
    );
    expect(fs.list('/empty')).toEqual([]);
    expect(fs.stat('/a/c')).toMatchObject({ kind: 'directory' });
  });

  it('stat gives UTF-8 sizes', () => {
    expect(createMemoryFs({ '/x': '中a' }).stat('/x')).toMatchObject({ kind: 'file', size: 4 });
  });

  it.each([
    ['stat of a missing path', () => fs.stat('/nope'), 'ENOENT'],
    ['read of a missing path', () => fs.readText('/nope'), 'ENOENT'],
    ['read of a folder', () => fs.readText('/a'), 'EISDIR'],
    ['list of a file', () => fs.list('/a/b.md'), 'ENOTDIR'],
    ['list of a missing path', () => fs.list('/nope'), 'ENOENT'],
  ])('%s → %s as a value', (_label, call, code) => {
    expect(call()).toMatchObject({ error: code });
  });

  it('counts reads and lists per normalised path', () => {
    const m = createMemoryFs({ '/a/b.md': 'B' });
    m.readText('/a/b.md');
    m.readText('/a/./b.md');
    m.list('/a/');
    expect(m.reads.get('/a/b.md')).toBe(2);
    expect(m.lists.get('/a')).toBe(1);
  });
});

describe('utf8Length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['中', 3],
    ['😀', 4],
    ['a😀中é', 10],
  ])('%j → %d', (text, n) => {
    expect(utf8Length(text)).toBe(n);
  });
});
