/**
 * Blocks deflated with an earlier plain block as their dictionary (archive-store.ts, codec 2):
 * the pack of renders that differ by a session id or a message is a fraction of the blocks
 * deflated alone; every file reads back byte for byte, from the row index and from the log;
 * a dictionary is always an earlier plain block, one in `DICT_USES` new blocks of a place is
 * plain; the retention copies a dictionary whose snapshot it drops.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { DEBUG_FILE_KINDS } from '../../shared/debug-files/names';
import { ArchiveStore, DICT_USES, type SnapshotToAdd } from './archive-store';
import { indexFile, rowIndexFile } from './archive-files';
import { encodeFrame } from './record-frame';
import { decodeRowIndex, type BlockColumns } from './row-index-file';
import { splitBlocks } from './split-blocks';
import { demoSnapshots, generatedSnapshot, keyAt } from './test-support/archive-fixtures';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-block-dict-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The demo renders cycle: snapshot `n` and `n + RENDERS` are one render varied. */
const RENDERS = demoSnapshots().length;

/** The `k`-th variant of demo render `render` (another session id, message, time). */
function variant(render: number, k: number, n = render + k * RENDERS): SnapshotToAdd {
  return { ...keyAt(n), files: generatedSnapshot(render + k * RENDERS) };
}

/** What the pack would hold with each distinct block deflated alone (as before codec 2). */
function aloneBytes(snapshots: readonly SnapshotToAdd[]): number {
  const seen = new Set<string>();
  let bytes = 0;
  for (const s of snapshots)
    for (const kind of DEBUG_FILE_KINDS)
      for (const block of splitBlocks(s.files[kind] ?? new Uint8Array())) {
        const hash = crypto.hash('sha256', block, 'base64');
        if (seen.has(hash)) continue;
        seen.add(hash);
        bytes += Math.min(block.length, zlib.deflateRawSync(block, { level: 6 }).length);
      }
  return bytes;
}

/** The block table of the archive's row index (written first). */
function blocksOf(dir: string, gen = 1): BlockColumns {
  const w = ArchiveStore.openWriter(dir);
  w.writeRowIndex();
  w.close();
  const d = decodeRowIndex(fs.readFileSync(rowIndexFile(dir, gen)), gen);
  expect(d).not.toBeNull();
  return (d as NonNullable<typeof d>).blocks;
}

/** Per dictionary block: how many blocks were deflated with it. Throws on a chain. */
function dictUses(b: BlockColumns): Map<number, number> {
  const uses = new Map<number, number>();
  for (let id = 0; id < b.count; id++) {
    if (b.codec[id] !== 2) continue;
    const d = b.dict[id] as number;
    expect(d).toBeLessThan(id);
    // Plain: stored or deflated alone, so a block takes two reads at most.
    expect([0, 1]).toContain(b.codec[d]);
    uses.set(d, (uses.get(d) ?? 0) + 1);
  }
  return uses;
}

function expectFiles(r: ArchiveStore | null, added: readonly SnapshotToAdd[]): void {
  expect(r?.list().map((s) => s.key)).toEqual(added.map((s) => s.key));
  for (const s of added)
    for (const kind of DEBUG_FILE_KINDS) {
      const bytes = s.files[kind];
      if (bytes !== undefined) expect(r?.readFile(s.key, kind)?.equals(bytes), `${s.key} ${kind}`).toBe(true);
    }
}

describe('a block deflated with an earlier block', () => {
  it('makes the pack of varied renders a fraction of their blocks deflated alone, read back byte for byte', () => {
    const dir = tempDir();
    // Three renders, ten variants each, in the order a busy home writes them (interleaved). The
    // first of each is new throughout; the others come in two batches: a dictionary of the
    // batch and one already in the pack.
    const added = Array.from({ length: 30 }, (_, n) => variant(n % 3, Math.floor(n / 3), n));
    const w = ArchiveStore.openWriter(dir);
    w.append(added.slice(0, 3));
    const firstBytes = w.stats().packBytes;
    w.append(added.slice(3, 12));
    w.append(added.slice(12));
    const variantBytes = w.stats().packBytes - firstBytes;
    w.close();
    const alone = aloneBytes(added) - aloneBytes(added.slice(0, 3));
    // Measured: 0.21.
    expect(variantBytes).toBeLessThan(alone * 0.35);

    const uses = dictUses(blocksOf(dir));
    expect(uses.size).toBeGreaterThan(0);
    const fromRows = ArchiveStore.openReader(dir);
    expect(fromRows?.fromRowIndex).toBe(true);
    expectFiles(fromRows, added);
    fromRows?.close();
    fs.rmSync(rowIndexFile(dir, 1));
    const fromLog = ArchiveStore.openReader(dir);
    expect(fromLog?.fromRowIndex).toBe(false);
    expectFiles(fromLog, added);
    fromLog?.close();
  });

  it(`is one of at most ${DICT_USES} deflated with one plain block of a place, then a plain one`, () => {
    const dir = tempDir();
    const added = Array.from({ length: 2 * DICT_USES + 5 }, (_, k) => variant(0, k, k));
    const w = ArchiveStore.openWriter(dir);
    for (let at = 0; at < added.length; at += 10) w.append(added.slice(at, at + 10));
    w.close();
    const uses = dictUses(blocksOf(dir));
    expect(Math.max(...uses.values())).toBeLessThanOrEqual(DICT_USES);
    // The places that changed in every variant took a new plain block twice.
    expect([...uses.values()].filter((n) => n === DICT_USES).length).toBeGreaterThan(1);
    expectFiles(ArchiveStore.openReader(dir), added);
  });

  it("of the archive's newest snapshot in a writer's first append (the last run's)", () => {
    const dir = tempDir();
    const first = ArchiveStore.openWriter(dir);
    first.append([variant(0, 0, 0)]);
    first.close();
    const next = ArchiveStore.openWriter(dir);
    const wrote = next.append([variant(0, 1, 1)]);
    next.close();
    expect(wrote.blocks).toBeGreaterThan(0);
    const b = blocksOf(dir);
    const brought = Array.from({ length: wrote.blocks }, (_, i) => b.count - wrote.blocks + i);
    expect(brought.filter((id) => b.codec[id] === 2).length).toBeGreaterThan(wrote.blocks / 2);
    // Its new blocks deflated alone (measured: 0.06 of it).
    const alone = aloneBytes([variant(0, 0, 0), variant(0, 1, 1)]) - aloneBytes([variant(0, 0, 0)]);
    expect(wrote.packBytes).toBeLessThan(alone * 0.25);
    expectFiles(ArchiveStore.openReader(dir), [variant(0, 0, 0), variant(0, 1, 1)]);
  });

  it('keeps its dictionary through the retention when the snapshot that brought it is dropped', () => {
    const dir = tempDir();
    const added = [0, 1, 2].map((k) => variant(0, k, k));
    const w = ArchiveStore.openWriter(dir);
    w.append(added);
    expect(w.retain((s) => s.key !== added[0]?.key)).toBe(1);
    w.close();
    expect(dictUses(blocksOf(dir, 2)).size).toBeGreaterThan(0);
    expectFiles(ArchiveStore.openReader(dir), added.slice(1));
    fs.rmSync(rowIndexFile(dir, 2));
    expectFiles(ArchiveStore.openReader(dir), added.slice(1));
  });

  it('naming a dictionary that is not an earlier plain block ends the log there', () => {
    const dir = tempDir();
    const added = [0, 1].map((k) => variant(0, k, k));
    const w = ArchiveStore.openWriter(dir);
    w.append(added);
    w.close();
    const b = blocksOf(dir);
    const delta = Array.from({ length: b.count }, (_, id) => id).find((id) => b.codec[id] === 2) as number;
    expect(delta).toBeDefined();
    const log = fs.readFileSync(indexFile(dir, 1));
    fs.rmSync(rowIndexFile(dir, 1));
    const next = b.count;
    const hash = crypto.hash('sha256', 'x', 'base64');
    const bad: Record<string, unknown[]> = {
      itself: [hash, 0, 1, 1, 2, next],
      'a later block': [hash, 0, 1, 1, 2, next + 5],
      'a block with a dictionary': [hash, 0, 1, 1, 2, delta],
      'none named': [hash, 0, 1, 1, 2],
      'a codec we do not write': [hash, 0, 1, 1, 7],
    };
    const plain = Array.from({ length: b.count }, (_, id) => id).find((id) => b.codec[id] !== 2) as number;
    // The control: the same record naming a plain block is read.
    for (const [what, block] of [
      ...Object.entries(bad),
      ['a plain block', [hash, 0, 1, 1, 2, plain]] as const,
    ]) {
      // A whole record (an older archive's JSON form) with that one block, and one after it.
      const record = (k: number): Buffer =>
        encodeFrame(
          Buffer.from(JSON.stringify({ k: keyAt(10 + k).key, t: 1, a: 1, b: [block], f: { vars: [next] } })),
        );
      fs.writeFileSync(indexFile(dir, 1), Buffer.concat([log, record(0), record(1)]));
      const r = ArchiveStore.openReader(dir);
      expect(r?.size, what).toBe(what === 'a plain block' ? 4 : 2);
      r?.close();
    }
    fs.writeFileSync(
      indexFile(dir, 1),
      Buffer.concat([
        log,
        encodeFrame(
          Buffer.from(
            JSON.stringify({ k: keyAt(10).key, t: 1, a: 1, b: [bad['itself']], f: { vars: [next] } }),
          ),
        ),
      ]),
    );
    const again = ArchiveStore.openWriter(dir);
    expect(fs.statSync(indexFile(dir, 1)).size).toBe(log.length);
    expectFiles(again, added);
    again.close();
  });
});
