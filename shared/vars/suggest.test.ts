import { describe, expect, it } from 'vitest';
import { editDistance, findUnknownVars, suggestVarName } from './suggest';

describe('suggestVarName', () => {
  it.each([
    ['chattype', 'chatType'],
    ['CHATTYPE', 'chatType'],
    ['peerrole', 'peerRole'],
    ['chatTyep', 'chatType'],
    ['chat_type', 'chatType'],
    ['peerKye', 'peerKey'],
    ['sesionId', 'sessionId'],
    ['kits_rules', 'KITS_RULES'],
    ['totally-unknown', null],
    ['x', null],
    ['chatType', null],
  ])('%s → %s', (name, expected) => {
    expect(suggestVarName(name)).toBe(expected);
  });

  it('searches the given names instead of the catalog', () => {
    expect(suggestVarName('neeedsInjection', ['needsInjection', 'order'])).toBe('needsInjection');
    expect(suggestVarName('chattype', ['order'])).toBeNull();
  });
});

describe('editDistance', () => {
  it('counts a transposition as one edit', () => {
    expect(editDistance('chattyep', 'chattype')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('findUnknownVars', () => {
  it('flags only names the catalog does not know, with suggestions', () => {
    expect(findUnknownVars({ chatType: 'private', chattype: 'group', myVar: 1, peerRole: 'owner' })).toEqual([
      { name: 'chattype', suggestion: 'chatType' },
      { name: 'myVar', suggestion: null },
    ]);
    expect(findUnknownVars({})).toEqual([]);
  });
});
