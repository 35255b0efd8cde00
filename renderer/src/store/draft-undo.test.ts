/**
 * The named undo stack of the draft: every kind of edit is one step with its name,
 * Undo and Redo say what they would do, and a new edit after an undo clears Redo.
 */
import { expect, test } from 'vitest';
import type { ManifestFilePair } from '../../../shared/override/override-file';
import {
  addSection,
  resetSection,
  setSectionEnabled,
  setSectionField,
} from '../../../shared/override/override-ops';
import type { DraftSession } from './draft-session';
import {
  currentDraft,
  openSession,
  redoLabel,
  sessionDirty,
  sessionDiscard,
  sessionEdit,
  sessionRedo,
  sessionType,
  sessionUndo,
  undoLabel,
} from './draft-session';

const pair: ManifestFilePair = {
  manifestFile: 'eck_manifest.json',
  basePath: '/p/kits/eck_manifest.json',
  baseText: JSON.stringify({
    sections: [
      { id: 'persona', order: 10 },
      { id: 'rules', order: 20 },
    ],
  }),
  overridePath: '/h/eck/eck_manifest.json',
  override: null,
};

const disable = (s: DraftSession, id: string) =>
  sessionEdit(s, (v, b) => setSectionEnabled(v, b, id, false), null, { kind: 'disable', id });

test('a fresh session has nothing to undo or redo', () => {
  const s = openSession(pair);
  expect(undoLabel(s)).toBeNull();
  expect(redoLabel(s)).toBeNull();
});

test('Undo names the last edit, Redo the one undone; each undo takes back exactly one edit', () => {
  let s = disable(openSession(pair), 'persona');
  s = disable(s, 'rules');
  expect(undoLabel(s)).toEqual({ kind: 'disable', id: 'rules' });
  s = sessionUndo(s);
  expect(undoLabel(s)).toEqual({ kind: 'disable', id: 'persona' });
  expect(redoLabel(s)).toEqual({ kind: 'disable', id: 'rules' });
  // rules is back on, persona still off.
  expect(currentDraft(s).text).toContain('persona');
  expect(currentDraft(s).text).not.toContain('rules');
  s = sessionRedo(s);
  expect(currentDraft(s).text).toContain('rules');
  expect(redoLabel(s)).toBeNull();
});

test('a new edit after an undo clears Redo', () => {
  let s = disable(disable(openSession(pair), 'persona'), 'rules');
  s = sessionUndo(s);
  expect(redoLabel(s)).not.toBeNull();
  s = sessionEdit(s, (v, b) => setSectionField(v, b, 'rules', 'order', 5), 'order:rules', {
    kind: 'order',
    id: 'rules',
  });
  expect(redoLabel(s)).toBeNull();
  expect(undoLabel(s)).toEqual({ kind: 'order', id: 'rules' });
  expect(sessionRedo(s)).toBe(s);
});

test('every kind of edit is one named step: condition, add, remove, JSON, discard', () => {
  let s = openSession(pair);
  s = sessionEdit(s, (v, b) => setSectionField(v, b, 'rules', 'when', 'always'), 'when:rules', {
    kind: 'condition',
    id: 'rules',
  });
  // Further changes of the same condition merge into that step, still named.
  s = sessionEdit(
    s,
    (v, b) => setSectionField(v, b, 'rules', 'when', { var: 'chatType', eq: 'group' }),
    'when:rules',
    {
      kind: 'condition',
      id: 'rules',
    },
  );
  expect(s.history.past).toHaveLength(1);
  expect(undoLabel(s)).toEqual({ kind: 'condition', id: 'rules' });
  s = sessionEdit(
    s,
    (v) =>
      addSection(v, {
        id: 'notes',
        type: 'file',
        path: 'notes.md',
        order: 30,
        when: 'always',
        needsInjection: false,
      }),
    null,
    {
      kind: 'add',
      id: 'notes',
    },
  );
  expect(undoLabel(s)).toEqual({ kind: 'add', id: 'notes' });
  s = sessionEdit(s, (v) => resetSection(v, 'notes'), null, { kind: 'remove', id: 'notes' });
  expect(undoLabel(s)).toEqual({ kind: 'remove', id: 'notes' });
  s = sessionType(s, '{"sections":[]}');
  expect(undoLabel(s)).toEqual({ kind: 'json' });
  s = sessionDiscard(s);
  expect(undoLabel(s)).toEqual({ kind: 'discard' });
  expect(sessionDirty(s)).toBe(false);
  // Back through every step to the file as loaded.
  for (const kind of ['discard', 'json', 'remove', 'add', 'condition']) {
    expect(undoLabel(s)?.kind).toBe(kind);
    s = sessionUndo(s);
  }
  expect(undoLabel(s)).toBeNull();
  expect(sessionDirty(s)).toBe(false);
});

test('an edit without a name is still undoable, as an unnamed edit', () => {
  const s = sessionEdit(openSession(pair), (v, b) => setSectionEnabled(v, b, 'rules', false));
  expect(undoLabel(s)).toEqual({ kind: 'edit' });
});
