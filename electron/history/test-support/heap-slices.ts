/**
 * Which strings the heap's sliced strings are views into, from a heap snapshot: V8 keeps a slice
 * of 13 characters or more as a view holding its whole parent, and the memory tests check that
 * what outlives a text is not one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';

/**
 * The strings some sliced string of the heap is a view into (its parent). A heap snapshot names
 * a slice only "(sliced string)"; its edge to the parent tells whose text it holds.
 */
export function slicedParents(): Set<string> {
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
