import { describe, expect, test } from 'vitest';
import type { Json } from '../engine';
import { changeWhenKind, formToWhen, parseListInput, parseScalarInput, whenToForm } from './when-form';

describe('the when editor model', () => {
  test.each<[Json]>([
    ['always'],
    [{ var: 'chatType', neq: null }],
    [{ var: 'chatType', eq: 'group' }],
    [{ var: 'peerRole', in: ['owner', 'admin'] }],
    [{ var: 'peerRole', nin: ['guest'] }],
    [{ any: ['groupId', 'peerKey'] }],
    [{ all: [] }],
  ])('%j round-trips through the form', (when) => {
    expect(whenToForm(when).kind).not.toBe('custom');
    expect(formToWhen(whenToForm(when))).toEqual(when);
  });

  test.each<[Json | undefined]>([
    ['sometimes'],
    [{ var: 'x', eq: 1, neq: 2 }],
    [{ var: 'x', in: [{}] }],
    [undefined],
  ])('%j is shown as custom and kept as written', (when) => {
    const form = whenToForm(when);
    expect(form.kind).toBe('custom');
    expect(formToWhen(form)).toEqual(when);
  });

  test('changing the kind keeps the var and the value', () => {
    const eq = whenToForm({ var: 'peerRole', eq: 'owner' });
    expect(formToWhen(changeWhenKind(eq, 'in', 'chatType'))).toEqual({ var: 'peerRole', in: ['owner'] });
    expect(formToWhen(changeWhenKind(eq, 'any', 'chatType'))).toEqual({ any: ['peerRole'] });
    expect(formToWhen(changeWhenKind({ kind: 'always' }, 'neq', 'chatType'))).toEqual({
      var: 'chatType',
      neq: null,
    });
  });

  test('typed values follow the var type; null means not injected', () => {
    expect(parseScalarInput('true', 'boolean')).toBe(true);
    expect(parseScalarInput('3', 'number')).toBe(3);
    expect(parseScalarInput('3', 'string')).toBe('3');
    expect(parseScalarInput('null', 'string')).toBeNull();
    expect(parseListInput('owner, admin,,', 'string')).toEqual(['owner', 'admin']);
  });
});
