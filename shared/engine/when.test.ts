import { describe, expect, it } from 'vitest';
import type { Json } from './types';
import { evaluateWhen, parseWhen, whenVarNames } from './when';

function evalWhen(raw: Json, vars: Record<string, unknown>): boolean {
  const r = evaluateWhen(parseWhen(raw), vars);
  if (r.crash) throw new Error(r.crash.why);
  return r.result;
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
    ['any treats an empty list as falsy (isTruthy)', { any: ['a'] }, { a: [] }, false],
    ['any treats a non-empty list as truthy', { any: ['a'] }, { a: [0] }, true],
    ['any treats "0" as truthy, 0 as falsy', { any: ['a', 'b'] }, { a: 0, b: '0' }, true],
    [
      'in on a string is a substring test (String.includes)',
      { var: 'x', in: 'owner,admin' },
      { x: 'admin' },
      true,
    ],
    ['in on a string: a missing var looks for "undefined"', { var: 'x', in: 'owner' }, {}, false],
    ['nin on a string', { var: 'x', nin: 'owner,admin' }, { x: 'own' }, false],
    ['eq on an object value is never equal (===)', { var: 'x', eq: { a: 1 } }, { x: { a: 1 } }, false],
    // The first present key wins (§3): and, or, then with var eq, neq, in, nin, then any, all.
    ['eq wins over neq', { var: 'x', eq: 1, neq: 2 }, { x: 2 }, false],
    ['eq wins over in', { var: 'x', eq: 1, in: [2] }, { x: 2 }, false],
    ['neq wins over nin', { var: 'x', neq: 1, nin: [2] }, { x: 2 }, true],
    ['eq without var falls through to any', { eq: 1, any: ['a'] }, { a: 1 }, true],
    ['any wins over all', { any: ['a'], all: ['b'] }, { a: 1 }, true],
    ['var operators win over any', { var: 'x', eq: 1, any: ['a'] }, { a: 1 }, false],
    ['a var without operator falls through to all', { var: 'x', all: ['a'] }, {}, false],
    ['and wins over the rest', { and: [{ var: 'a', eq: 1 }], var: 'a', eq: 2 }, { a: 1 }, true],
    ['and: every clause', { and: [{ var: 'a', eq: 1 }, { any: ['b'] }] }, { a: 1, b: 'x' }, true],
    ['and: one clause false', { and: [{ var: 'a', eq: 1 }, { any: ['b'] }] }, { a: 1 }, false],
    ['and [] is true', { and: [] }, {}, true],
    ['or: some clause', { or: [{ var: 'a', eq: 1 }, { any: ['b'] }] }, { b: 1 }, true],
    ['or: a later clause decides', { or: [{ var: 'a', eq: 1 }, 'always'] }, {}, true],
    ['or [] is false', { or: [] }, {}, false],
    ['and wins over or', { and: [], or: [] }, {}, true],
    ['and: 0 is skipped (falsy), or decides', { and: 0, or: [] } as unknown as Json, {}, false],
    [
      'nested and/or',
      {
        or: [
          {
            and: [
              { var: 'a', eq: 1 },
              { var: 'b', eq: 2 },
            ],
          },
          { all: ['c'] },
        ],
      },
      { a: 1, b: 2 },
      true,
    ],
    // Not a condition: the real code finds none of its keys and returns true.
    ['a string other than "always" is true', 'never', {}, true],
    ['"" is true', '', {}, true],
    ['false is true', false, {}, true],
    ['a number is true', 0, {}, true],
    ['a list is true', ['never'], {}, true],
    ['an empty object is true', {}, {}, true],
    ['an unknown operator is true', { var: 'x', gt: 1 }, {}, true],
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

describe('what evaluateWhen reports', () => {
  it('an and stops at the first false clause; later clauses are not evaluated (null)', () => {
    const r = evaluateWhen(
      parseWhen({
        and: [
          { var: 'a', eq: 1 },
          { var: 'b', eq: 1 },
        ],
      }),
      { a: 2, b: 1 },
    );
    expect(r.result).toBe(false);
    expect(r.tree).toMatchObject({
      kind: 'and',
      result: false,
      children: [
        { kind: 'eq', result: false, reads: [{ name: 'a', value: 2, present: true }] },
        { kind: 'eq', result: null, reads: [] },
      ],
    });
    expect(r.reads.map((x) => x.name)).toEqual(['a']);
    expect(
      whenVarNames(
        parseWhen({
          and: [
            { var: 'a', eq: 1 },
            { var: 'b', eq: 1 },
          ],
        }),
      ),
    ).toEqual(['a', 'b']);
  });

  it('an or stops at the first true clause', () => {
    const r = evaluateWhen(parseWhen({ or: ['always', { any: ['x'] }] }), {});
    expect(r.tree).toMatchObject({
      kind: 'or',
      result: true,
      children: [{ kind: 'always', result: true }, { result: null }],
    });
  });

  it('a condition that is not one says why (for the when-not-condition warning)', () => {
    expect(parseWhen({ var: 'x' })).toMatchObject({
      kind: 'true',
      why: expect.stringMatching(/no operator/),
    });
    expect(parseWhen('sometimes')).toMatchObject({ kind: 'true', why: expect.stringMatching(/"sometimes"/) });
  });
});

describe('when that makes evolcore throw (§3: the message fails, the agent gets no turn)', () => {
  it.each<[string, Json | undefined, boolean]>([
    ['missing', undefined, true],
    ['null', null, true],
    ['and that is not a list', { and: 'x' }, false],
    ['or that is an object', { or: { var: 'a' } }, false],
    ['a null clause inside and', { and: [null] }, true],
    ['in that is a number', { var: 'x', in: 5 }, false],
    ['in that is null', { var: 'x', in: null }, false],
    ['nin that is an object', { var: 'x', nin: {} }, false],
    ['any that is a string', { any: 'a' }, false],
    ['all that is true', { all: true }, false],
  ])('%s is a crash', (_label, raw, missing) => {
    const r = evaluateWhen(parseWhen(raw), {});
    expect(r.crash).toMatchObject({ missing });
    expect(r.result).toBe(false);
  });

  it('a crash after a deciding clause is never reached (every/some stop first)', () => {
    expect(evalWhen({ and: [{ var: 'a', eq: 1 }, { any: 'x' }] } as Json, {})).toBe(false);
    expect(evalWhen({ or: ['always', null] }, {})).toBe(true);
  });
});

describe('vars are looked up as plain properties (inherited ones too, as evolcore does)', () => {
  it.each<[Json]>([
    [{ any: ['toString'] }],
    [{ var: 'constructor', neq: null }],
    [{ all: ['hasOwnProperty'] }],
  ])('%j sees an inherited member', (raw) => {
    expect(evalWhen(raw, {})).toBe(true);
  });
});
