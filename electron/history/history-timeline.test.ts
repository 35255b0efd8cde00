/**
 * One timeline: the live eck-debug folder and the home's archive listed as one (history-index.ts
 * with archive-rows.ts). A snapshot in both shows once, marked `both`; one only archived is its
 * own row, in time order among the live ones; a snapshot evolcore deletes stays, as archived;
 * and its files read through the same index calls as a live one's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DebugFileKind } from '../../shared/debug-files/names';
import { DEBUG_FILE_KINDS, debugFileName } from '../../shared/debug-files/names';
import type { SnapshotSummary } from '../../shared/history/history-types';
import type { ArchiveReader } from './archive-rows';
import { ArchiveRows } from './archive-rows';
import { HistoryIndex } from './history-index';
import { readSnapshotDetail } from './snapshot-reads';
import { ArchiveStore } from '../archive/archive-store';
import { importEckDebug } from '../archive/import-eck-debug';
import { generatedSnapshot, keyAt, writeSnapshot } from '../archive/test-support/archive-fixtures';
import { DEFAULT_NAME_ZONE } from '../../shared/debug-files/names';

let tmp = '';
afterEach(() => {
  if (tmp !== '') fs.rmSync(tmp, { recursive: true, force: true });
  tmp = '';
});

const key = (minute: number): string => `2026-11-29-08-${String(minute).padStart(2, '0')}-00`;
const varsOf = (minute: number): string => JSON.stringify({ chatType: 'private', minute });
const contextOf = (minute: number): string => `# context of minute ${minute}\n`;

/** An archive in memory: each key's files as text. */
function memoryArchive(): ArchiveReader & { files: Map<string, Partial<Record<DebugFileKind, string>>> } {
  const files = new Map<string, Partial<Record<DebugFileKind, string>>>();
  return {
    files,
    list: () =>
      [...files].map(([k, f]) => ({
        key: k,
        kinds: DEBUG_FILE_KINDS.filter((kind) => f[kind] !== undefined),
      })),
    fileSize: (k, kind) => {
      const text = files.get(k)?.[kind];
      return text === undefined ? null : Buffer.byteLength(text);
    },
    readFile: (k, kind) => {
      const text = files.get(k)?.[kind];
      return text === undefined ? null : Buffer.from(text);
    },
  };
}

/** An eck-debug folder with the vars and context of the given minutes. */
function folderWith(minutes: readonly number[]): string {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-history-timeline-'));
  const dir = path.join(tmp, 'eck-debug');
  fs.mkdirSync(dir);
  for (const m of minutes) {
    fs.writeFileSync(path.join(dir, debugFileName('vars', key(m))), varsOf(m));
    fs.writeFileSync(path.join(dir, debugFileName('context', key(m))), contextOf(m));
  }
  return dir;
}

function archiveOf(minutes: readonly number[]): ReturnType<typeof memoryArchive> {
  const archive = memoryArchive();
  for (const m of minutes) archive.files.set(key(m), { vars: varsOf(m), context: contextOf(m) });
  return archive;
}

const whereOf = (s: SnapshotSummary): string => s.where ?? 'live';
const rows = (index: HistoryIndex): string[] =>
  index.listing().snapshots.map((s) => `${s.key.slice(14, 16)} ${whereOf(s)}`);

describe('one timeline of the live folder and the archive', () => {
  it('lists a snapshot in both once, archived-only ones in time order among the live, each marked', () => {
    // Minutes 1 and 3 only archived (evolcore deleted them), 2 and 4 in both, 5 live only.
    const index = new HistoryIndex(folderWith([2, 4, 5]));
    index.refresh();
    expect(rows(index)).toEqual(['02 live', '04 live', '05 live']);
    const { upserts, removed } = index.attachArchive(archiveOf([1, 2, 3, 4]));
    expect(
      upserts.map((k) => `${k.slice(14, 16)} ${whereOf(index.snapshot(k) as SnapshotSummary)}`).sort(),
    ).toEqual(['01 archive', '02 both', '03 archive', '04 both']);
    expect(removed).toEqual([]);
    expect(rows(index)).toEqual(['01 archive', '02 both', '03 archive', '04 both', '05 live']);
    // A fresh listing of the folder keeps the merge.
    index.refresh();
    expect(rows(index)).toEqual(['01 archive', '02 both', '03 archive', '04 both', '05 live']);
    // The same archive again: nothing changed, nothing to push.
    expect(index.attachArchive(archiveOf([1, 2, 3, 4]))).toEqual({ upserts: [], removed: [] });
  });

  it('keeps the archive-only rows through a fresh listing, writing only the ones the folder lost', async () => {
    const dir = folderWith([2, 4, 5]);
    const index = new HistoryIndex(dir);
    index.refresh();
    index.attachArchive(archiveOf([1, 2, 3, 4]));
    await index.parseInBackground();
    expect(index.snapshot(key(3))).toMatchObject({ where: 'archive', parseState: 'done' });
    const writes = vi.spyOn(ArchiveRows.prototype, 'writeRow');
    try {
      // evolcore's cleanup took minute 2 without a word from the watcher; the folder is listed again.
      for (const kind of ['vars', 'context'] as const) fs.rmSync(path.join(dir, debugFileName(kind, key(2))));
      index.refresh();
      expect(rows(index)).toEqual(['01 archive', '02 archive', '03 archive', '04 both', '05 live']);
      expect(writes.mock.calls.map(([k]) => k)).toEqual([key(2)]);
      // A row the pass read is not read again: the archive's copy did not change.
      expect(index.snapshot(key(3))).toMatchObject({ parseState: 'done', columns: { chatType: 'private' } });
      // Minute 1 put back into the folder: in both places, and nothing written.
      fs.writeFileSync(path.join(dir, debugFileName('vars', key(1))), varsOf(1));
      index.refresh();
      expect(rows(index)).toEqual(['01 both', '02 archive', '03 archive', '04 both', '05 live']);
      expect(writes).toHaveBeenCalledTimes(1);
    } finally {
      writes.mockRestore();
    }
  });

  it('reads an archived-only snapshot through the same calls as a live one, and fills its columns', async () => {
    const dir = folderWith([2]);
    const index = new HistoryIndex(dir);
    index.refresh();
    index.attachArchive(archiveOf([1, 2]));
    for (const k of [key(1), key(2)]) {
      const detail = await readSnapshotDetail(index, k);
      expect(detail.files.context).toMatchObject({ ok: true, text: contextOf(Number(k.slice(14, 16))) });
      expect(detail.vars?.vars).toEqual({ chatType: 'private', minute: Number(k.slice(14, 16)) });
      expect(detail.problems).toEqual([]);
      expect((await index.readSnapshotFile(k, 'vars')).ok).toBe(true);
    }
    expect(index.snapshot(key(1))?.files.context?.name).toBe(debugFileName('context', key(1)));
    // The background pass reads the archived copy as it reads the folder's files.
    await index.parseInBackground();
    const archived = index.snapshot(key(1));
    expect(archived).toMatchObject({ where: 'archive', parseState: 'done', error: null });
    expect(archived?.columns.chatType).toBe('private');
    expect(archived?.columns.contextBytes).toBe(Buffer.byteLength(contextOf(1)));
    expect(archived?.files.context?.bytes).toBe(Buffer.byteLength(contextOf(1)));
  });

  it('keeps a snapshot evolcore deletes when the archive has it, as archived; drops one it has not', async () => {
    const dir = folderWith([1, 2]);
    const index = new HistoryIndex(dir);
    index.refresh();
    index.attachArchive(archiveOf([1]));
    await index.parseInBackground();
    for (const m of [1, 2])
      for (const kind of ['vars', 'context'] as const) {
        const name = debugFileName(kind, key(m));
        fs.rmSync(path.join(dir, name));
        index.applyChange(name, 'unlink');
      }
    expect(rows(index)).toEqual(['01 archive']);
    // Its columns come from the archive's copy now.
    await index.parseInBackground();
    expect(index.snapshot(key(1))).toMatchObject({ parseState: 'done', columns: { chatType: 'private' } });
    expect((await readSnapshotDetail(index, key(1))).files.vars.ok).toBe(true);
    // Its files come back (a copy put back): in both places again.
    fs.writeFileSync(path.join(dir, debugFileName('vars', key(1))), varsOf(1));
    index.applyChange(debugFileName('vars', key(1)), 'add');
    expect(rows(index)).toEqual(['01 both']);
  });

  it('reads the archive when a live file was deleted since the listing', () => {
    const dir = folderWith([1]);
    const index = new HistoryIndex(dir);
    index.refresh();
    index.attachArchive(archiveOf([1]));
    fs.rmSync(path.join(dir, debugFileName('context', key(1))));
    expect(index.readSnapshotFileNow(key(1), 'context')).toMatchObject({ ok: true, text: contextOf(1) });
  });

  it('follows the archive: a snapshot its retention dropped goes, a new one comes; clean leaves it alone', async () => {
    const archive = archiveOf([1, 2]);
    const dir = folderWith([2, 3]);
    const index = new HistoryIndex(dir);
    index.refresh();
    index.attachArchive(archive);
    archive.files.delete(key(1));
    archive.files.delete(key(2));
    archive.files.set(key(3), { vars: varsOf(3) });
    const change = index.attachArchive(archive);
    expect(change.removed).toEqual([key(1)]);
    expect(rows(index)).toEqual(['02 live', '03 both']);
    // The 24-hour clean is the folder's: an archived-only snapshot is never counted.
    archive.files.set(key(0), { vars: varsOf(0) });
    index.attachArchive(archive);
    const clean = await index.cleanOlderThan(0, { basis: 'name', now: Date.now() + 1000 });
    expect(clean.snapshots).toEqual([key(2), key(3)]);
    // Taken out: the folder alone again.
    index.attachArchive(null);
    expect(rows(index)).toEqual(['02 live', '03 live']);
  });
});

describe('the timeline while evolcore cleans and the archive runs at the same time', () => {
  it('holds every snapshot of the start once, live or archived, but those deleted before they could be read', async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-history-timeline-'));
    const dir = path.join(tmp, 'eck-debug');
    const now = Date.now();
    const n = 80;
    const old = new Set<string>();
    for (let i = 0; i < n; i++) {
      const { key: k } = keyAt(i);
      // The older half is past evolcore's 24 hours.
      const mtime = i < n / 2 ? now - 2 * 86_400_000 : now - 60_000;
      writeSnapshot(dir, k, generatedSnapshot(i), mtime);
      if (i < n / 2) old.add(k);
    }
    const start = new HistoryIndex(dir, { nameZone: DEFAULT_NAME_ZONE });
    const startKeys = start.refresh().snapshots.map((s) => s.key);
    const store = ArchiveStore.openWriter(path.join(tmp, 'archive'));
    // evolcore's cleanup: every file past 24 hours goes (stat, then unlink), oldest first.
    const cleanup = async (): Promise<void> => {
      for (const name of (await fs.promises.readdir(dir)).sort()) {
        const file = path.join(dir, name);
        const st = await fs.promises.stat(file).catch(() => null);
        if (st !== null && st.mtimeMs < now - 86_400_000) await fs.promises.rm(file, { force: true });
      }
    };
    let cleaning: Promise<void> = Promise.resolve();
    await importEckDebug({
      debugDir: dir,
      store,
      settleMs: 0,
      batchSnapshots: 5,
      // Once the import has listed the folder, the cleanup has taken the first files already
      // (three whole snapshots and one file of the next), and goes on while the import reads.
      onListed: async () => {
        for (const i of [0, 1, 2])
          for (const kind of DEBUG_FILE_KINDS)
            await fs.promises.rm(path.join(dir, debugFileName(kind, keyAt(i).key)), { force: true });
        await fs.promises.rm(path.join(dir, debugFileName('vars', keyAt(3).key)), { force: true });
        cleaning = cleanup();
      },
    });
    await cleaning;
    const index = new HistoryIndex(dir);
    index.refresh();
    index.attachArchive(store);
    const timeline = index.listing().snapshots;
    const seen = timeline.map((s) => s.key);
    // The three taken first are lost (nothing could keep them); the fourth kept what was left.
    for (const i of [0, 1, 2]) expect(seen).not.toContain(keyAt(i).key);
    expect(store.kindsOf(keyAt(3).key)).not.toContain('vars');
    expect(store.kindsOf(keyAt(3).key).length).toBeGreaterThan(0);
    // Nothing twice, nothing made up, in time order.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.every((k) => startKeys.includes(k))).toBe(true);
    expect([...seen].sort()).toEqual(seen);
    // Every new snapshot is there, live and archived; an old one is archived or was lost whole
    // before the import reached it (evolcore deleted all its files first).
    for (const k of startKeys) {
      const row = timeline.find((s) => s.key === k);
      if (!old.has(k)) expect(row?.where, k).toBe('both');
      else if (row !== undefined) expect(row.where, k).toBe('archive');
      else expect(store.get(k), k).toBeNull();
    }
    // Each archived file reads back whole through the timeline.
    for (const s of timeline.filter((r) => r.where === 'archive'))
      for (const kind of store.kindsOf(s.key))
        expect(index.readSnapshotFileNow(s.key, kind)).toMatchObject({
          ok: true,
          text: (generatedSnapshot(Number(startKeys.indexOf(s.key)))[kind] as Buffer).toString('utf8'),
        });
    store.close();
  });
});
