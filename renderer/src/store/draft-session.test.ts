import { expect, test } from 'vitest';
import type { ManifestFilePair } from '../../../shared/override/override-file';
import { setSectionEnabled } from '../../../shared/override/override-ops';
import {
  currentDraft,
  openSession,
  saveRequest,
  sessionDirty,
  sessionDiscard,
  sessionEdit,
  sessionRedo,
  sessionSaved,
  sessionType,
  sessionUndo,
} from './draft-session';

const HASH = 'a'.repeat(64);
const pair = (text: string | null): ManifestFilePair => ({
  manifestFile: 'eck_manifest.json',
  basePath: '/p/kits/eck_manifest.json',
  baseText: JSON.stringify({ sections: [{ id: 'rules', order: 10, when: 'always' }] }),
  overridePath: '/h/eck/eck_manifest.json',
  override: text === null ? null : { text, hash: HASH, mtimeMs: 1, bytes: text.length },
});

const off = (s: ReturnType<typeof openSession>) =>
  sessionEdit(s, (v, b) => setSectionEnabled(v, b, 'rules', false));

test('an edit is a draft: dirty, undoable, redoable, discardable', () => {
  const s0 = openSession(pair(null));
  expect(saveRequest(s0)).toBeNull();
  const s1 = off(s0);
  expect(sessionDirty(s1)).toBe(true);
  expect(saveRequest(s1)).toEqual({
    manifestFile: 'eck_manifest.json',
    text: '{\n  "sections": [\n    {\n      "id": "rules",\n      "enabled": false\n    }\n  ]\n}\n',
    expectedHash: null,
    force: false,
  });
  expect(sessionDirty(sessionUndo(s1))).toBe(false);
  expect(currentDraft(sessionRedo(sessionUndo(s1))).text).toBe(currentDraft(s1).text);
  const discarded = sessionDiscard(s1);
  expect(sessionDirty(discarded)).toBe(false);
  expect(sessionDirty(sessionUndo(discarded))).toBe(true);
});

test('the save is based on the hash of the file as loaded; after it the saved file is the start', () => {
  const s = off(openSession(pair('{"sections":[]}')));
  expect(saveRequest(s, true)).toMatchObject({ expectedHash: HASH, force: true });
  const text = currentDraft(s).text ?? '';
  const after = sessionSaved(s, { text, hash: 'b'.repeat(64), mtimeMs: 2, bytes: text.length });
  expect(sessionDirty(after)).toBe(false);
  expect(after.history.past).toEqual([]);
});

test('expert typing is one undo step and a text that does not parse cannot be saved', () => {
  let s = openSession(pair('{"sections":[]}'));
  s = sessionType(s, '{"sections":[');
  s = sessionType(s, '{"sections":[]');
  expect(currentDraft(s).parseError).not.toBeNull();
  expect(saveRequest(s)).toBeNull();
  s = sessionType(s, '{"sections":[] }');
  expect(saveRequest(s)?.text).toBe('{"sections":[] }');
  expect(sessionDirty(sessionUndo(s))).toBe(false);
});
