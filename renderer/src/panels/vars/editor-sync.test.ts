import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../shared/scenarios/presets';
import { editorStateOf, fromForm, fromText, replacesEditor } from './editor-sync';

describe('form and JSON view in sync', () => {
  it('a form edit rewrites the text', () => {
    const s = fromForm({ chatType: 'group' });
    expect(s.text).toContain('"chatType": "group"');
    expect(s.textError).toBeNull();
  });

  it('typing valid JSON updates the vars; the text stays as typed', () => {
    const typed = '{"peerRole":   "visitor"}';
    const s = fromText(editorStateOf({ peerRole: 'owner' }), typed);
    expect(s).toEqual({ vars: { peerRole: 'visitor' }, text: typed, textError: null });
  });

  it('half-typed JSON keeps the last valid vars and the typed text, with the error', () => {
    const start = editorStateOf({ peerRole: 'owner' });
    const s = fromText(start, '{"peerRole": "vis');
    expect(s.vars).toEqual({ peerRole: 'owner' });
    expect(s.text).toBe('{"peerRole": "vis');
    expect(s.textError).toMatchObject({ line: 1 });
    expect(fromText(s, '{"peerRole": "visitor"}').vars).toEqual({ peerRole: 'visitor' });
  });
});

describe('a scenario from outside', () => {
  const sent = { ...presetScenario('private-owner'), presetId: null };
  const typedSince = editorStateOf({ ...sent.vars, peerName: 'Bo' });

  it("is ignored when it is the editor's own echo, or when only the session type changed", () => {
    expect(replacesEditor(sent, typedSince, sent)).toBe(false);
    expect(replacesEditor({ ...sent, sessionType: 'auxiliary' }, typedSince, sent)).toBe(false);
  });

  it('replaces the editor for a preset, a snapshot or an agent switch', () => {
    expect(replacesEditor(presetScenario('group-member'), typedSince, sent)).toBe(true);
    expect(replacesEditor({ ...sent, vars: { ...sent.vars, selfAid: 'x' } }, typedSince, sent)).toBe(true);
  });

  it('replaces a broken text even when the vars are the same', () => {
    const broken = fromText(editorStateOf(sent.vars), '{');
    expect(replacesEditor({ ...sent }, broken, null)).toBe(true);
    expect(replacesEditor({ ...sent }, editorStateOf(sent.vars), null)).toBe(false);
  });
});
