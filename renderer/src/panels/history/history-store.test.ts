import { expect, test } from 'vitest';
import type { ApiResult, InspectorApi } from '../../../../shared/api';
import type { HistoryMethodOutputs } from '../../../../shared/api/methods/history';
import { WHAT_IF_CHUNK, createHistoryStore } from './history-store';
import type { HistoryDraft } from './history-store';

type WhatIf = HistoryMethodOutputs['whatIf'];

/** An API whose what-if calls wait until the test lets each one answer. */
function steppedApi() {
  const calls: { keys: string[]; answer: () => void }[] = [];
  const api = {
    whatIf: (input: { keys: string[] }): Promise<ApiResult<WhatIf>> =>
      new Promise((resolve) => {
        calls.push({
          keys: input.keys,
          answer: () =>
            resolve({
              ok: true,
              value: {
                rendered: input.keys.length,
                failed: 0,
                changes: [
                  {
                    key: input.keys[0] ?? '',
                    sectionsLost: ['rules'],
                    sectionsGained: [],
                    truncatedBefore: false,
                    truncatedAfter: false,
                    bytesBefore: 10,
                    bytesAfter: 5,
                  },
                ],
              },
            }),
        });
      }),
  } as unknown as InspectorApi;
  return { api, calls };
}

const DRAFT: HistoryDraft = { manifestFile: 'eck_manifest.json', overrideText: '{}' };
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

test('a what-if over many snapshots goes in chunks, showing progress, and can be stopped', async () => {
  const { api, calls } = steppedApi();
  const store = createHistoryStore(api);
  const keys = Array.from({ length: WHAT_IF_CHUNK * 3 }, (_, i) => `k${i}`);
  const done = store.getState().runWhatIf(keys, DRAFT);
  expect(store.getState().whatIfProgress).toEqual({ done: 0, total: keys.length });
  expect(calls).toHaveLength(1);
  expect(calls[0]?.keys).toHaveLength(WHAT_IF_CHUNK);
  calls[0]?.answer();
  await tick();
  expect(store.getState().whatIfProgress).toEqual({ done: WHAT_IF_CHUNK, total: keys.length });
  expect(store.getState().whatIf?.rendered).toBe(WHAT_IF_CHUNK);
  expect(calls).toHaveLength(2);
  store.getState().cancelWhatIf();
  calls[1]?.answer();
  await done;
  // Stopped: the answer in flight is dropped, no further chunk is asked, the partial result stays.
  expect(calls).toHaveLength(2);
  expect(store.getState().whatIfProgress).toBeNull();
  expect(store.getState().whatIfCancelled).toEqual({ done: WHAT_IF_CHUNK, total: keys.length });
  expect(store.getState().whatIf).toMatchObject({ rendered: WHAT_IF_CHUNK, failed: 0 });
  expect(store.getState().busy).toBe(false);
});

test('a what-if that runs to its end sums every chunk', async () => {
  const { api, calls } = steppedApi();
  const store = createHistoryStore(api);
  const keys = Array.from({ length: WHAT_IF_CHUNK + 5 }, (_, i) => `k${i}`);
  const done = store.getState().runWhatIf(keys, DRAFT);
  calls[0]?.answer();
  await tick();
  calls[1]?.answer();
  await done;
  expect(calls.map((c) => c.keys.length)).toEqual([WHAT_IF_CHUNK, 5]);
  expect(store.getState().whatIf?.rendered).toBe(WHAT_IF_CHUNK + 5);
  expect(store.getState().whatIf?.changes).toHaveLength(2);
  expect(store.getState().whatIfProgress).toBeNull();
  expect(store.getState().whatIfCancelled).toBeNull();
});

test('exporting a bundle shows it is under way until the file is written, and is not started twice', async () => {
  let finish: () => void = () => undefined;
  let calls = 0;
  const api = {
    exportBundle: (): Promise<ApiResult<HistoryMethodOutputs['exportBundle']>> => {
      calls++;
      return new Promise((resolve) => {
        finish = () =>
          resolve({ ok: true, value: { path: '/h/b.json', download: null, bytes: 10, files: 4 } });
      });
    },
  } as unknown as InspectorApi;
  const store = createHistoryStore(api);
  const done = store.getState().exportBundle('k');
  expect(store.getState().exporting).toBe(true);
  void store.getState().exportBundle('k');
  expect(calls).toBe(1);
  finish();
  await done;
  expect(store.getState().exporting).toBe(false);
  expect(store.getState().notice).toBe('bundle:/h/b.json:4');
});

test('Cancel on an export asks the main side to stop; its "cancelled" answer is a notice, not an error', async () => {
  let answer: (r: ApiResult<HistoryMethodOutputs['exportBundle']>) => void = () => undefined;
  let cancels = 0;
  const api = {
    exportBundle: () => new Promise((resolve) => (answer = resolve)),
    cancelExport: async () => {
      cancels++;
      return { ok: true, value: { cancelled: true } };
    },
  } as unknown as InspectorApi;
  const store = createHistoryStore(api);
  const done = store.getState().exportBundle('2026-11-30-18-15-19');
  expect(store.getState().exporting).toBe(true);
  await store.getState().cancelExport();
  expect(cancels).toBe(1);
  answer({
    ok: false,
    error: { code: 'cancelled', message: 'the export was cancelled; nothing was written' },
  });
  await done;
  expect(store.getState()).toMatchObject({
    exporting: false,
    busy: false,
    error: null,
    notice: 'exportCancelled',
  });
});

test('Stop reading / Resume ask the main side and show what it answers', async () => {
  const asked: (boolean | undefined)[] = [];
  const api = {
    historyIndexing: async ({ run }: { run?: boolean }) => {
      asked.push(run);
      return { ok: true, value: { stopped: run === false, pending: 10 } };
    },
  } as unknown as InspectorApi;
  const store = createHistoryStore(api);
  await store.getState().setIndexing(false);
  expect(store.getState().indexStopped).toBe(true);
  await store.getState().setIndexing(true);
  expect(store.getState().indexStopped).toBe(false);
  expect(asked).toEqual([false, true]);
});

test('keyboard moves: the selection moves alone until a detail is open, then the detail follows; Escape closes', async () => {
  const asked: string[] = [];
  const api = {
    getSnapshot: (input: { key: string }) => {
      asked.push(input.key);
      return Promise.resolve({ ok: false, error: { code: 'not-found', message: input.key } });
    },
  } as unknown as InspectorApi;
  const store = createHistoryStore(api);
  await store.getState().moveTo('a');
  expect(store.getState().selected).toBe('a');
  expect(store.getState().view).toEqual({ kind: 'none' });
  expect(asked).toEqual([]);
  await store.getState().select('a');
  await store.getState().moveTo('b');
  expect(store.getState().view).toEqual({ kind: 'detail', key: 'b' });
  expect(asked).toEqual(['a', 'b']);
  // Escape while a compare is being picked cancels the compare first, then closes the view.
  store.getState().markCompare('b');
  store.getState().closeView();
  expect(store.getState().compareWith).toBeNull();
  expect(store.getState().view).toEqual({ kind: 'detail', key: 'b' });
  store.getState().closeView();
  expect(store.getState().view).toEqual({ kind: 'none' });
  expect(store.getState().selected).toBe('b');
});

type SearchPart = HistoryMethodOutputs['searchSnapshots'];

/** An API whose search answers one part per call, when the test lets it: 3 parts of 10 of 30. */
function steppedSearchApi() {
  const calls: { from: number; answer: () => void }[] = [];
  const api = {
    searchSnapshots: (input: { from?: number }): Promise<ApiResult<SearchPart>> =>
      new Promise((resolve) => {
        const from = input.from ?? 0;
        calls.push({
          from,
          answer: () =>
            resolve({
              ok: true,
              value: {
                keys: [`k${from}`, `k${from + 5}`],
                searched: 10,
                unreadable: 0,
                next: from + 10 < 30 ? from + 10 : null,
                total: 30,
              },
            }),
        });
      }),
  } as unknown as InspectorApi;
  return { api, calls };
}

test('a search shows each part’s matches as it comes, stops after the part in flight, and resumes', async () => {
  const { api, calls } = steppedSearchApi();
  const store = createHistoryStore(api);
  const running = store.getState().runSearch('needle');
  expect(calls.map((c) => c.from)).toEqual([0]);
  calls[0]?.answer();
  await tick();
  // The first matches are in the table's filter before the search is done.
  expect([...(store.getState().filters.hits ?? [])]).toEqual(['k0', 'k5']);
  expect(store.getState().searchProgress).toEqual({ searched: 10, total: 30, next: 10, stopped: false });
  expect(calls.map((c) => c.from)).toEqual([0, 10]);

  store.getState().stopSearch();
  expect(store.getState().searching).toBe(false);
  calls[1]?.answer();
  await running;
  // The part in flight still counts; nothing more is asked.
  expect(store.getState().searchProgress).toEqual({ searched: 20, total: 30, next: 20, stopped: true });
  expect(store.getState().filters.hits?.size).toBe(4);
  expect(calls).toHaveLength(2);

  const resumed = store.getState().resumeSearch();
  expect(calls.map((c) => c.from)).toEqual([0, 10, 20]);
  calls[2]?.answer();
  await resumed;
  expect(store.getState().searchProgress).toEqual({ searched: 30, total: 30, next: null, stopped: false });
  expect(store.getState().filters.hits?.size).toBe(6);
});

test('a new query drops the old one’s late answer', async () => {
  const { api, calls } = steppedSearchApi();
  const store = createHistoryStore(api);
  void store.getState().runSearch('old');
  void store.getState().runSearch('new');
  calls[0]?.answer();
  calls[1]?.answer();
  await tick();
  // Only the new query's first part is counted, once.
  expect(store.getState().searchProgress?.searched).toBe(10);
  expect(store.getState().filters.hits?.size).toBe(2);
});

test('the archive control reads the numbers and settings, and saves only the retention', async () => {
  const sent: unknown[] = [];
  const stats = {
    dir: '/s/archive/h-1',
    exists: true,
    snapshots: 120,
    rawBytes: 9_000_000,
    storedBytes: 400_000,
  };
  const api = {
    getArchiveStats: () => Promise.resolve({ ok: true, value: stats }),
    getArchiveSettings: () => Promise.resolve({ ok: true, value: { enabled: false, keepDays: 90 } }),
    setArchiveSettings: (input: unknown) => {
      sent.push(input);
      return Promise.resolve({ ok: true, value: input });
    },
  } as unknown as InspectorApi;
  const store = createHistoryStore(api);
  expect(store.getState().archive).toBeNull();
  await store.getState().loadArchive();
  expect(store.getState().archive).toEqual({ stats, settings: { enabled: false, keepDays: 90 } });
  await store.getState().saveArchiveKeep(null);
  // Archiving stays off as the user had it; only the days changed.
  expect(sent).toEqual([{ enabled: false, keepDays: null }]);
  expect(store.getState().archive?.settings).toEqual({ enabled: false, keepDays: null });
  expect(store.getState().archiveSaved).toEqual({ enabled: false, keepDays: null });
});

test('a refused save of the retention shows the error and keeps the stored setting', async () => {
  const api = {
    getArchiveStats: () =>
      Promise.resolve({
        ok: true,
        value: { dir: '/a', exists: false, snapshots: 0, rawBytes: 0, storedBytes: 0 },
      }),
    getArchiveSettings: () => Promise.resolve({ ok: true, value: { enabled: true, keepDays: 90 } }),
    setArchiveSettings: () =>
      Promise.resolve({ ok: false, error: { code: 'write-error', message: 'read-only settings folder' } }),
  } as unknown as InspectorApi;
  const store = createHistoryStore(api);
  await store.getState().loadArchive();
  await store.getState().saveArchiveKeep(30);
  expect(store.getState().error).toMatchObject({ code: 'write-error' });
  expect(store.getState().archive?.settings.keepDays).toBe(90);
  expect(store.getState().archiveSaved).toBeNull();
});

test('in the browser, an export is a download: the offered bundle is saved and the notice names the file', async () => {
  const asked: unknown[] = [];
  const api = {
    exportBundle: async (input: unknown): Promise<ApiResult<HistoryMethodOutputs['exportBundle']>> => {
      asked.push(input);
      return {
        ok: true,
        value: { path: null, download: { id: 'd1', name: 'snapshot-k.json', bytes: 9 }, bytes: 9, files: 3 },
      };
    },
  } as unknown as InspectorApi;
  const delivered: string[] = [];
  const store = createHistoryStore(api, async (d) => {
    delivered.push(d.id);
    return { ok: true, value: { name: d.name } };
  });
  await store.getState().exportBundle('k');
  // The user says where (a save dialog on the desktop, the download here).
  expect(asked).toEqual([{ key: 'k', saveAs: true }]);
  expect(delivered).toEqual(['d1']);
  expect(store.getState().notice).toBe('downloaded:3:snapshot-k.json');
});

test('a compare is older → newer whichever was picked first; swap turns it round', async () => {
  const diffs: { a: string; b: string }[] = [];
  const api = {
    diffSnapshots: async (input: { a: string; b: string }) => {
      diffs.push(input);
      return { ok: true, value: { a: input.a, b: input.b } };
    },
  } as unknown as InspectorApi;
  const store = createHistoryStore(api);
  await store.getState().runDiff('2026-11-30-10-00-00', '2026-11-29-10-00-00');
  expect(store.getState().view).toEqual({ kind: 'diff', a: '2026-11-29-10-00-00', b: '2026-11-30-10-00-00' });
  await store.getState().swapDiff();
  expect(store.getState().view).toEqual({ kind: 'diff', a: '2026-11-30-10-00-00', b: '2026-11-29-10-00-00' });
  expect(diffs.at(-1)).toEqual({ a: '2026-11-30-10-00-00', b: '2026-11-29-10-00-00' });
});

test('Back (or Escape) from a replay returns to the snapshot it replayed', async () => {
  const api = {
    replaySnapshot: async () => ({ ok: true, value: {} }),
    getSnapshot: async ({ key }: { key: string }) => ({ ok: true, value: { summary: { key } } }),
  } as unknown as InspectorApi;
  const store = createHistoryStore(api);
  await store.getState().runReplay('k1', null);
  expect(store.getState().view).toEqual({ kind: 'replay', key: 'k1' });
  store.getState().closeView();
  await tick();
  expect(store.getState().view).toEqual({ kind: 'detail', key: 'k1' });
  store.getState().closeView();
  expect(store.getState().view).toEqual({ kind: 'none' });
});

test('Confirm deletes what the clean preview showed: it sends the preview’s cutoff back', async () => {
  const asked: unknown[] = [];
  const preview = {
    count: 2,
    files: 8,
    basis: 'mtime',
    bytes: 100,
    oldest: { key: 'a', mtime: 1 },
    newest: { key: 'b', mtime: 2 },
    cutoff: 12_345,
    deleted: false,
    failed: [],
  };
  const api = {
    cleanOldSnapshots: async (input: { confirm: boolean }) => {
      asked.push(input);
      return { ok: true, value: { ...preview, deleted: input.confirm } };
    },
    getHistory: async () => ({ ok: false, error: { code: 'internal', message: 'not in this test' } }),
    historyIndexing: async () => ({ ok: true, value: { stopped: false, pending: 0 } }),
    // The listing after a clean reads the archive's numbers too.
    getArchiveStats: async () => ({ ok: false, error: { code: 'internal', message: 'not in this test' } }),
    getArchiveSettings: async () => ({ ok: true, value: { enabled: false, keepDays: 90 } }),
  } as unknown as InspectorApi;
  const store = createHistoryStore(api);
  await store.getState().askClean(24);
  expect(store.getState().clean).toMatchObject({ count: 2, oldest: { key: 'a' } });
  await store.getState().confirmClean(24);
  expect(asked).toEqual([
    { hours: 24, confirm: false },
    { hours: 24, confirm: true, cutoff: 12_345 },
  ]);
  expect(store.getState().clean).toBeNull();
});
