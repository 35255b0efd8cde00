/**
 * What the History's row store keeps alive, read from a heap snapshot: a listing's keys are
 * sliced out of its file names, and a slice that V8 keeps as a view holds its whole name (at
 * 250,000 snapshots, 12 MB of names nothing else needed). Here in electron/ because it needs
 * `node:v8`; the store itself is shared (shared/history/row-store.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { RowStore } from '../../shared/history/row-store';
import { ownCopy } from '../../shared/history/key-codes';
import { SnapshotGrouper } from '../../shared/history/snapshot-group';
import { ArchiveRows } from './archive-rows';

/**
 * The strings some sliced string of the heap is a view into (its parent). A heap snapshot names
 * a slice only "(sliced string)"; its edge to the parent tells whose text it holds.
 */
function slicedParents(): Set<string> {
  const snapshot = JSON.parse(heapSnapshotText()) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[] } };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  const {
    node_fields: fields,
    node_types: [types],
    edge_fields: edgeFields,
  } = snapshot.snapshot.meta;
  const nameAt = fields.indexOf('name');
  const edgeCountAt = fields.indexOf('edge_count');
  const toAt = edgeFields.indexOf('to_node');
  const sliced = types.indexOf('sliced string');
  const { nodes, edges, strings } = snapshot;
  const out = new Set<string>();
  let edge = 0;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const count = nodes[i + edgeCountAt] as number;
    if (nodes[i] === sliced)
      for (let j = 0; j < count; j++) {
        const to = edges[(edge + j) * edgeFields.length + toAt] as number;
        out.add(strings[nodes[to + nameAt] as number] as string);
      }
    edge += count;
  }
  return out;
}

/** A heap snapshot's text, written to a temp folder and removed. */
function heapSnapshotText(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eck-heap-'));
  try {
    return readFileSync(v8.writeHeapSnapshot(join(dir, 'heap.heapsnapshot')), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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

  it('copies any string exactly, long or not ASCII', () => {
    for (const s of ['', 'a', '2026-01-02-03-04-05-17', 'ключ-键-🔑', 'x'.repeat(500)])
      expect(ownCopy(s)).toBe(s);
  });

  it("keeps an archived row's key as its own string, not a view holding the archive's string of every key", () => {
    const keys = Array.from({ length: 30 }, (_, i) => `2188-03-04-05-06-${String(i + 10)}`);
    // The look at the archive ends with the helper; the rows written from it stay.
    const store = rowsWrittenFrom(keys);
    expect([...store.keys()].sort()).toEqual(keys);
    expect(slicedParents().has(keys.join(''))).toBe(false);
  });
});
