import { describe, expect, it } from 'vitest';
import { editorStateOf, fromForm, fromText } from './editor-sync';

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
