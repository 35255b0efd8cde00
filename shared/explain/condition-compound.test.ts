import { describe, expect, it } from 'vitest';
import type { Json, Vars } from '../engine';
import { evaluateWhen, parseWhen } from '../engine';
import { explainCondition, fixCondition } from './condition';
import type { ConditionFix } from './types';

/** Evaluates a `when` as the engine does and explains it with the render's vars. */
function explain(when: Json, vars: Vars) {
  const ev = evaluateWhen(parseWhen(when), vars);
  return explainCondition({ expression: when, result: ev.result, reads: ev.reads, tree: ev.tree }, vars);
}

/** Applies every change of a fix (the first choice where there is one) and re-evaluates. */
function apply(when: Json, vars: Vars, fix: ConditionFix): boolean {
  const next: Record<string, unknown> = { ...vars };
  for (const c of fix.mode === 'one-of' ? fix.changes.slice(0, 1) : fix.changes) {
    if (c.kind === 'set') next[c.var] = c.value;
    else if (c.kind === 'unset') delete next[c.var];
    else if (c.kind === 'set-one-of') next[c.var] = c.values[0];
    else next[c.var] = c.suggestions[0];
  }
  return evaluateWhen(parseWhen(when), next).result;
}

const notBootstrapping = { var: 'lifecycle', neq: 'bootstrapping' };

describe('explainCondition through and / or', () => {
  it('explains every clause with its value, and marks the ones evolcore never reached', () => {
    const when = { and: [{ var: 'chatType', eq: 'private' }, notBootstrapping] };
    const e = explain(when, { chatType: 'group', lifecycle: 'bootstrapping' });
    expect(e).toMatchObject({ op: 'and', result: false, reached: [true, false] });
    if (e?.op !== 'and') throw new Error('expected an and');
    expect(e.clauses[0]).toMatchObject({
      op: 'eq',
      var: { name: 'chatType', value: 'group' },
      result: false,
    });
    // Not evaluated by evolcore (the first clause decided), but explained with the same vars.
    expect(e.clauses[1]).toMatchObject({ op: 'neq', var: { value: 'bootstrapping' }, result: false });
  });

  it('without the vars an unreached clause stays unknown (null)', () => {
    const when = { and: [{ var: 'chatType', eq: 'private' }, notBootstrapping] };
    const ev = evaluateWhen(parseWhen(when), { chatType: 'group' });
    const e = explainCondition({ expression: when, result: ev.result, reads: ev.reads, tree: ev.tree });
    expect(e).toMatchObject({ op: 'and', clauses: [{ op: 'eq' }, null], reached: [true, false] });
  });

  it('nests: an or inside an and keeps its own clauses', () => {
    const when: Json = {
      and: [{ or: [{ var: 'peerRole', eq: 'owner' }, { any: ['isAdmin'] }] }, notBootstrapping],
    };
    const e = explain(when, { peerRole: 'member', lifecycle: 'active' });
    expect(e).toMatchObject({
      op: 'and',
      result: false,
      clauses: [
        { op: 'or', result: false, reached: [true, true] },
        { op: 'neq', result: true },
      ],
      reached: [true, false],
    });
  });
});

describe('fixCondition through and / or', () => {
  it('and: every false clause must change, the unreached ones included', () => {
    const when = { and: [{ var: 'chatType', eq: 'private' }, notBootstrapping] };
    const vars = { chatType: 'group', lifecycle: 'bootstrapping' };
    const fix = fixCondition(explain(when, vars));
    expect(fix?.changes.map((c) => c.var)).toEqual(['chatType', 'lifecycle']);
    expect(fix && apply(when, vars, fix)).toBe(true);
  });

  it('and: a clause that is already true asks for nothing', () => {
    const when = { and: [{ var: 'chatType', eq: 'private' }, notBootstrapping] };
    const fix = fixCondition(explain(when, { chatType: 'group', lifecycle: 'active' }));
    expect(fix).toEqual({
      mode: 'all',
      changes: [{ kind: 'set', var: 'chatType', value: 'private' }],
      impossible: false,
    });
  });

  it('or: the clause that needs the fewest changes is enough', () => {
    const when: Json = {
      or: [{ all: ['hasPersona', 'hasWorkingMemory'] }, { var: 'peerRole', eq: 'owner' }],
    };
    const vars = { peerRole: 'member' };
    const fix = fixCondition(explain(when, vars));
    expect(fix?.changes).toEqual([{ kind: 'set', var: 'peerRole', value: 'owner' }]);
    expect(fix && apply(when, vars, fix)).toBe(true);
  });

  it('and of two clauses that ask one var for different values is impossible', () => {
    const when: Json = {
      and: [
        { var: 'chatType', eq: 'private' },
        { var: 'chatType', eq: 'group' },
      ],
    };
    expect(fixCondition(explain(when, { chatType: null }))?.impossible).toBe(true);
  });

  it.each<[Json, Vars]>([
    [{ and: [{ var: 'chatType', eq: 'private' }, notBootstrapping] }, { lifecycle: 'bootstrapping' }],
    [{ and: [{ any: ['peerKey', 'groupId'] }, notBootstrapping] }, { lifecycle: 'bootstrapping' }],
    [{ or: [{ var: 'chatType', eq: 'group' }, { and: [{ var: 'peerRole', in: ['owner'] }] }] }, {}],
    [
      {
        and: [
          {
            or: [
              { var: 'a', eq: 1 },
              { var: 'b', eq: 2 },
            ],
          },
          { var: 'c', nin: [3] },
        ],
      },
      { c: 3 },
    ],
  ])('applying the fix of %j makes it true', (when, vars) => {
    const fix = fixCondition(explain(when, vars));
    expect(fix).not.toBeNull();
    expect(fix && !fix.impossible && apply(when, vars, fix)).toBe(true);
  });
});
