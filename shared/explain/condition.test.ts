import { describe, expect, it } from 'vitest';
import type { Json, Vars } from '../engine';
import { evaluateWhen, parseWhen } from '../engine';
import { explainCondition, fixCondition } from './condition';

/** Evaluates a `when` the way the engine does and explains it. */
function explain(when: Json, vars: Vars) {
  const { result, reads, tree } = evaluateWhen(parseWhen(when), vars);
  return explainCondition({ expression: when, result, reads, tree });
}

/** Applies a fix (first suggestion where there is a choice) and re-evaluates. */
function applyFix(when: Json, vars: Vars): boolean {
  const fix = fixCondition(explain(when, vars));
  if (fix === null) return true;
  const next: Record<string, unknown> = { ...vars };
  const changes = fix.mode === 'one-of' ? fix.changes.slice(0, 1) : fix.changes;
  for (const c of changes) {
    if (c.kind === 'set') next[c.var] = c.value;
    else if (c.kind === 'unset') delete next[c.var];
    else if (c.kind === 'set-one-of') next[c.var] = c.values[0];
    else next[c.var] = c.suggestions[0];
  }
  return evaluateWhen(parseWhen(when), next).result;
}

describe('explainCondition: each var with its actual value', () => {
  it('chatType = null, so chatType ≠ null is false', () => {
    expect(explain({ var: 'chatType', neq: null }, { chatType: null })).toEqual({
      op: 'neq',
      var: { name: 'chatType', value: null, present: true, truthy: false },
      expected: null,
      result: false,
    });
  });

  it('any / all list every name with its value and truthiness', () => {
    expect(explain({ all: ['a', 'b'] }, { a: 1, b: '' })).toEqual({
      op: 'all',
      vars: [
        { name: 'a', value: 1, present: true, truthy: true },
        { name: 'b', value: '', present: true, truthy: false },
      ],
      result: false,
    });
  });

  it('an invalid or unevaluated condition has no explanation', () => {
    expect(explainCondition({ expression: 'sometimes', result: null, reads: [], tree: null })).toBeNull();
  });
});

describe('fixCondition: the smallest change that makes it true', () => {
  it.each<[string, Json, Vars, unknown]>([
    [
      'eq V → set X to V',
      { var: 'chatType', eq: 'group' },
      { chatType: 'private' },
      { mode: 'all', impossible: false, changes: [{ kind: 'set', var: 'chatType', value: 'group' }] },
    ],
    [
      'eq null → unset X',
      { var: 'chatType', eq: null },
      { chatType: 'group' },
      { mode: 'all', impossible: false, changes: [{ kind: 'unset', var: 'chatType' }] },
    ],
    [
      'neq null → any value, catalog values suggested',
      { var: 'chatType', neq: null },
      { chatType: null },
      {
        mode: 'all',
        impossible: false,
        changes: [{ kind: 'set-any', var: 'chatType', suggestions: ['private', 'group'] }],
      },
    ],
    [
      'neq V → a value other than V',
      { var: 'clientType', neq: 'web' },
      { clientType: 'web' },
      {
        mode: 'all',
        impossible: false,
        changes: [{ kind: 'set-other', var: 'clientType', not: ['web'], suggestions: ['desktop', 'mobile'] }],
      },
    ],
    [
      'in → one of the list',
      { var: 'peerRole', in: ['owner', 'admin'] },
      { peerRole: 'member' },
      {
        mode: 'all',
        impossible: false,
        changes: [{ kind: 'set-one-of', var: 'peerRole', values: ['owner', 'admin'] }],
      },
    ],
    [
      'nin → a value outside the list',
      { var: 'chatType', nin: ['group'] },
      { chatType: 'group' },
      {
        mode: 'all',
        impossible: false,
        changes: [{ kind: 'set-other', var: 'chatType', not: ['group'], suggestions: ['private'] }],
      },
    ],
    [
      'any → one of the names truthy',
      { any: ['hasPersona', 'peerKey'] },
      { hasPersona: false },
      {
        mode: 'one-of',
        impossible: false,
        changes: [
          { kind: 'make-truthy', var: 'hasPersona', suggestions: [true] },
          { kind: 'make-truthy', var: 'peerKey', suggestions: ['aun#alice.aid.pub'] },
        ],
      },
    ],
    [
      'all → only the falsy names',
      { all: ['hasPersona', 'hasWorkingMemory', 'selfAid'] },
      { hasPersona: true, hasWorkingMemory: 0, selfAid: '' },
      {
        mode: 'all',
        impossible: false,
        changes: [
          { kind: 'make-truthy', var: 'hasWorkingMemory', suggestions: [true] },
          { kind: 'make-truthy', var: 'selfAid', suggestions: ['nova.aid.pub'] },
        ],
      },
    ],
    [
      'in [] can never be true',
      { var: 'x', in: [] },
      { x: 1 },
      { mode: 'all', impossible: true, changes: [] },
    ],
    ['any [] can never be true', { any: [] }, {}, { mode: 'one-of', impossible: true, changes: [] }],
    [
      'an unknown var gets no suggestions',
      { var: 'mystery', neq: null },
      {},
      { mode: 'all', impossible: false, changes: [{ kind: 'set-any', var: 'mystery', suggestions: [] }] },
    ],
  ])('%s', (_name, when, vars, expected) => {
    expect(fixCondition(explain(when, vars))).toEqual(expected);
  });

  it('a true condition needs no fix', () => {
    expect(fixCondition(explain({ var: 'chatType', neq: null }, { chatType: 'group' }))).toBeNull();
    expect(fixCondition(explain('always', {}))).toBeNull();
  });

  it.each<[Json, Vars]>([
    [{ var: 'chatType', eq: 'group' }, {}],
    [{ var: 'chatType', neq: null }, { chatType: null }],
    [{ var: 'peerRole', in: ['owner', 'admin'] }, { peerRole: 'member' }],
    [{ var: 'chatType', nin: ['private', 'group'] }, { chatType: 'group' }],
    [{ any: ['hasPersona', 'peerKey'] }, {}],
    [{ all: ['hasPersona', 'hasWorkingMemory'] }, { hasPersona: true }],
  ])('applying the fix of %j makes it true', (when, vars) => {
    expect(applyFix(when, vars)).toBe(true);
  });
});
