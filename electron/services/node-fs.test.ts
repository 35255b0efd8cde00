import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFs, toEnginePath } from './node-fs';

let dir: string;
const nfs = createNodeFs();

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-nodefs-'));
  fs.writeFileSync(path.join(dir, 'a.md'), '中文');
  fs.mkdirSync(path.join(dir, 'sub'));
  fs.symlinkSync(path.join(dir, 'a.md'), path.join(dir, 'link.md'));
  fs.symlinkSync('loop-b', path.join(dir, 'loop-a'));
  fs.symlinkSync('loop-a', path.join(dir, 'loop-b'));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('createNodeFs', () => {
  it('stat gives kind and UTF-8 size, following symlinks', () => {
    expect(nfs.stat(path.join(dir, 'a.md'))).toMatchObject({ kind: 'file', size: 6 });
    expect(nfs.stat(path.join(dir, 'link.md'))).toMatchObject({ kind: 'file', size: 6 });
    expect(nfs.stat(path.join(dir, 'sub'))).toMatchObject({ kind: 'directory' });
  });

  it('list gives names and unfollowed kinds', () => {
    const entries = nfs.list(dir);
    expect(Array.isArray(entries)).toBe(true);
    const byName = Object.fromEntries(
      (entries as { name: string; kind: string }[]).map((e) => [e.name, e.kind]),
    );
    expect(byName).toMatchObject({
      'a.md': 'file',
      sub: 'directory',
      'link.md': 'symlink',
      'loop-a': 'symlink',
    });
  });

  it('readText reads UTF-8', () => {
    expect(nfs.readText(path.join(dir, 'a.md'))).toBe('中文');
  });

  it.each([
    ['stat of a missing file', () => nfs.stat(path.join(dir, 'none')), 'ENOENT', /no such file/],
    ['read of a missing file', () => nfs.readText(path.join(dir, 'none')), 'ENOENT', /no such file/],
    ['list of a file', () => nfs.list(path.join(dir, 'a.md')), 'ENOTDIR', /not a directory/],
    ['read of a folder', () => nfs.readText(path.join(dir, 'sub')), 'EISDIR', /is a directory/],
    ['stat of a symlink loop', () => nfs.stat(path.join(dir, 'loop-a')), 'ELOOP', /symlink loop/],
    ['read of a symlink loop', () => nfs.readText(path.join(dir, 'loop-a')), 'ELOOP', /symlink loop/],
  ])('%s is an error value, not a throw', (_label, call, code, message) => {
    const result = call();
    expect(result).toMatchObject({ error: code });
    expect((result as { message: string }).message).toMatch(message);
  });

  it('toEnginePath makes an absolute /-separated path', () => {
    expect(toEnginePath('rel/x')).toBe(path.resolve('rel/x').split(path.sep).join('/'));
    expect(toEnginePath('/a/./b/../c')).toBe('/a/c');
  });
});
