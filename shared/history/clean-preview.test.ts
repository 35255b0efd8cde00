import { describe, expect, it } from 'vitest';
import { selectOlderThan } from './clean-preview';

const H = 3_600_000;
const NOW = 100 * H;

function snap(key: string, hoursAgo: number, bytes = 10) {
  return { key, mtime: NOW - hoursAgo * H, bytes, files: [`context-${key}.md`, `vars-${key}.json`] };
}

describe('clean preview', () => {
  it('takes only snapshots whose newest file is older than the cutoff, and sums their size', () => {
    const picked = selectOlderThan(
      [snap('a', 30, 100), snap('b', 25, 50), snap('c', 23), snap('d', 48, 1)],
      NOW - 24 * H,
    );
    expect(picked.keys).toEqual(['a', 'b', 'd']);
    expect(picked.files).toHaveLength(6);
    expect(picked.bytes).toBe(151);
  });

  it('names the oldest and the newest by file time, not by list order', () => {
    const picked = selectOlderThan([snap('a', 30), snap('b', 25), snap('d', 48)], NOW - 24 * H);
    expect(picked.oldest).toEqual({ key: 'd', mtime: NOW - 48 * H });
    expect(picked.newest).toEqual({ key: 'b', mtime: NOW - 25 * H });
  });

  it('a snapshot right at the cutoff stays; nothing old gives an empty preview', () => {
    const picked = selectOlderThan([snap('a', 24), snap('b', 1)], NOW - 24 * H);
    expect(picked).toEqual({ keys: [], files: [], bytes: 0, oldest: null, newest: null });
  });
});
