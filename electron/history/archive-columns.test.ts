/**
 * An archived snapshot's row arrives with its columns: the import computes them once with the
 * pass's own parse (archive-facts.ts) and the archive keeps them, so the pass never inflates
 * an archived-only snapshot. An archive written before that still opens, its rows pending.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { debugFileName } from '../../shared/debug-files/names';
import type { SnapshotSummary } from '../../shared/history/history-types';
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import { archiveHome } from '../archive/archive-home';
import { ArchiveStore } from '../archive/archive-store';
import { demoSnapshots, keyAt, writeSnapshot } from '../archive/test-support/archive-fixtures';
import type { SnapshotFiles } from '../archive/test-support/archive-fixtures';
import { debugDirOf } from './debug-dir';
import { HistoryIndex } from './history-index';
import { archivedColumnar } from './archive-rows';
import type { ArchiveReader } from './archive-rows';
import { columnarOf, filterColumnar } from '../../shared/history/row-filter';
import type { ColumnarFilters } from '../../shared/history/row-filter';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

/** A home whose eck-debug holds the demo's snapshots (a minute old: settled). */
function home(): { root: string; home: string; debug: string; keys: string[] } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-archive-columns-'));
  roots.push(root);
  const h = path.join(root, 'home');
  const debug = debugDirOf(h);
  const old = Date.now() - 60_000;
  const keys = demoSnapshots().map((files, i) => {
    const { key } = keyAt(i * 60);
    writeSnapshot(debug, key, files, old);
    return key;
  });
  return { root, home: h, debug, keys };
}

const guess: SessionGuess = (ids) => (ids.length > 3 ? { sessionType: 'dm', manifestFile: 'dm.json' } : null);

/** The rows the pass fills from the folder's own files: what an archived row must show. */
async function parsedInFolder(debug: string): Promise<Map<string, SnapshotSummary>> {
  const index = new HistoryIndex(debug);
  index.refresh();
  await index.parseInBackground({ sessionGuess: () => guess });
  return new Map(index.listing().snapshots.map((s) => [s.key, s]));
}

/** What a row shows: columns, error, sizes. */
function shown(s: SnapshotSummary | undefined): object {
  return {
    columns: s?.columns,
    error: s?.error,
    bytes: Object.fromEntries(Object.entries(s?.files ?? {}).map(([k, f]) => [k, f.bytes])),
  };
}

/** The folder emptied (evolcore's cleanup), the archive attached: every row is archived-only. */
function archivedOnly(debug: string, archiveDir: string): { index: HistoryIndex; rows: SnapshotSummary[] } {
  const empty = `${debug}-emptied`;
  fs.mkdirSync(empty, { recursive: true });
  const index = new HistoryIndex(empty);
  index.refresh();
  const reader = ArchiveStore.openReader(archiveDir) as ArchiveStore;
  const { upserts } = index.attachArchive(reader, () => guess);
  return { index, rows: upserts.map((k) => index.snapshot(k) as SnapshotSummary) };
}

describe('archived rows with the columns of their import', () => {
  it('arrive done, with the columns, sizes and session guess the pass gives the same files', async () => {
    const h = home();
    const archiveDir = path.join(h.root, 'archive');
    await archiveHome({ home: h.home, dir: archiveDir, settleMs: 0 });
    const expected = await parsedInFolder(h.debug);
    const { index, rows } = archivedOnly(h.debug, archiveDir);
    expect(rows.map((r) => r.key).sort()).toEqual([...h.keys].sort());
    for (const row of rows) {
      expect(row.where).toBe('archive');
      expect(row.parseState).toBe('done');
      expect(shown(row)).toEqual(shown(expected.get(row.key)));
    }
    // Most of the demo's files record no session type: the guess filled it, as the pass's does.
    expect(rows.filter((r) => r.columns.sessionInferredFrom === 'dm.json').length).toBeGreaterThan(0);
    expect(index.pendingCount()).toBe(0);
    await expect(index.parseInBackground()).resolves.toBe(0);
  });

  it("are read from the row index's columns, as the same rows read from the list", async () => {
    const h = home();
    const archiveDir = path.join(h.root, 'archive');
    await archiveHome({ home: h.home, dir: archiveDir, settleMs: 0 });
    const store = ArchiveStore.openReader(archiveDir) as ArchiveStore;
    const files = { fileSize: store.fileSize.bind(store), readFile: store.readFile.bind(store) };
    const rowsOf = (reader: ArchiveReader): SnapshotSummary[] => {
      const index = new HistoryIndex(fs.mkdtempSync(path.join(h.root, 'empty-')));
      index.refresh();
      const { upserts } = index.attachArchive(reader, () => guess);
      return upserts.map((k) => index.snapshot(k) as SnapshotSummary);
    };
    // A year of renders is read as columns only: a list of 2M objects is never asked for.
    const fromColumns = rowsOf({
      list: () => {
        throw new Error('the list was read');
      },
      rowColumns: () => store.rowColumns(),
      ...files,
    });
    const fromList = rowsOf({ list: () => store.list(), ...files });
    store.close();
    expect(fromColumns.map((r) => r.key).sort()).toEqual([...h.keys].sort());
    expect(fromColumns).toEqual(fromList);
    expect(fromColumns.every((r) => r.parseState === 'done' && r.where === 'archive')).toBe(true);
    expect(fromColumns.some((r) => r.columns.sessionInferredFrom === 'dm.json')).toBe(true);
  });

  it('are computed from every file of a snapshot completed by a later import', async () => {
    const h = home();
    const key = h.keys[1] as string;
    const files = demoSnapshots()[1] as SnapshotFiles;
    // The first import saw the vars file alone; the manifest and the rest came later.
    for (const kind of ['context', 'fragments', 'manifest'] as const)
      fs.renameSync(path.join(h.debug, debugFileName(kind, key)), path.join(h.root, kind));
    const archiveDir = path.join(h.root, 'archive');
    await archiveHome({ home: h.home, dir: archiveDir, settleMs: 0 });
    const first = ArchiveStore.openReader(archiveDir) as ArchiveStore;
    expect(first.kindsOf(key)).toEqual(['vars']);
    // Its facts are of the vars alone: no sections (facts keep no null).
    expect(first.get(key)?.facts?.['peer']).toBeDefined();
    expect(first.get(key)?.facts).not.toHaveProperty('sectionsTotal');
    first.close();
    writeSnapshot(h.debug, key, files, Date.now() - 60_000);
    await archiveHome({ home: h.home, dir: archiveDir, settleMs: 0 });
    const expected = await parsedInFolder(h.debug);
    const row = archivedOnly(h.debug, archiveDir).rows.find((r) => r.key === key);
    expect(row?.parseState).toBe('done');
    expect(row?.columns.sectionsTotal).not.toBeNull();
    expect(shown(row)).toEqual(shown(expected.get(key)));
  });

  it('of an archive written before columns were kept: pending, and the pass fills them from the copies', async () => {
    const h = home();
    const archiveDir = path.join(h.root, 'archive');
    const w = ArchiveStore.openWriter(archiveDir);
    // Records as an older import wrote them: files, no facts; and facts of another column
    // table (a column added since): neither is trusted.
    w.append(
      demoSnapshots().map((files, i) => ({
        ...keyAt(i * 60),
        files,
        ...(i % 2 === 0 ? {} : { facts: { $columns: 'older', peer: 'stale' } }),
      })),
    );
    w.close();
    const expected = await parsedInFolder(h.debug);
    const { index, rows } = archivedOnly(h.debug, archiveDir);
    expect(rows.length).toBe(h.keys.length);
    expect(rows.every((r) => r.parseState === 'pending')).toBe(true);
    await expect(index.parseInBackground({ sessionGuess: () => guess })).resolves.toBe(h.keys.length);
    for (const key of h.keys) expect(shown(index.snapshot(key))).toEqual(shown(expected.get(key)));
  });

  it("filter by the row index's columns as the table filters their rows", async () => {
    const h = home();
    const archiveDir = path.join(h.root, 'archive');
    await archiveHome({ home: h.home, dir: archiveDir, settleMs: 0 });
    const { rows } = archivedOnly(h.debug, archiveDir);
    const byTime = [...rows].sort((a, b) => a.time - b.time || (a.key < b.key ? -1 : 1));
    const reader = ArchiveStore.openReader(archiveDir) as ArchiveStore;
    expect(reader.fromRowIndex).toBe(true);
    const index = reader.rowColumns();
    const columnar = archivedColumnar(index, guess);
    const keysOf = (kept: Uint32Array | null): string[] | null =>
      kept === null ? null : [...kept].map((i) => reader.list()[i]?.key ?? '');
    const fromRows = columnarOf(byTime, ['sessionType', 'chatType', 'peer']);
    const mid = byTime[Math.floor(byTime.length / 2)]?.time ?? 0;
    const filters: ColumnarFilters[] = [
      { columns: {}, brush: { from: mid, to: Infinity } },
      { columns: { sessionType: 'dm' }, brush: null },
      { columns: { sessionType: '(none)' }, brush: null },
      { columns: { peer: 'ali' }, brush: null },
      { columns: { chatType: 'group' }, brush: null },
    ];
    for (const f of filters) {
      // The same filter over the History's own rows (renderer/src/panels/history/columnar-filter.test.ts
      // pins that one to the table's filter).
      const kept = filterColumnar(fromRows, f);
      const expected = kept === null ? null : [...kept].map((i) => byTime[i]?.key ?? '');
      expect(expected?.length, JSON.stringify(f)).toBeGreaterThan(0);
      expect(keysOf(filterColumnar(columnar, f)), JSON.stringify(f)).toEqual(expected);
    }
    reader.close();
  });
});
