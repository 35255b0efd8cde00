/**
 * The History's saved index: reopening a home fills unchanged rows from it and reads none of
 * their files; a file changed, added or replaced while the app was closed is read again; a saved
 * file that is damaged, cut, of another folder, version or app, or a link, is never used; the
 * session guess is made anew; the service writes it into the settings folder, never the home.
 */
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureReport } from '../../shared/debug-files/test-fixtures/report';
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import type { SnapshotSummary } from '../../shared/history/history-types';
import { writeDebugFiles } from './write-debug-files';
import { openHistory } from './history-index';
import type { HistoryIndex } from './history-index';
import { HistoryService } from './history-service';
import { readPassBatch } from './pass-batch';
import type { PassReader } from './pass-worker-client';
import { PassWorker } from './pass-worker-client';
import { savedIndexPathFor, savedIndexStore } from './saved-index';
import { buildSavedIndex, decodeSavedIndex, encodeSavedIndex, savedSignature } from './saved-index-file';
import { realPathOf } from '../services/write-scope';

let root: string;
let dir: string;
let settings: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'eck-saved-index-'));
  dir = join(root, 'home', 'data', 'eck-debug');
  mkdirSync(dir, { recursive: true });
  settings = join(root, 'settings');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const at = (s: number): Date => new Date(Date.UTC(2026, 11, 1, 9, 0, s));
const guessMain: SessionGuess = (ids) =>
  ids.length > 0 ? { sessionType: 'main', manifestFile: 'm.json' } : null;
const guessGroup: SessionGuess = (ids) =>
  ids.length > 0 ? { sessionType: 'group', manifestFile: 'g.json' } : null;

/** The pass batch read on the calling thread, counting the snapshots whose files it parsed. */
function inThreadReader(): { reader: PassReader; parsed: string[] } {
  const parsed: string[] = [];
  return {
    parsed,
    reader: {
      read: (d, snapshots) => {
        const results = readPassBatch({ id: 0, dir: d, snapshots });
        parsed.push(...results.filter((r) => !r.same).map((r) => r.key));
        return Promise.resolve(results);
      },
    },
  };
}

function snapshots(count: number): string[] {
  return Array.from({ length: count }, (_, s) => writeDebugFiles(dir, fixtureReport(), at(s)).key as string);
}

async function indexed(guess: SessionGuess, load?: () => ReturnType<HistoryIndex['savedRows']> | null) {
  const { reader, parsed } = inThreadReader();
  const index = openHistory(dir);
  await index.parseInBackground({
    reader,
    sessionGuess: () => guess,
    ...(load === undefined ? {} : { saved: load }),
  });
  return { index, parsed, rows: index.listing().snapshots };
}

const byKey = (rows: readonly SnapshotSummary[]): Map<string, SnapshotSummary> =>
  new Map(rows.map((s) => [s.key, s]));

describe('the saved History index', () => {
  it('fills every unchanged row from the saved rows on reopening, reading no file', async () => {
    snapshots(30);
    const first = await indexed(guessMain);
    expect(first.parsed).toHaveLength(30);
    const store = savedIndexStore(() => settings, 'test@1');
    expect(store.save(dir, first.index.savedRows())).toBeNull();
    const again = await indexed(guessMain, () => store.load(dir));
    expect(again.parsed).toEqual([]);
    expect(again.index.savedUse()).toEqual({ restored: 30, read: 0 });
    expect(again.rows).toEqual(first.rows);
    expect(again.index.pendingCount()).toBe(0);
    // Saved again from the restored rows, it is the same file.
    expect(encodeSavedIndex(again.index.savedRows(), dir, 's')).toEqual(
      encodeSavedIndex(first.index.savedRows(), dir, 's'),
    );
  });

  it('fills the columns straight into the file: the same bytes as encoding the rows apart, loaded back whole', async () => {
    const keys = snapshots(12);
    // A row with an error and one of another session: the errors and strings of the file's head.
    writeFileSync(join(dir, `vars-${keys[3] as string}.json`), '{ "chatType": ');
    const first = await indexed(guessMain);
    const apart = first.index.savedRows();
    expect(apart.errors.map(([i]) => i)).toEqual([3]);
    const inPlace = buildSavedIndex(dir, 's', (columnsAt) => first.index.savedRows(columnsAt));
    expect(inPlace).toEqual(encodeSavedIndex(apart, dir, 's'));
    expect(decodeSavedIndex(inPlace, dir, 's')).toEqual(apart);
    // As the service saves it (a maker given where to write): reopening restores every row.
    const store = savedIndexStore(() => settings, 'test@1');
    expect(store.save(dir, (columnsAt) => first.index.savedRows(columnsAt))).toBeNull();
    const again = await indexed(guessMain, () => store.load(dir));
    expect(again.index.savedUse()).toEqual({ restored: 12, read: 0 });
    expect(again.rows).toEqual(first.rows);
  });

  it('saves the rows of a pass read on the main thread (no worker) as the worker would: reopening reads none', async () => {
    const keys = snapshots(8);
    // evolcore's earlier format records its session type; the rest ask the guess.
    const first = openHistory(dir);
    await first.parseInBackground({ sessionGuess: () => guessMain });
    expect(first.savedUse()).toEqual({ restored: 0, read: 8 });
    const store = savedIndexStore(() => settings, 'test@1');
    const saved = first.savedRows();
    expect(saved.count).toBe(8);
    // The same facts as a pass through the worker's batch reading.
    expect(encodeSavedIndex(saved, dir, 's')).toEqual(
      encodeSavedIndex((await indexed(guessMain)).index.savedRows(), dir, 's'),
    );
    store.save(dir, saved);
    // Reopened with another workspace's guess: restored, guessed anew, no file read.
    const again = await indexed(guessGroup, () => store.load(dir));
    expect(again.parsed).toEqual([]);
    expect(again.index.savedUse()).toEqual({ restored: 8, read: 0 });
    expect(byKey(again.rows).get(keys[0] as string)?.columns.sessionType).toBe('group');
  });

  it('reads again what changed while the app was closed: a rewritten file, a file added, a new snapshot', async () => {
    const keys = snapshots(6);
    const store = savedIndexStore(() => settings, 'test@1');
    store.save(dir, (await indexed(guessMain)).index.savedRows());
    const [rewritten, grown, touched] = keys as [string, string, string];
    // Another peer, same length: only the stamp (its mtime) tells.
    const varsName = join(dir, `vars-${rewritten}.json`);
    writeFileSync(varsName, readFileSync(varsName, 'utf8').replace('"Alice"', '"Bobby"'));
    utimesSync(varsName, new Date(2030, 0, 1), new Date(2030, 0, 1));
    // A file appended to: its size.
    appendFileSync(join(dir, `context-${grown}.md`), '\nmore');
    // Touched only: read again (its content is the same, and so are its columns).
    const ctx = join(dir, `context-${touched}.md`);
    utimesSync(ctx, new Date(2031, 0, 1), new Date(2031, 0, 1));
    const added = writeDebugFiles(dir, fixtureReport(), at(40)).key as string;
    const again = await indexed(guessMain, () => store.load(dir));
    expect(new Set(again.parsed)).toEqual(new Set([rewritten, grown, touched, added]));
    expect(again.index.savedUse()).toEqual({ restored: 3, read: 4 });
    const rows = byKey(again.rows);
    expect(rows.get(rewritten)?.columns.peer).toBe('Bobby');
    const unchanged = rows.get(keys[3] as string)?.files.context?.bytes as number;
    expect(rows.get(grown)?.files.context?.bytes).toBe(unchanged + 5);
    expect(rows.get(added)?.parseState).toBe('done');
    // The same as a pass over the folder with nothing saved.
    expect(again.rows).toEqual((await indexed(guessMain)).rows);
  });

  it('reads a snapshot whose set of files is not the saved one', async () => {
    const [key] = snapshots(2) as [string];
    const store = savedIndexStore(() => settings, 'test@1');
    store.save(dir, (await indexed(guessMain)).index.savedRows());
    rmSync(join(dir, `fragments-${key}.md`));
    const again = await indexed(guessMain, () => store.load(dir));
    expect(again.parsed).toEqual([key]);
    expect(byKey(again.rows).get(key)?.files.fragments).toBeUndefined();
  });

  it('makes the session guess anew with the workspace of now', async () => {
    const [key] = snapshots(1) as [string];
    const store = savedIndexStore(() => settings, 'test@1');
    const first = await indexed(guessMain);
    expect(byKey(first.rows).get(key)?.columns.sessionType).toBe('main');
    store.save(dir, first.index.savedRows());
    const again = await indexed(guessGroup, () => store.load(dir));
    expect(again.parsed).toEqual([]);
    expect(byKey(again.rows).get(key)?.columns).toMatchObject({
      sessionType: 'group',
      sessionInferredFrom: 'g.json',
    });
  });

  it('never uses a saved file that is damaged, cut, of another folder, version or app', async () => {
    snapshots(4);
    const rows = (await indexed(guessMain)).index.savedRows();
    const real = realPathOf(dir);
    const sig = savedSignature('test@1');
    const bytes = encodeSavedIndex(rows, real, sig);
    expect(decodeSavedIndex(bytes, real, sig)?.keys).toEqual(rows.keys);
    for (let i = 0; i < bytes.length; i += 7) {
      const flipped = Buffer.from(bytes);
      flipped[i] = (flipped[i] as number) ^ 0x20;
      expect(decodeSavedIndex(flipped, real, sig), `byte ${i} flipped`).toBeNull();
    }
    for (let cut = 0; cut < bytes.length; cut += 5)
      expect(decodeSavedIndex(bytes.subarray(0, cut), real, sig), `cut at ${cut}`).toBeNull();
    expect(decodeSavedIndex(bytes, join(real, 'other'), sig)).toBeNull();
    expect(decodeSavedIndex(bytes, real, savedSignature('test@2'))).toBeNull();
    expect(decodeSavedIndex(Buffer.concat([bytes, Buffer.alloc(8)]), real, sig)).toBeNull();
  });

  it('does not read a saved file that is a link, and reads the folder whole instead', async () => {
    snapshots(3);
    const store = savedIndexStore(() => settings, 'test@1');
    store.save(dir, (await indexed(guessMain)).index.savedRows());
    const file = savedIndexPathFor(dir, settings);
    const elsewhere = join(root, 'elsewhere.idx');
    writeFileSync(elsewhere, readFileSync(file));
    rmSync(file);
    symlinkSync(elsewhere, file);
    expect(store.load(dir)).toBeNull();
    const again = await indexed(guessMain, () => store.load(dir));
    expect(again.parsed).toHaveLength(3);
  });

  it('is written by the service into the settings folder after the pass, and used by the next one', async () => {
    snapshots(5);
    const home = join(root, 'home');
    const store = savedIndexStore(() => settings, 'test@1');
    const worker = new PassWorker();
    const open = (): { service: HistoryService } => {
      const service = new HistoryService({
        home: () => home,
        emit: () => undefined,
        watchFolders: false,
        passReader: worker,
        savedIndex: store,
        saveEveryMs: 0,
      });
      service.listing();
      return { service };
    };
    try {
      const first = open();
      await until(() => first.service.current().pendingCount() === 0);
      await first.service.close(); // the save waiting for its time is made now
      expect(readdirSync(join(settings, 'history-index'))).toHaveLength(1);
      // Nothing was written into the home.
      expect(readdirSync(dir).every((n) => /^(vars|context|fragments|manifest)-/.test(n))).toBe(true);
      const second = open();
      await until(() => second.service.current().pendingCount() === 0);
      expect(second.service.current().savedUse()).toEqual({ restored: 5, read: 0 });
      await second.service.close();
    } finally {
      await worker.close();
    }
  });
});

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(ok()).toBe(true);
}
