/**
 * What the History's row store keeps alive, read from a heap snapshot: a listing's keys are
 * sliced out of its file names, and a slice that V8 keeps as a view holds its whole name (at
 * 250,000 snapshots, 12 MB of names nothing else needed). Here in electron/ because it needs
 * `node:v8`; the store itself is shared (shared/history/row-store.ts).
 */
import { describe, expect, it } from 'vitest';
import { RowStore } from '../../shared/history/row-store';
import { SnapshotGrouper } from '../../shared/history/snapshot-group';
import { ArchiveRows } from './archive-rows';
import { slicedParents } from './test-support/heap-slices';

/** A store of the rows an archive of `keys` writes (its look at the archive gone after). */
function rowsWrittenFrom(keys: readonly string[]): RowStore {
  const store = new RowStore();
  const archive = new ArchiveRows(
    {
      list: () => keys.map((key) => ({ key, kinds: ['vars' as const] })),
      fileSize: () => null,
      readFile: () => null,
    },
    'utc',
  );
  for (const key of archive.take().added) archive.writeRow(key, store);
  return store;
}

describe('RowStore keys', () => {
  it('keeps a listed key as a string of its own, not a view holding the file name', () => {
    // A year no other test or module uses, so every hit is ours.
    const keys = Array.from({ length: 20 }, (_, i) => `2187-03-04-05-06-${String(i + 10)}`);
    const store = new RowStore();
    const grouper = new SnapshotGrouper('utc', store);
    // Names made at run time (a literal would be one flat string the slice could not outlive).
    for (const key of keys) grouper.add(['context', key].join('-') + '.md', 'file', 10);
    grouper.finish();
    expect([...store.keys()].sort()).toEqual(keys);
    const names = keys.map((k) => `context-${k}.md`);
    // The same keys sliced out of other names and kept: views, as the store's were (the control).
    const controls = keys.map((k) => ['control', k].join('-').concat('.md'));
    const kept = controls.map((n) => n.slice('control-'.length, -3));
    const parents = slicedParents();
    expect(controls.filter((n) => parents.has(n))).toEqual(controls);
    expect(names.filter((n) => parents.has(n))).toEqual([]);
    expect(kept).toEqual(keys);
  });

  it("keeps an archived row's key as its own string, not a view holding the archive's string of every key", () => {
    const keys = Array.from({ length: 30 }, (_, i) => `2188-03-04-05-06-${String(i + 10)}`);
    // The look at the archive ends with the helper; the rows written from it stay.
    const store = rowsWrittenFrom(keys);
    expect([...store.keys()].sort()).toEqual(keys);
    expect(slicedParents().has(keys.join(''))).toBe(false);
  });
});
