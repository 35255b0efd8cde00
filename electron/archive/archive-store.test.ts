import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveStore, type SnapshotToAdd } from './archive-store';
import { indexFile, packFile } from './archive-files';
import { ArchiveBusyError } from './archive-lock';
import { demoSnapshots, generatedSnapshot, keyAt, type SnapshotFiles } from './test-support/archive-fixtures';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-archive-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function snapshot(n: number, files: SnapshotFiles = generatedSnapshot(n)): SnapshotToAdd {
  return { ...keyAt(n), files };
}

function rawSize(files: SnapshotToAdd['files']): number {
  return Object.values(files).reduce((n, b) => n + b.length, 0);
}

describe('the archive store', () => {
  it('gives back every file byte for byte after a reopen', () => {
    const dir = tempDir();
    const w = ArchiveStore.openWriter(dir);
    const added = [0, 1, 2, 3].map((n) => snapshot(n));
    w.append(added);
    w.close();
    const r = ArchiveStore.openReader(dir);
    expect(r).not.toBeNull();
    for (const s of added)
      for (const [kind, bytes] of Object.entries(s.files)) {
        expect(r?.readFile(s.key, kind as 'vars')?.equals(bytes)).toBe(true);
        // The size the History states before it reads a copy, from the blocks alone.
        expect(r?.fileSize(s.key, kind as 'vars')).toBe(bytes.length);
      }
    expect(r?.fileSize(added[0]?.key ?? '', 'vars')).not.toBeNull();
    expect(r?.fileSize('1999-01-01-00-00-00', 'vars')).toBeNull();
    expect(r?.list().map((s) => s.key)).toEqual(added.map((s) => s.key));
    r?.close();
  });

  it('stores a block two snapshots share once: a copy of a snapshot adds no block, a changed line a few', () => {
    const dir = tempDir();
    const w = ArchiveStore.openWriter(dir);
    const first = generatedSnapshot(0);
    w.append([snapshot(0, first)]);
    const afterFirst = w.stats();
    expect(afterFirst.packBytes).toBeGreaterThan(0);

    // The same files under another key: not one byte more in the pack.
    const copy = w.append([snapshot(1, first)]);
    expect(copy.blocks).toBe(0);
    expect(w.stats().packBytes).toBe(afterFirst.packBytes);

    // One line of the context changed: a block or two, a sliver of the snapshot's size.
    const context = first.context as Buffer;
    const changed = Buffer.from(
      context.toString('utf8').replace('\n\n', '\n\none new line of the message\n\n'),
    );
    expect(changed.equals(context)).toBe(false);
    const edit = w.append([snapshot(2, { ...first, context: changed })]);
    expect(edit.blocks).toBeGreaterThan(0);
    expect(edit.blocks).toBeLessThanOrEqual(2);
    expect(edit.packBytes).toBeLessThan(rawSize(first) / 20);
    expect(w.readFile(keyAt(2).key, 'context')?.equals(changed)).toBe(true);
    w.close();
  });

  it('keeps 200 varied renders in a small part of their raw size', () => {
    const dir = tempDir();
    const w = ArchiveStore.openWriter(dir);
    const batch = Array.from({ length: 200 }, (_, n) => snapshot(n));
    w.append(batch);
    const stats = w.stats();
    const raw = batch.reduce((n, s) => n + rawSize(s.files), 0);
    expect(stats.rawBytes).toBe(raw);
    expect(stats.packBytes + stats.indexBytes).toBeLessThan(raw / 10);
    w.close();
  });

  it('does not add a file of a key twice, and adds the files a key lacked', () => {
    const dir = tempDir();
    const w = ArchiveStore.openWriter(dir);
    const files = generatedSnapshot(5);
    w.append([snapshot(5, { vars: files.vars as Buffer })]);
    expect(w.kindsOf(keyAt(5).key)).toEqual(['vars']);
    const again = w.append([snapshot(5, { vars: files.vars as Buffer })]);
    expect(again.records).toBe(0);
    w.append([snapshot(5, files)]);
    w.close();
    const r = ArchiveStore.openReader(dir);
    expect(r?.size).toBe(1);
    expect(r?.kindsOf(keyAt(5).key)).toEqual(
      ['vars', 'context', 'fragments', 'manifest'].filter((k) => k in files),
    );
    expect(r?.kindsOf(keyAt(5).key).length).toBeGreaterThan(2);
    expect(r?.readFile(keyAt(5).key, 'manifest')?.equals(files.manifest as Buffer)).toBe(true);
    r?.close();
  });

  it('lets one writer in at a time, and takes over the lock of a writer that was killed', () => {
    const dir = tempDir();
    const w = ArchiveStore.openWriter(dir);
    expect(() => ArchiveStore.openWriter(dir)).toThrow(ArchiveBusyError);
    w.close();
    // A lock file left by a process that is gone (pid far beyond any pid_max).
    fs.writeFileSync(path.join(dir, 'lock'), '2147483646');
    const again = ArchiveStore.openWriter(dir);
    again.close();
  });

  it('a reader sees what a writer appended since, on refresh', () => {
    const dir = tempDir();
    const w = ArchiveStore.openWriter(dir);
    w.append([snapshot(0)]);
    const r = ArchiveStore.openReader(dir);
    expect(r?.size).toBe(1);
    w.append([snapshot(1), snapshot(2)]);
    r?.refresh();
    expect(r?.size).toBe(3);
    expect(r?.readFile(keyAt(2).key, 'vars')?.equals(generatedSnapshot(2).vars as Buffer)).toBe(true);
    r?.close();
    w.close();
  });
});

describe('a torn write', () => {
  /** Shares its demo render with snapshot 0 (the fixtures cycle through the demo's renders). */
  const LAST = demoSnapshots().length;

  /** An archive of three snapshots, then a fourth; the bytes of both files before and after it. */
  function archiveWithLast(): {
    dir: string;
    index: Buffer;
    pack: Buffer;
    indexBefore: number;
    packBefore: number;
  } {
    const dir = tempDir();
    const w = ArchiveStore.openWriter(dir);
    w.append([snapshot(0), snapshot(1), snapshot(2)]);
    const before = w.stats();
    // The last one is the first render again with another message: mostly shared blocks, a
    // few of its own, as most records of a busy home (and a record small enough to cut at
    // every byte quickly).
    w.append([snapshot(LAST)]);
    w.close();
    return {
      dir,
      index: fs.readFileSync(indexFile(dir, 1)),
      pack: fs.readFileSync(packFile(dir, 1)),
      indexBefore: before.indexBytes,
      packBefore: before.packBytes,
    };
  }

  function expectFirstThree(store: ArchiveStore | null, read = true): void {
    expect(store?.list().map((s) => s.key)).toEqual([0, 1, 2].map((n) => keyAt(n).key));
    if (read)
      for (const n of [0, 1, 2])
        expect(store?.readFile(keyAt(n).key, 'context')?.equals(generatedSnapshot(n).context as Buffer)).toBe(
          true,
        );
  }

  it('of the last record, cut at every byte, is dropped: the records before it stay whole', () => {
    const a = archiveWithLast();
    expect(a.index.length).toBeGreaterThan(a.indexBefore);
    for (let cut = a.indexBefore; cut < a.index.length; cut++) {
      fs.writeFileSync(indexFile(a.dir, 1), a.index.subarray(0, cut));
      const r = ArchiveStore.openReader(a.dir);
      // Reading every file back at each of thousands of cuts is slow; at every 64th is enough.
      expectFirstThree(r, (cut - a.indexBefore) % 64 === 0);
      r?.close();
    }
    // The writer cuts the tail off and the fourth can be added again, once.
    const w = ArchiveStore.openWriter(a.dir);
    expect(fs.statSync(indexFile(a.dir, 1)).size).toBe(a.indexBefore);
    expect(fs.statSync(packFile(a.dir, 1)).size).toBe(a.packBefore);
    w.append([snapshot(LAST)]);
    expect(w.size).toBe(4);
    w.close();
    const r = ArchiveStore.openReader(a.dir);
    expect(r?.readFile(keyAt(LAST).key, 'context')?.equals(generatedSnapshot(LAST).context as Buffer)).toBe(
      true,
    );
    r?.close();
  });

  it('with a flipped byte in the last record is dropped (its checksum)', () => {
    const a = archiveWithLast();
    const damaged = Buffer.from(a.index);
    const at = a.indexBefore + 8 + 5;
    damaged[at] = (damaged[at] as number) ^ 0x40;
    fs.writeFileSync(indexFile(a.dir, 1), damaged);
    const r = ArchiveStore.openReader(a.dir);
    expectFirstThree(r);
    r?.close();
  });

  it('of the pack (the index reached the disk, the blocks did not) drops the record that needs them', () => {
    const a = archiveWithLast();
    expect(a.pack.length).toBeGreaterThan(a.packBefore);
    const step = Math.max(1, Math.floor((a.pack.length - a.packBefore) / 97));
    for (let cut = a.packBefore; cut < a.pack.length; cut += step) {
      fs.writeFileSync(packFile(a.dir, 1), a.pack.subarray(0, cut));
      const r = ArchiveStore.openReader(a.dir);
      expectFirstThree(r);
      r?.close();
    }
  });
});
