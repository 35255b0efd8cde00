import { describe, expect, it } from 'vitest';
import { expandPathTokens } from './path-tokens';

describe('expandPathTokens (§2)', () => {
  it.each([
    ['$NAME is greedy', '$KITS_RULES/x.md', { KITS: '/k', KITS_RULES: '/r' }, '/r/x.md'],
    ['$NAME ends at a lower-case letter', '$KITSx', { KITS: '/k' }, '/kx'],
    ['$NAME ends at a dot', '$KITS.md', { KITS: '/k' }, '/k.md'],
    ['{{key}} takes the value', '/v/{{chatType}}.md', { chatType: 'private' }, '/v/private.md'],
    [
      'several tokens',
      '$D/{{channel}}-{{chatType}}.md',
      { D: '/d', channel: 'aun', chatType: 'group' },
      '/d/aun-group.md',
    ],
    ['a number becomes String(value)', '/v/{{n}}.md', { n: 7 }, '/v/7.md'],
    ['true becomes "true"', '/v/{{b}}.md', { b: true }, '/v/true.md'],
    ['a lower-case $name is not a token', '/v/$name.md', {}, '/v/$name.md'],
    ['{{ key }} with spaces is not a token', '/v/{{ key }}.md', {}, '/v/{{ key }}.md'],
    ['a value is not expanded again', '/v/{{a}}', { a: '$B', B: 'no' }, '/v/$B'],
  ])('%s', (_label, raw, vars, expected) => {
    const r = expandPathTokens(raw, vars);
    expect(r.path).toBe(expected);
    expect(r.unresolved).toEqual([]);
  });

  it.each([
    ['missing', {}],
    ['null', { k: null }],
    ['0', { k: 0 }],
    ['false', { k: false }],
    ['""', { k: '' }],
  ])('a %s value leaves the token unresolved', (_label, vars) => {
    expect(expandPathTokens('/a/{{k}}.md', vars)).toMatchObject({ path: null, unresolved: ['{{k}}'] });
    const kv = Object.fromEntries(Object.entries(vars).map(([, v]) => ['K', v]));
    expect(expandPathTokens('$K/a.md', kv)).toMatchObject({ path: null, unresolved: ['$K'] });
  });

  it.each([
    ['$KITS_RULESX/a.md', '$KITS_RULESX'],
    ['$KITS2/a.md', '$KITS2'],
    ['$KITS_/a.md', '$KITS_'],
  ])('greedy: %s is the one token %s, not $KITS plus text', (raw, token) => {
    expect(expandPathTokens(raw, { KITS: '/k', KITS_RULES: '/r' })).toMatchObject({
      path: null,
      unresolved: [token],
    });
  });

  it('lists every unresolved token as written, in order', () => {
    const r = expandPathTokens('$PERSONAL_DIR/{{peerKey}}/$X/{{ok}}.md', { ok: 'y' });
    expect(r.path).toBeNull();
    expect(r.unresolved).toEqual(['$PERSONAL_DIR', '{{peerKey}}', '$X']);
  });

  it.each([
    ['/', 'a/b', true],
    ['\\', 'a\\b', true],
    ['..', '..', true],
    ['.. inside', 'x..y', true],
    ['a single dot', 'a.b', false],
    ['plain', 'aun#alice.aid.pub', false],
  ])('path-escape for a {{key}} value holding %s', (_label, value, escapes) => {
    const r = expandPathTokens('/r/{{peerKey}}/profile.md', { peerKey: value });
    expect(r.path).toBe(`/r/${value}/profile.md`);
    expect(r.escapes.length > 0).toBe(escapes);
    if (escapes) expect(r.escapes[0]).toEqual({ token: '{{peerKey}}', value });
  });

  it('a $NAME value holding / is a path, not an escape', () => {
    expect(expandPathTokens('$KITS/x', { KITS: '/a/b' }).escapes).toEqual([]);
  });
});

describe('only own vars count', () => {
  it('{{constructor}} and {{toString}} are unresolved in empty vars', () => {
    expect(expandPathTokens('/a/{{constructor}}/{{toString}}.md', {})).toMatchObject({
      path: null,
      unresolved: ['{{constructor}}', '{{toString}}'],
    });
  });
});
