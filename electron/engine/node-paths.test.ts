/**
 * shared/base/posix-path.ts re-implements node's `path.posix.normalize` and `path.posix.join` (the
 * engine is pure, no node:*), because evolcore resolves every section path with them
 * (docs/engine.md §2). Here, where node is available, they must agree on seeded random paths.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeJoin, nodeNormalize, relativePath } from '../../shared/base/posix-path';
import { mulberry32 } from '../../shared/testing/mulberry32';

const PIECES = ['a', '.', '/', '..'] as const;

function randomPath(rand: () => number): string {
  const n = Math.floor(rand() * 12);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(rand() * PIECES.length)];
  return s;
}

describe('nodeNormalize / nodeJoin agree with node (path.posix)', () => {
  it('normalize: 5000 seeded strings of a . / ..', () => {
    const rand = mulberry32(20261202);
    for (let i = 0; i < 5000; i++) {
      const p = randomPath(rand);
      expect(nodeNormalize(p), JSON.stringify(p)).toBe(path.posix.normalize(p));
    }
  });

  it('join: 5000 seeded lists of 0 to 4 such strings', () => {
    const rand = mulberry32(4242);
    for (let i = 0; i < 5000; i++) {
      const parts = Array.from({ length: Math.floor(rand() * 5) }, () => randomPath(rand));
      expect(nodeJoin(...parts), JSON.stringify(parts)).toBe(path.posix.join(...parts));
    }
  });

  it.each([
    '',
    '.',
    '..',
    '/',
    '//',
    '///a//',
    './',
    '../',
    'a/..',
    '/..',
    '/../a/./b/',
    'a/../..',
    '.a',
    'a..',
  ])('the edges: %j', (p) => {
    expect(nodeNormalize(p)).toBe(path.posix.normalize(p));
    expect(nodeJoin(p, 'x')).toBe(path.posix.join(p, 'x'));
    expect(nodeJoin('x', p)).toBe(path.posix.join('x', p));
  });

  it('relativePath: 2000 seeded pairs of absolute paths agree with path.posix.relative', () => {
    const rand = mulberry32(777);
    for (let i = 0; i < 2000; i++) {
      const from = `/${randomPath(rand)}`;
      const to = `/${randomPath(rand)}`;
      expect(relativePath(from, to), JSON.stringify([from, to])).toBe(path.posix.relative(from, to));
    }
  });
});
