/**
 * The archive names the format its files were last written in (`FORMAT`): a writer of this
 * version names it before it writes, and refuses an archive a later version wrote, whose records
 * its scan would take for a torn tail and cut off; a reader still reads what it can.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ARCHIVE_FORMAT, ArchiveFormatError, ArchiveStore } from './archive-store';
import { archiveFormat, FORMAT_FILE, indexFile, removeOtherGenerations } from './archive-files';
import { encodeFrame } from './record-frame';
import { generatedSnapshot, keyAt } from './test-support/archive-fixtures';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-archive-format-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function archiveOf(dir: string, ...ns: number[]): void {
  const w = ArchiveStore.openWriter(dir);
  w.append(ns.map((n) => ({ ...keyAt(n), files: generatedSnapshot(n) })));
  w.close();
}

describe('the archive format', () => {
  it('is named by the first writer, before it writes a record', () => {
    const dir = tempDir();
    expect(archiveFormat(dir)).toBe(1);
    const w = ArchiveStore.openWriter(dir);
    expect(archiveFormat(dir)).toBe(ARCHIVE_FORMAT);
    w.close();
  });

  it('of a later version: the writer refuses and changes nothing; a reader reads what it knows', () => {
    const dir = tempDir();
    archiveOf(dir, 0, 1);
    // A later version's record: a tag this one does not know, which its scan would cut off.
    fs.appendFileSync(indexFile(dir, 1), encodeFrame(Buffer.from([0x7f, 1, 2, 3])));
    fs.writeFileSync(path.join(dir, FORMAT_FILE), `${ARCHIVE_FORMAT + 1}\n`);
    const before = fs.readFileSync(indexFile(dir, 1));
    expect(() => ArchiveStore.openWriter(dir)).toThrow(ArchiveFormatError);
    expect(() => ArchiveStore.openWriter(dir)).toThrow(/later version.*format 3/);
    expect(fs.readFileSync(indexFile(dir, 1)).equals(before)).toBe(true);
    expect(archiveFormat(dir)).toBe(ARCHIVE_FORMAT + 1);
    const r = ArchiveStore.openReader(dir) as ArchiveStore;
    expect(r.list().map((s) => s.key)).toEqual([0, 1].map((n) => keyAt(n).key));
    r.close();
    // The lock was given back each time: once the format is one it writes, a writer opens.
    fs.writeFileSync(path.join(dir, FORMAT_FILE), `${ARCHIVE_FORMAT}\n`);
    ArchiveStore.openWriter(dir).close();
  });

  it('a half-written FORMAT of a killed writer is swept with the other leftovers', () => {
    const dir = tempDir();
    archiveOf(dir, 0);
    fs.writeFileSync(path.join(dir, `${FORMAT_FILE}.tmp`), '9');
    removeOtherGenerations(dir, 1);
    expect(fs.existsSync(path.join(dir, `${FORMAT_FILE}.tmp`))).toBe(false);
    expect(archiveFormat(dir)).toBe(ARCHIVE_FORMAT);
  });
});
