/**
 * Which render the tabs show and the band's change count.
 */
import { expect, test } from 'vitest';
import type { RenderResult } from '../../../shared/api';
import type { DraftRenders } from '../../../shared/api/methods/override';
import type { ManifestFilePair } from '../../../shared/override/override-file';
import { setSectionEnabled } from '../../../shared/override/override-ops';
import type { DraftSession } from './draft-session';
import { openSession, sessionEdit, sessionUndo } from './draft-session';
import type { AppState } from './app-state';
import { draftChangeCount, shownRender, showsDraft } from './shown-render';

const pair = (override: string | null): ManifestFilePair => ({
  manifestFile: 'eck_manifest.json',
  basePath: '/p/kits/eck_manifest.json',
  baseText: JSON.stringify({ sections: [{ id: 'persona' }, { id: 'rules' }, { id: 'notes' }] }),
  overridePath: '/h/eck/eck_manifest.json',
  override:
    override === null ? null : { text: override, hash: 'a'.repeat(64), mtimeMs: 1, bytes: override.length },
});

const off = (s: DraftSession, id: string) => sessionEdit(s, (v, b) => setSectionEnabled(v, b, id, false));

test('two sections switched off are 2 changes, undoing one makes 1, with or without an override file', () => {
  for (const text of [null, '{\n  "sections": [\n    { "id": "notes", "enabled": false }\n  ]\n}\n']) {
    const two = off(off(openSession(pair(text)), 'persona'), 'rules');
    expect(draftChangeCount(two)).toBe(2);
    expect(draftChangeCount(sessionUndo(two))).toBe(1);
    expect(draftChangeCount(sessionUndo(sessionUndo(two)))).toBe(0);
  }
});

const render = (seq: number) => ({ seq }) as unknown as RenderResult;
const state = (session: DraftSession | null, renders: DraftRenders | null, showSaved = false) =>
  ({ render: render(1), draft: { session, renders, showSaved } }) as unknown as Pick<
    AppState,
    'draft' | 'render'
  >;

test('the tabs show the draft render while a draft exists, the saved one on "Show saved" or without a draft', () => {
  const clean = openSession(pair(null));
  const dirty = off(clean, 'rules');
  const renders = { saved: render(2), draft: render(3) } as DraftRenders;
  expect(shownRender(state(dirty, renders))?.seq).toBe(3);
  expect(showsDraft(state(dirty, renders))).toBe(true);
  expect(shownRender(state(dirty, renders, true))?.seq).toBe(1);
  // No draft text any more (undone back to the file): the saved render, whatever came back.
  expect(shownRender(state(clean, renders))?.seq).toBe(1);
  // The draft's render not back yet: the saved one meanwhile.
  expect(shownRender(state(dirty, { saved: render(2), draft: null }))?.seq).toBe(1);
});
