import { describe, expect, it } from 'vitest';
import type { Json } from '../engine';
import { changeWhenKind, formToWhen, whenToForm, type WhenForm } from './when-form';
import { addClause, clauseAt, moveClause, nestClause, removeClause, replaceAt } from './when-tree';

const notBoot: Json = { var: 'lifecycle', neq: 'bootstrapping' };
const gated: Json = { and: [{ var: 'chatType', eq: 'private' }, notBoot] };
const edit = (when: Json, f: (form: WhenForm) => WhenForm): Json | undefined =>
  formToWhen(f(whenToForm(when)));

describe('and / or in the when form', () => {
  it('round-trips an and-gated condition and a nested or', () => {
    const nested: Json = { or: [gated, { any: ['groupId'] }] };
    expect(formToWhen(whenToForm(gated))).toEqual(gated);
    expect(formToWhen(whenToForm(nested))).toEqual(nested);
    expect(whenToForm(gated)).toMatchObject({ kind: 'and', clauses: [{ kind: 'eq' }, { kind: 'neq' }] });
  });

  it('a clause the form cannot show stays custom inside, and is written back as it was', () => {
    const odd: Json = { and: [{ var: 'x', eq: 1, neq: 2 }] };
    expect(whenToForm(odd)).toMatchObject({ kind: 'and', clauses: [{ kind: 'custom' }] });
    expect(formToWhen(whenToForm(odd))).toEqual(odd);
  });

  it('switching to and keeps the condition as its first clause; and ↔ or keeps the clauses', () => {
    const leaf = whenToForm({ var: 'peerRole', eq: 'owner' });
    const and = changeWhenKind(leaf, 'and', 'chatType');
    expect(formToWhen(and)).toEqual({ and: [{ var: 'peerRole', eq: 'owner' }] });
    expect(formToWhen(changeWhenKind(and, 'or', 'chatType'))).toEqual({
      or: [{ var: 'peerRole', eq: 'owner' }],
    });
    expect(formToWhen(changeWhenKind(whenToForm('always'), 'or', 'chatType'))).toEqual({
      or: [{ var: 'chatType', neq: null }],
    });
    // Back to a leaf kind: the first clause carries over.
    expect(formToWhen(changeWhenKind(whenToForm(gated), 'in', 'chatType'))).toEqual({
      var: 'chatType',
      in: ['private'],
    });
  });
});

describe('when tree edits', () => {
  it('adds, removes and reorders clauses', () => {
    const added = edit(gated, (f) => addClause(f, [], { kind: 'any', vars: ['peerKey'] }));
    expect(added).toEqual({ and: [{ var: 'chatType', eq: 'private' }, notBoot, { any: ['peerKey'] }] });
    expect(edit(gated, (f) => removeClause(f, [0]))).toEqual({ and: [notBoot] });
    expect(edit(gated, (f) => moveClause(f, [1], -1))).toEqual({
      and: [notBoot, { var: 'chatType', eq: 'private' }],
    });
    // Out of range: nothing moves.
    expect(edit(gated, (f) => moveClause(f, [1], 1))).toEqual(gated);
  });

  it('nests a clause in a new or, then edits inside it', () => {
    const nested = edit(gated, (f) => nestClause(f, [0], 'or'));
    expect(nested).toEqual({ and: [{ or: [{ var: 'chatType', eq: 'private' }] }, notBoot] });
    const widened = edit(nested as Json, (f) =>
      addClause(f, [0], { kind: 'eq', var: 'chatType', value: 'group' }),
    );
    expect(widened).toEqual({
      and: [
        {
          or: [
            { var: 'chatType', eq: 'private' },
            { var: 'chatType', eq: 'group' },
          ],
        },
        notBoot,
      ],
    });
    const f = whenToForm(widened as Json);
    expect(clauseAt(f, [0, 1])).toEqual({ kind: 'eq', var: 'chatType', value: 'group' });
    expect(formToWhen(replaceAt(f, [0, 1], { kind: 'eq', var: 'peerRole', value: 'owner' }))).toEqual({
      and: [
        {
          or: [
            { var: 'chatType', eq: 'private' },
            { var: 'peerRole', eq: 'owner' },
          ],
        },
        notBoot,
      ],
    });
  });

  it('a path that leads nowhere changes nothing', () => {
    const f = whenToForm(gated);
    expect(replaceAt(f, [5, 0], { kind: 'always' })).toEqual(f);
    expect(removeClause(f, [])).toEqual(f);
    expect(clauseAt(f, [0, 0])).toBeUndefined();
  });
});
