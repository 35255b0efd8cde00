import { describe, expect, it } from 'vitest';
import { getVarSpec } from '../../../../shared/vars/catalog';
import type { VarSpec } from '../../../../shared/vars/catalog';
import { controlOf, fieldState, mismatch, parseJsonInput, parseNumberInput, withField } from './field-model';

const spec = (name: string): VarSpec => {
  const s = getVarSpec(name);
  if (s === undefined) throw new Error(name);
  return s;
};

describe('controls per var type', () => {
  it('closed sets pick, open sets combine, booleans toggle, objects are JSON', () => {
    expect(controlOf(spec('chatType'))).toBe('select');
    expect(controlOf(spec('peerType'))).toBe('select');
    expect(controlOf(spec('peerRole'))).toBe('combo');
    expect(controlOf(spec('channel'))).toBe('combo');
    expect(controlOf(spec('hasPersona'))).toBe('toggle');
    expect(controlOf(spec('pendingCount'))).toBe('number');
    expect(controlOf(spec('renderModes'))).toBe('json');
    expect(controlOf(spec('items'))).toBe('json');
    expect(controlOf(spec('selfName'))).toBe('text');
    expect(controlOf(spec('CURRENT_PROJECT'))).toBe('text');
  });
});

describe('unset, null and empty string are three states', () => {
  it('reads them apart', () => {
    const vars = { a: null, b: '', c: 0 };
    expect(fieldState(vars, 'a')).toEqual({ kind: 'null' });
    expect(fieldState(vars, 'b')).toEqual({ kind: 'value', value: '' });
    expect(fieldState(vars, 'c')).toEqual({ kind: 'value', value: 0 });
    expect(fieldState(vars, 'd')).toEqual({ kind: 'unset' });
  });

  it('writes them apart, keeping the key in place', () => {
    const vars = { a: 1, b: 2, c: 3 };
    expect(Object.keys(withField(vars, 'b', { kind: 'value', value: '' }))).toEqual(['a', 'b', 'c']);
    expect(withField(vars, 'b', { kind: 'value', value: '' })['b']).toBe('');
    expect(withField(vars, 'b', { kind: 'null' })).toEqual({ a: 1, b: null, c: 3 });
    expect(withField(vars, 'b', { kind: 'unset' })).toEqual({ a: 1, c: 3 });
    expect(Object.keys(withField(vars, 'z', { kind: 'value', value: true }))).toEqual(['a', 'b', 'c', 'z']);
  });
});

describe('typed input', () => {
  it('numbers accept 0 and refuse text', () => {
    expect(parseNumberInput('0')).toEqual({ ok: true, value: 0 });
    expect(parseNumberInput(' 12.5 ')).toEqual({ ok: true, value: 12.5 });
    expect(parseNumberInput('abc').ok).toBe(false);
    expect(parseNumberInput('').ok).toBe(false);
  });

  it('JSON fields want their shape', () => {
    expect(parseJsonInput('{"imageInput": true}', 'object')).toEqual({
      ok: true,
      value: { imageInput: true },
    });
    expect(parseJsonInput('[1]', 'object')).toEqual({ ok: false, error: 'an object' });
    expect(parseJsonInput('{}', 'array')).toEqual({ ok: false, error: 'an array' });
    expect(parseJsonInput('{', 'object').ok).toBe(false);
  });

  it('flags a hand-edited value the control cannot show', () => {
    expect(mismatch(spec('chatType'), 'grup')).toBe(true);
    expect(mismatch(spec('chatType'), 'group')).toBe(false);
    expect(mismatch(spec('peerRole'), 'auditor')).toBe(false);
    expect(mismatch(spec('hasPersona'), 'yes')).toBe(true);
  });
});
