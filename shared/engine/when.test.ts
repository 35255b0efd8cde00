import { describe, expect, it } from 'vitest';
import type { Json } from './types';
import { evaluateWhen, parseWhen, whenVarNames } from './when';

function evalWhen(raw: Json, vars: Record<string, unknown>): boolean {
  const spec = parseWhen(raw);
  if ('error' in spec) throw new Error(spec.error);
  return evaluateWhen(spec, vars).result;
}

describe('when evaluation (§3)', () => {
  it.each<[string, Json, Record<string, unknown>, boolean]>([
    ['always', 'always', {}, true],
    ['eq string match', { var: 'chatType', eq: 'private' }, { chatType: 'private' }, true],
    ['eq string mismatch', { var: 'chatType', eq: 'private' }, { chatType: 'group' }, false],
    ['eq is strict: 1 vs "1"', { var: 'n', eq: 1 }, { n: '1' }, false],
    ['eq number', { var: 'n', eq: 1 }, { n: 1 }, true],
    ['eq false vs missing', { var: 'b', eq: false }, {}, false],
    ['eq false vs false', { var: 'b', eq: false }, { b: false }, true],
    ['eq:null with the var missing', { var: 'x', eq: null }, {}, true],
    ['eq:null with null', { var: 'x', eq: null }, { x: null }, true],
    ['eq:null with undefined', { var: 'x', eq: null }, { x: undefined }, true],
    ['eq:null with "" (present)', { var: 'x', eq: null }, { x: '' }, false],
    ['eq:null with 0 (present)', { var: 'x', eq: null }, { x: 0 }, false],
    ['neq mismatch', { var: 'chatType', neq: 'private' }, { chatType: 'group' }, true],
    ['neq match', { var: 'chatType', neq: 'private' }, { chatType: 'private' }, false],
    ['neq with the var missing', { var: 'chatType', neq: 'private' }, {}, true],
    ['neq:null with a value', { var: 'chatType', neq: null }, { chatType: 'private' }, true],
    ['neq:null with null', { var: 'chatType', neq: null }, { chatType: null }, false],
    ['neq:null missing', { var: 'chatType', neq: null }, {}, false],
    ['neq:null with false (injected)', { var: 'x', neq: null }, { x: false }, true],
    ['in found', { var: 'peerRole', in: ['owner', 'admin'] }, { peerRole: 'admin' }, true],
    ['in not found', { var: 'peerRole', in: ['owner', 'admin'] }, { peerRole: 'member' }, false],
    ['in is strict: 1 vs "1"', { var: 'n', in: ['1'] }, { n: 1 }, false],
    ['in with null in the list and var null', { var: 'x', in: [null] }, { x: null }, true],
    ['in with null in the list and var missing', { var: 'x', in: [null] }, {}, false],
    ['in with the var missing', { var: 'x', in: ['a'] }, {}, false],
    ['in []', { var: 'x', in: [] }, { x: 'a' }, false],
    ['nin not found', { var: 'peerRole', nin: ['visitor'] }, { peerRole: 'owner' }, true],
    ['nin found', { var: 'peerRole', nin: ['visitor'] }, { peerRole: 'visitor' }, false],
    ['nin is strict', { var: 'n', nin: ['1'] }, { n: 1 }, true],
    ['nin with the var missing', { var: 'x', nin: ['a'] }, {}, true],
    ['any one truthy', { any: ['a', 'b'] }, { a: 0, b: 'x' }, true],
    ['any none truthy', { any: ['a', 'b'] }, { a: 0, b: '' }, false],
    ['any [] is false', { any: [] }, { a: 1 }, false],
    ['all truthy', { all: ['a', 'b'] }, { a: 1, b: 'x' }, true],
    ['all one falsy', { all: ['a', 'b'] }, { a: 1, b: false }, false],
    ['all one missing', { all: ['a', 'b'] }, { a: 1 }, false],
    ['all [] is true', { all: [] }, {}, true],
    ['any treats null as falsy', { any: ['a'] }, { a: null }, false],
    ['any treats an empty list as truthy (JS)', { any: ['a'] }, { a: [] }, true],
  ])('%s', (_label, raw, vars, expected) => {
    expect(evalWhen(raw, vars)).toBe(expected);
  });

  it('records the vars it reads with their values', () => {
    const spec = parseWhen({ all: ['a', 'b'] });
    if ('error' in spec) throw new Error(spec.error);
    expect(evaluateWhen(spec, { a: 1 }).reads).toEqual([
      { name: 'a', value: 1, present: true },
      { name: 'b', value: undefined, present: false },
    ]);
    expect(whenVarNames(spec)).toEqual(['a', 'b']);
  });
});

describe('invalid when (§3)', () => {
  it.each<[string, Json | undefined]>([
    ['missing', undefined],
    ['another string', 'never'],
    ['"Always" (case)', 'Always'],
    ['empty string', ''],
    ['null', null],
    ['a number', 1],
    ['true', true],
    ['a list', ['always']],
    ['an object with no operator', { var: 'x' }],
    ['an empty object', {}],
    ['an unknown operator', { var: 'x', gt: 1 }],
    ['two operators', { var: 'x', eq: 1, neq: 2 }],
    ['eq and in', { var: 'x', eq: 1, in: [1] }],
    ['any and all', { any: ['a'], all: ['b'] }],
    ['eq without var', { eq: 1 }],
    ['in that is not a list', { var: 'x', in: 'a' }],
    ['any that is not a list', { any: 'a' }],
  ])('%s is invalid', (_label, raw) => {
    expect(parseWhen(raw)).toHaveProperty('error');
  });
});

describe('only own vars count', () => {
  it.each<[Json]>([
    [{ any: ['toString'] }],
    [{ var: 'constructor', neq: null }],
    [{ all: ['hasOwnProperty'] }],
  ])('%j reads no inherited property', (raw) => {
    expect(evalWhen(raw, {})).toBe(false);
  });
});
