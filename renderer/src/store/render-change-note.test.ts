import { expect, test } from 'vitest';
import type { RenderResult, RenderTrigger } from '../../../shared/api';
import { stubReport } from '../../../shared/engine/__fixtures__/stub-report';
import { presetScenario } from '../../../shared/scenarios/presets';
import { createAppStore } from './create-store';
import type { InspectorApi } from '../../../shared/api';

const result = (seq: number, context: string, trigger: RenderTrigger): RenderResult => ({
  report: stubReport(context),
  scenario: presetScenario('coding'),
  elapsedMs: 1,
  renderedAt: seq * 1000,
  seq,
  trigger,
});

const DEFAULTS = { systemLanguage: 'en', languageChoice: 'system', theme: 'system' } as const;
const store = () => createAppStore({} as InspectorApi, DEFAULTS);

test('a var edit notes what it changed against the render before; the note stays until the next change', () => {
  const s = store();
  s.getState().applyRender(result(1, 'a\nb', 'workspace'));
  expect(s.getState().changeNote).toBeNull();
  s.getState().applyRender(result(2, 'a\nb\nc\nd', 'scenario'));
  expect(s.getState().changeNote).toMatchObject({
    trigger: 'scenario',
    seq: 2,
    at: 2000,
    changes: { linesAdded: 2, linesRemoved: 0 },
  });
  // A render that changes nothing keeps the last note.
  s.getState().applyRender(result(3, 'a\nb\nc\nd', 'disk'));
  expect(s.getState().changeNote?.seq).toBe(2);
  // A change on disk is the next note.
  s.getState().applyRender(result(4, 'a\nc\nd', 'disk'));
  expect(s.getState().changeNote).toMatchObject({ trigger: 'disk', seq: 4, changes: { linesRemoved: 1 } });
});

test('opening another workspace starts over: no note', () => {
  const s = store();
  s.getState().applyRender(result(1, 'a', 'workspace'));
  s.getState().applyRender(result(2, 'b', 'scenario'));
  expect(s.getState().changeNote).not.toBeNull();
  s.getState().applyRender(result(3, 'c', 'workspace'));
  expect(s.getState().changeNote).toBeNull();
});
