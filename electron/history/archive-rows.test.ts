/**
 * `ArchiveRows.take` says what came and went between two looks at the archive by merging their
 * key orders (no table of 2M keys): checked here against a plain diff of the two lists, through
 * random looks that add keys anywhere in the order, drop some and add kinds to others.
 */
import { describe, expect, it } from 'vitest';
import type { DebugFileKind } from '../../shared/debug-files/names';
import { DEBUG_FILE_KINDS } from '../../shared/debug-files/names';
import { mulberry32 } from '../../shared/testing/mulberry32';
import { ArchiveRows } from './archive-rows';
import type { ArchiveReader } from './archive-rows';

type Listed = Map<string, readonly DebugFileKind[]>;

const keyOf = (n: number): string =>
  `2026-11-${String(1 + (n % 28)).padStart(2, '0')}-08-${String(Math.floor(n / 28) % 60).padStart(2, '0')}-00${n >= 1680 ? `-${n}` : ''}`;

function readerOf(current: () => Listed): ArchiveReader {
  return {
    list: () => [...current()].map(([key, kinds]) => ({ key, kinds })),
    fileSize: () => null,
    readFile: () => null,
  };
}

function plainDiff(before: Listed, now: Listed): { added: string[]; removed: string[] } {
  const added = [...now].filter(([k, kinds]) => before.get(k)?.length !== kinds.length).map(([k]) => k);
  const removed = [...before.keys()].filter((k) => !now.has(k));
  return { added: added.sort(), removed: removed.sort() };
}

describe('what came and went between two looks at the archive', () => {
  it('is the plain diff of the two lists, through looks that add, drop and complete keys', () => {
    const rand = mulberry32(7);
    let listed: Listed = new Map();
    const rows = new ArchiveRows(
      readerOf(() => listed),
      'local',
    );
    for (let round = 0; round < 60; round++) {
      const next: Listed = new Map();
      for (const [k, kinds] of listed) {
        const r = rand();
        if (r < 0.1) continue; // dropped (a retention)
        // A later record brings more files of the same key.
        next.set(
          k,
          r < 0.2 && kinds.length < DEBUG_FILE_KINDS.length
            ? DEBUG_FILE_KINDS.slice(0, kinds.length + 1)
            : kinds,
        );
      }
      for (let i = 0; i < 40; i++) {
        const k = keyOf(Math.floor(rand() * 3000));
        if (!next.has(k)) next.set(k, DEBUG_FILE_KINDS.slice(0, 1 + Math.floor(rand() * 2)));
      }
      // The archive lists in time order, not key order.
      const ordered: Listed = new Map([...next].sort(() => rand() - 0.5));
      const expected = plainDiff(listed, ordered);
      listed = ordered;
      const change = rows.take();
      expect({ added: [...change.added].sort(), removed: [...change.removed].sort() }).toEqual(expected);
      for (const [k, kinds] of listed) {
        expect(rows.has(k)).toBe(true);
        for (const kind of DEBUG_FILE_KINDS) expect(rows.has(k, kind)).toBe(kinds.includes(kind));
      }
      expect(rows.has(keyOf(4000))).toBe(false);
    }
  });
});
