/**
 * The process's one reader of the open home's archive: opened once however many callers ask (at
 * once, or one after the other), following a change of home, dropped and opened again when its
 * files changed under it, and a caller's `close` leaves it open for the others.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArchiveStore } from './archive-store';
import { heldOpen, SharedArchiveReader } from './shared-archive-reader';
import { generatedSnapshot, keyAt } from './test-support/archive-fixtures';

const dirs: string[] = [];
function archiveOf(...ns: number[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-shared-reader-'));
  dirs.push(dir);
  const w = ArchiveStore.openWriter(dir);
  w.append(ns.map((n) => ({ ...keyAt(n), files: generatedSnapshot(n) })));
  w.writeRowIndex();
  w.close();
  return dir;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the shared archive reader', () => {
  it('is opened once for callers at once and after, and sees what a writer appended since', async () => {
    const dir = archiveOf(0, 1);
    const opens = vi.spyOn(ArchiveStore, 'openReader');
    const shared = new SharedArchiveReader(() => dir);
    const [a, b] = await Promise.all([shared.soon(), shared.soon()]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(shared.now()).toBe(a);
    expect(opens).toHaveBeenCalledTimes(1);
    // The one open read its row index ahead.
    expect(opens.mock.calls[0]?.[1]).not.toBeNull();
    const w = ArchiveStore.openWriter(dir);
    w.append([{ ...keyAt(5), files: generatedSnapshot(5) }]);
    w.close();
    expect((await shared.soon())?.size).toBe(3);
    expect(opens).toHaveBeenCalledTimes(1);
    shared.close();
  });

  it("follows a change of home: the last home's reader is closed", async () => {
    const first = archiveOf(0);
    const second = archiveOf(1, 2);
    let dir = first;
    const shared = new SharedArchiveReader(() => dir);
    const one = shared.now() as ArchiveStore;
    dir = second;
    const two = (await shared.soon()) as ArchiveStore;
    expect(two).not.toBe(one);
    expect(two.size).toBe(2);
    expect(() => one.readFile(keyAt(0).key, 'vars')).toThrow(/closed/);
    shared.close();
    expect(() => two.readFile(keyAt(1).key, 'vars')).toThrow(/closed/);
  });

  it('is null where the home has no archive, and opens once one is made', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eck-shared-reader-')), 'archive');
    dirs.push(path.dirname(dir));
    const shared = new SharedArchiveReader(() => dir);
    expect(await shared.soon()).toBeNull();
    const w = ArchiveStore.openWriter(dir);
    w.append([{ ...keyAt(3), files: generatedSnapshot(3) }]);
    w.close();
    expect(shared.now()?.size).toBe(1);
    shared.close();
  });

  it("opens again when its files went under it (a caller's error is not kept)", () => {
    const dir = archiveOf(0);
    const shared = new SharedArchiveReader(() => dir);
    const one = shared.now() as ArchiveStore;
    vi.spyOn(one, 'refresh').mockImplementation(() => {
      throw new Error('ENOENT');
    });
    const two = shared.now();
    expect(two).not.toBe(one);
    expect(two?.size).toBe(1);
    shared.close();
  });

  it('held open by a caller: its close lets go, the reader stays open for the others', () => {
    const dir = archiveOf(0, 1);
    const shared = new SharedArchiveReader(() => dir);
    const held = heldOpen(shared.now());
    expect(held?.list().map((s) => s.key)).toEqual([keyAt(0).key, keyAt(1).key]);
    held?.close();
    expect(shared.now()?.readFile(keyAt(0).key, 'vars')?.length).toBeGreaterThan(0);
    expect(held?.generation).toBe(1);
    shared.close();
  });

  it('closed while an open reads ahead: the store it opens is closed, none is kept', async () => {
    const dir = archiveOf(0);
    const shared = new SharedArchiveReader(() => dir);
    const opening = shared.soon();
    shared.close();
    expect(await opening).toBeNull();
  });
});
