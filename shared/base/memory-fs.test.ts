import { describe, expect, it } from 'vitest';
import { createMemoryFs } from './memory-fs';

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
    expect(fs.list('/')).toEqual([
      { name: 'a', kind: 'directory' },
      { name: 'empty', kind: 'directory' },
    ]);
  });

  it('lists in the order entries first appear in the tree, as a raw readdir would', () => {
    const m = createMemoryFs({
      '/d/z.md': '',
      '/d/sub/x.md': '',
      '/d/a.md': '',
      '/d/link': { symlink: 'a.md' },
    });
    expect(m.list('/d')).toEqual([
      { name: 'z.md', kind: 'file' },
      { name: 'sub', kind: 'directory' },
      { name: 'a.md', kind: 'file' },
      { name: 'link', kind: 'symlink' },
    ]);
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
    ['read of a file over the limit', () => fs.readTextLimited('/a/b.md', 0), 'EFBIG'],
  ])('%s → %s as a value, naming the path', (_label, call, code) => {
    const result = call();
    expect(result).toMatchObject({ error: code });
    expect((result as { message: string }).message).toMatch(/: \/(nope|a|a\/b\.md)$/);
  });

  it('readTextLimited reads a file within the limit', () => {
    expect(fs.readTextLimited('/a/b.md', 1)).toBe('B');
  });

  it('counts reads, lists and stats per normalised path', () => {
    const m = createMemoryFs({ '/a/b.md': 'B' });
    m.readText('/a/b.md');
    m.readText('/a/./b.md');
    m.list('/a/');
    m.stat('/a//b.md');
    expect(m.reads.get('/a/b.md')).toBe(2);
    expect(m.lists.get('/a')).toBe(1);
    expect(m.stats.get('/a/b.md')).toBe(1);
  });
});

describe('symlinks', () => {
  const fs = createMemoryFs({
    '/repo/docs/real.md': 'R',
    '/repo/link.md': { symlink: 'docs/real.md' },
    '/repo/alias': { symlink: '/repo/docs' },
    '/repo/loop': { symlink: 'loop' },
    '/repo/dangling': { symlink: 'gone.md' },
  });

  it('follows relative and absolute links, in the last component and on the way', () => {
    expect(fs.readText('/repo/link.md')).toBe('R');
    expect(fs.readText('/repo/alias/real.md')).toBe('R');
    expect(fs.stat('/repo/alias')).toMatchObject({ kind: 'directory' });
    expect(fs.list('/repo/alias')).toEqual([{ name: 'real.md', kind: 'file' }]);
    expect(fs.realpath('/repo/alias/real.md')).toBe('/repo/docs/real.md');
  });

  it('reports a loop as ELOOP and a dangling link as ENOENT', () => {
    expect(fs.stat('/repo/loop')).toMatchObject({ error: 'ELOOP' });
    expect(fs.realpath('/repo/loop')).toMatchObject({ error: 'ELOOP' });
    expect(fs.readText('/repo/dangling')).toMatchObject({ error: 'ENOENT' });
    expect(fs.realpath('/repo/dangling')).toMatchObject({ error: 'ENOENT' });
  });
});

describe('edits (for tests of caches and watchers)', () => {
  it('write adds or replaces a file, creating its folders', () => {
    const m = createMemoryFs({ '/k/a.md': 'A' });
    m.write('/k/a.md', 'B');
    m.write('/k/new/c.md', 'C');
    expect(m.readText('/k/a.md')).toBe('B');
    expect(m.readText('/k/new/c.md')).toBe('C');
    expect(m.list('/k')).toEqual([
      { name: 'a.md', kind: 'file' },
      { name: 'new', kind: 'directory' },
    ]);
  });

  it('remove deletes a file, or a folder with everything below it; the parent stays', () => {
    const m = createMemoryFs({ '/k/a.md': 'A', '/k/sub/b.md': 'B' });
    m.remove('/k/a.md');
    expect(m.readText('/k/a.md')).toMatchObject({ error: 'ENOENT' });
    m.remove('/k/sub');
    expect(m.stat('/k/sub/b.md')).toMatchObject({ error: 'ENOENT' });
    expect(m.list('/k')).toEqual([]);
    m.remove('/k/missing');
    expect(m.stat('/k')).toMatchObject({ kind: 'directory' });
  });
});
