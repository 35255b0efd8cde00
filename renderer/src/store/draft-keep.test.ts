import { expect, test } from 'vitest';
import type { ApiResult, InspectorApi } from '../../../shared/api';
import type { ManifestFilePair } from '../../../shared/override/override-file';
import { setSectionEnabled } from '../../../shared/override/override-ops';
import { createAppStore } from './create-store';
import { DRAFT_KEY_PREFIX, keepDraftsAcrossReloads } from './draft-keep';
import { currentDraft, sessionDirty } from './draft-session';

const PAIR: ManifestFilePair = {
  manifestFile: 'eck_manifest.json',
  basePath: '/p/kits/eck_manifest.json',
  baseText: '{"sections":[{"id":"rules","order":10}]}',
  overridePath: '/h/eck/eck_manifest.json',
  override: { text: '{"sections":[]}', hash: 'a'.repeat(64), mtimeMs: 1, bytes: 15 },
};
const ok = <T>(value: T): Promise<ApiResult<T>> => Promise.resolve({ ok: true, value });
const api = {
  loadManifestPair: () => ok(PAIR),
  renderDraft: () => ok({ saved: null, draft: null }),
} as unknown as InspectorApi;

/** A Storage over a Map (what localStorage offers the keeper). */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    key: (i: number) => [...m.keys()][i] ?? null,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
  };
}

/** A page: a new store over the same storage, as after a reload. */
async function page(storage: Storage) {
  const store = createAppStore(api, { systemLanguage: 'en', languageChoice: 'system', theme: 'system' });
  keepDraftsAcrossReloads(store, storage, () => 1000);
  await store.getState().draft.load('eck_manifest.json');
  return store;
}

test('a dirty draft is kept per override file and comes back after a reload, with a notice', async () => {
  const storage = memoryStorage();
  const first = await page(storage);
  first.getState().draft.edit((v, base) => setSectionEnabled(v, base, 'rules', false));
  const text = currentDraft(first.getState().draft.session!).text;
  expect(storage.getItem(`${DRAFT_KEY_PREFIX}${PAIR.overridePath}`)).toContain('enabled');

  const second = await page(storage);
  const session = second.getState().draft.session!;
  expect(sessionDirty(session)).toBe(true);
  expect(currentDraft(session).text).toBe(text);
  expect(second.getState().draftKeep.restored).toMatchObject({
    manifestFile: 'eck_manifest.json',
    editedAt: 1000,
    fileChanged: false,
  });
  // Discarding it forgets it: the next page opens on the file as it is.
  second.getState().draft.discard();
  expect(storage.length).toBe(0);
  expect(second.getState().draftKeep.restored).toBeNull();
  const third = await page(storage);
  expect(sessionDirty(third.getState().draft.session!)).toBe(false);
});

test('"reload theirs" on the same page does not bring the draft back', async () => {
  const storage = memoryStorage();
  const store = await page(storage);
  store.getState().draft.edit((v, base) => setSectionEnabled(v, base, 'rules', false));
  await store.getState().draft.load('eck_manifest.json');
  expect(sessionDirty(store.getState().draft.session!)).toBe(false);
  expect(storage.length).toBe(0);
});
