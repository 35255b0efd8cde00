import { expect, test } from 'vitest';
import type { ApiResult, InspectorApi, RenderResult, Scenario } from '../../../shared/api';
import type { ManifestFilePair, SaveOverrideResult } from '../../../shared/override/override-file';
import type { DraftRenders } from '../../../shared/api/methods/override';
import { setSectionEnabled } from '../../../shared/override/override-ops';
import { createAppStore } from './create-store';

const HASH = 'a'.repeat(64);
const PAIR: ManifestFilePair = {
  manifestFile: 'eck_manifest.json',
  basePath: '/p/kits/eck_manifest.json',
  baseText: '{"sections":[{"id":"rules","order":10}]}',
  overridePath: '/h/eck/eck_manifest.json',
  override: { text: '{"sections":[]}', hash: HASH, mtimeMs: 1, bytes: 15 },
};
const SCENARIO: Scenario = { presetId: null, vars: {}, sessionType: 'main', manifestFile: null };
const ok = <T>(value: T): Promise<ApiResult<T>> => Promise.resolve({ ok: true, value });
const DEFAULTS = { systemLanguage: 'en', languageChoice: 'system', theme: 'system' } as const;

/** The window's store over `api`; tests drive its draft slice. */
function createDraftStore(api: InspectorApi) {
  const store = createAppStore(api, DEFAULTS);
  return { getState: () => store.getState().draft };
}

function fakeApi(disk: { pair: ManifestFilePair }, calls: unknown[]) {
  return {
    loadManifestPair: () => ok(disk.pair),
    renderDraft: (input: unknown) => {
      calls.push(input);
      return ok({ saved: { seq: 1 }, draft: null } as unknown as DraftRenders);
    },
    saveOverride: (input: { text: string }): Promise<ApiResult<SaveOverrideResult>> => {
      const saved = { text: input.text, hash: 'b'.repeat(64), mtimeMs: 2, bytes: input.text.length };
      disk.pair = { ...disk.pair, override: saved };
      return ok({
        kind: 'saved',
        path: PAIR.overridePath,
        disk: saved,
        backupPath: null,
        warnings: [],
        change: { on: [], off: [], changed: [], other: false },
        keptVersion: null,
        versionError: null,
      });
    },
  } as unknown as InspectorApi;
}

test('a save comes back from the watcher as the same file: the session and the saved notice stay', async () => {
  const disk = { pair: PAIR };
  const api = fakeApi(disk, []);
  const store = createDraftStore(api);
  await store.getState().load('eck_manifest.json');
  store.getState().edit((v, b) => setSectionEnabled(v, b, 'rules', false));
  await store.getState().save();
  expect(store.getState().outcome?.kind).toBe('saved');
  const session = store.getState().session;
  await store.getState().load('eck_manifest.json');
  expect(store.getState().session).toBe(session);
  expect(store.getState().outcome?.kind).toBe('saved');
  // Someone else's change is a new file: it replaces the (clean) session.
  disk.pair = { ...PAIR, override: { text: '{}', hash: 'c'.repeat(64), mtimeMs: 3, bytes: 2 } };
  await store.getState().load('eck_manifest.json');
  expect(store.getState().session?.pair.override?.hash).toBe('c'.repeat(64));
});

test('renders are asked with the draft text only while there is a draft, once per state', async () => {
  const calls: unknown[] = [];
  const api = fakeApi({ pair: PAIR }, calls);
  const store = createDraftStore(api);
  await store.getState().load('eck_manifest.json');
  await store.getState().refreshRenders(SCENARIO, 1);
  await store.getState().refreshRenders(SCENARIO, 1);
  store.getState().edit((v, b) => setSectionEnabled(v, b, 'rules', false));
  await store.getState().refreshRenders(SCENARIO, 1);
  expect(calls).toEqual([
    { scenario: SCENARIO, manifestFile: 'eck_manifest.json' },
    {
      scenario: SCENARIO,
      manifestFile: 'eck_manifest.json',
      overrideText: '{"sections":[{ "id": "rules", "enabled": false }]}',
    },
  ]);
  expect((store.getState().renders?.saved as RenderResult | undefined)?.seq).toBe(1);
});

test('a reload the watcher caused says which sections were added, removed and changed, until dismissed', async () => {
  const disk = {
    pair: {
      ...PAIR,
      override: {
        text: '{"sections":[{"id":"rules","enabled":false},{"id":"gone"}]}',
        hash: HASH,
        mtimeMs: 1,
        bytes: 1,
      },
    },
  };
  const api = fakeApi(disk, []);
  const store = createDraftStore(api);
  await store.getState().load('eck_manifest.json');
  expect(store.getState().reloadNotice).toBeNull();
  disk.pair = {
    ...disk.pair,
    override: {
      text: '{"sections":[{"id":"rules"},{"id":"notes","path":"n.md"}]}',
      hash: 'd'.repeat(64),
      mtimeMs: 2,
      bytes: 1,
    },
  };
  await store.getState().load('eck_manifest.json', true);
  expect(store.getState().reloadNotice).toEqual({
    path: PAIR.overridePath,
    changes: { added: ['notes'], removed: ['gone'], changed: ['rules'], other: false },
  });
  expect(store.getState().session?.pair.override?.hash).toBe('d'.repeat(64));
  store.getState().dismissReloadNotice();
  expect(store.getState().reloadNotice).toBeNull();
  // A load the user asked for (not the watcher) says nothing.
  disk.pair = {
    ...disk.pair,
    override: { text: '{"sections":[]}', hash: 'e'.repeat(64), mtimeMs: 3, bytes: 1 },
  };
  await store.getState().load('eck_manifest.json');
  expect(store.getState().reloadNotice).toBeNull();
});

test('an edit made while a load is on its way is kept; "reload theirs" asked over a draft replaces it', async () => {
  const disk = { pair: PAIR };
  let release: () => void = () => undefined;
  let held = false;
  const api = {
    ...fakeApi(disk, []),
    // While `held`, the answer waits for `release()`: a watcher reload still on its way.
    loadManifestPair: () =>
      held
        ? new Promise<ApiResult<ManifestFilePair>>((done) => {
            const pair = disk.pair;
            release = () => done({ ok: true, value: pair });
          })
        : ok(disk.pair),
  } as unknown as InspectorApi;
  const store = createDraftStore(api);
  await store.getState().load('eck_manifest.json');
  held = true;
  disk.pair = {
    ...PAIR,
    override: { text: '{"sections":[{"id":"x"}]}', hash: 'f'.repeat(64), mtimeMs: 4, bytes: 1 },
  };
  const late = store.getState().load('eck_manifest.json', true);
  store.getState().edit((v, b) => setSectionEnabled(v, b, 'rules', false));
  const edited = store.getState().session;
  release();
  await late;
  // The user's edit is still the session: the late answer did not replace it with a clean one.
  expect(store.getState().session).toBe(edited);
  expect(store.getState().session?.pair.override?.hash).toBe(HASH);
  // Asked with the draft open (the conflict's "reload theirs"): the disk's file replaces the draft.
  held = false;
  await store.getState().load('eck_manifest.json');
  expect(store.getState().session?.pair.override?.hash).toBe('f'.repeat(64));
  expect(store.getState().session?.history.past).toEqual([]);
});

test('the actions call the api the store was made with, and only that one', async () => {
  const calls: unknown[] = [];
  const other: unknown[] = [];
  const mine = createDraftStore(fakeApi({ pair: PAIR }, calls));
  const theirs = createDraftStore(fakeApi({ pair: { ...PAIR, manifestFile: 'other.json' } }, other));
  await mine.getState().load('eck_manifest.json');
  await mine.getState().refreshRenders(SCENARIO, 1);
  expect(mine.getState().session?.pair.manifestFile).toBe('eck_manifest.json');
  expect(calls).toHaveLength(1);
  expect(other).toHaveLength(0);
  expect(theirs.getState().session).toBeNull();
});
