/**
 * A row index read ahead (`readRowIndexAhead`, off the main thread) opens the reader as the file
 * would, and only while it is still the file's: bytes of a generation since replaced, or damaged
 * ones, are left for the file as it is now, never for the log read whole.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveStore, readRowIndexAhead } from './archive-store';
import { indexFile, rowIndexFile } from './archive-files';
import { generatedSnapshot, keyAt } from './test-support/archive-fixtures';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-row-ahead-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** An archive of snapshots 0..n-1, its row index written; the writer is left open. */
function archiveOf(n: number): { dir: string; writer: ArchiveStore } {
  const dir = tempDir();
  const writer = ArchiveStore.openWriter(dir);
  writer.append(Array.from({ length: n }, (_, i) => ({ ...keyAt(i), files: generatedSnapshot(i) })));
  writer.writeRowIndex();
  return { dir, writer };
}

const keys = (r: ArchiveStore): string[] => r.list().map((s) => s.key);

describe('a row index read ahead', () => {
  it('opens the reader from its bytes: the file itself is not read again', async () => {
    const { dir, writer } = archiveOf(4);
    writer.close();
    const ahead = await readRowIndexAhead(dir);
    expect(ahead?.generation).toBe(1);
    // Gone from the disk: only the bytes read ahead can give the rows now.
    fs.rmSync(rowIndexFile(dir, 1));
    const r = ArchiveStore.openReader(dir, ahead) as ArchiveStore;
    expect(r.fromRowIndex).toBe(true);
    expect(keys(r)).toEqual([0, 1, 2, 3].map((n) => keyAt(n).key));
    r.close();
  });

  it('of a generation a retention replaced since is left for the current file', async () => {
    const { dir, writer } = archiveOf(5);
    const ahead = await readRowIndexAhead(dir);
    expect(writer.retain((s) => s.time >= keyAt(2).time)).toBe(2);
    writer.writeRowIndex();
    writer.close();
    const r = ArchiveStore.openReader(dir, ahead) as ArchiveStore;
    expect(r.generation).toBe(2);
    expect(r.fromRowIndex).toBe(true);
    expect(keys(r)).toEqual([2, 3, 4].map((n) => keyAt(n).key));
    r.close();
  });

  it('that is damaged is left for the file (whole on disk), not for the log', async () => {
    const { dir, writer } = archiveOf(3);
    writer.close();
    const ahead = await readRowIndexAhead(dir);
    if (ahead === null) throw new Error('no row index read');
    const damaged = Buffer.from(ahead.bytes);
    damaged.writeUInt8((damaged.at(-1) as number) ^ 0xff, damaged.length - 1);
    const r = ArchiveStore.openReader(dir, { generation: ahead.generation, bytes: damaged }) as ArchiveStore;
    expect(r.fromRowIndex).toBe(true);
    expect(keys(r)).toEqual([0, 1, 2].map((n) => keyAt(n).key));
    r.close();
  });

  it('taken with the records appended after it, as the file would be', async () => {
    const { dir, writer } = archiveOf(2);
    const ahead = await readRowIndexAhead(dir);
    writer.append([{ ...keyAt(7), files: generatedSnapshot(7) }]);
    writer.close();
    const r = ArchiveStore.openReader(dir, ahead) as ArchiveStore;
    expect(r.fromRowIndex).toBe(true);
    expect(keys(r)).toEqual([0, 1, 7].map((n) => keyAt(n).key));
    r.close();
  });

  it('is null where there is no row index, and the reader then reads the log', async () => {
    const { dir, writer } = archiveOf(2);
    writer.close();
    fs.rmSync(rowIndexFile(dir, 1));
    expect(await readRowIndexAhead(dir)).toBeNull();
    expect(fs.existsSync(indexFile(dir, 1))).toBe(true);
    const r = ArchiveStore.openReader(dir, null) as ArchiveStore;
    expect(r.fromRowIndex).toBe(false);
    expect(keys(r)).toEqual([0, 1].map((n) => keyAt(n).key));
    r.close();
  });
});
