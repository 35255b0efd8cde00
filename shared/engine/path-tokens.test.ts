import { describe, expect, it } from 'vitest';
import { expandPathTokens } from './path-tokens';

describe('expandPathTokens (§2)', () => {
  it.each([
    ['$NAME is greedy', '$KITS_RULES/x.md', { KITS: '/k', KITS_RULES: '/r' }, '/r/x.md'],
    ['$NAME ends at a lower-case letter', '$KITSx', { KITS: '/k' }, '/kx'],
    ['$NAME ends at a dot', '$KITS.md', { KITS: '/k' }, '/k.md'],
    ['$NAME ends at a digit ([A-Z_]+)', '$KITS2/a.md', { KITS: '/k' }, '/k2/a.md'],
    ['0 becomes "0"', '/v/{{n}}.md', { n: 0 }, '/v/0.md'],
    [
      'a $NAME value holding {{key}} is expanded by the second pass',
      '$A/x.md',
      { A: '/a/{{b}}', b: 'B' },
      '/a/B/x.md',
    ],
    ['the result is normalised', '$K/./x//../y.md', { K: '/k/' }, '/k/y.md'],
    ['a relative result stays relative', '{{d}}/x.md', { d: 'docs' }, 'docs/x.md'],
    ['{{key}} takes the value', '/v/{{chatType}}.md', { chatType: 'private' }, '/v/private.md'],
    [
      'several tokens',
      '$D/{{channel}}-{{chatType}}.md',
      { D: '/d', channel: 'aun', chatType: 'group' },
      '/d/aun-group.md',
    ],
    ['a number becomes String(value)', '/v/{{n}}.md', { n: 7 }, '/v/7.md'],
    ['true becomes "true"', '/v/{{b}}.md', { b: true }, '/v/true.md'],
  ])('%s', (_label, raw, vars, expected) => {
    const r = expandPathTokens(raw, vars);
    expect(r).toMatchObject({ status: 'ok', path: expected, unresolved: [] });
  });

  it.each([
    ['a lower-case $name is not a token, but a $ left over', '/v/$name.md', {}, '/v/$name.md'],
    ['{{ key }} with spaces is not a token, but {{ is left over', '/v/{{ key }}.md', {}, '/v/{{ key }}.md'],
    ['a {{key}} value holding $ is not expanded: it is left over', '/v/{{a}}', { a: '$B', B: 'no' }, '/v/$B'],
  ])('%s → unresolved-vars with no token listed', (_label, raw, vars, expected) => {
    expect(expandPathTokens(raw, vars)).toMatchObject({
      status: 'unresolved-vars',
      path: expected,
      unresolved: [],
    });
  });

  it.each([
    ['missing', {}],
    ['null', { k: null }],
    ['false', { k: false }],
    ['""', { k: '' }],
  ])('a %s value leaves the token unresolved (replaced by "", the rest kept)', (_label, vars) => {
    expect(expandPathTokens('/a/{{k}}.md', vars)).toMatchObject({
      status: 'unresolved-vars',
      path: '/a/.md',
      unresolved: ['{{k}}'],
    });
    const kv = Object.fromEntries(Object.entries(vars).map(([, v]) => ['K', v]));
    expect(expandPathTokens('$K/a.md', kv)).toMatchObject({
      status: 'unresolved-vars',
      path: '/a.md',
      unresolved: ['$K'],
    });
  });

  it('a path that comes out empty has no path', () => {
    expect(expandPathTokens('{{k}}', {})).toMatchObject({ status: 'unresolved-vars', path: null });
    expect(expandPathTokens('', {})).toMatchObject({ status: 'unresolved-vars', path: null });
  });

  it.each([
    ['$KITS_RULESX/a.md', '$KITS_RULESX'],
    ['$KITS_/a.md', '$KITS_'],
  ])('greedy: %s is the one token %s, not $KITS plus text', (raw, token) => {
    expect(expandPathTokens(raw, { KITS: '/k', KITS_RULES: '/r' })).toMatchObject({
      status: 'unresolved-vars',
      unresolved: [token],
    });
  });

  it('lists every unresolved token as written: all $NAME first, then {{key}} (two passes)', () => {
    const r = expandPathTokens('$PERSONAL_DIR/{{peerKey}}/$X/{{ok}}.md', { ok: 'y' });
    expect(r.status).toBe('unresolved-vars');
    expect(r.path).toBe('///y.md');
    expect(r.unresolved).toEqual(['$PERSONAL_DIR', '$X', '{{peerKey}}']);
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
    expect(r.status).toBe('ok');
    expect(r.escapes.length > 0).toBe(escapes);
    if (escapes) expect(r.escapes[0]).toEqual({ token: '{{peerKey}}', value });
  });

  it('the escaped path is normalised: .. moves it', () => {
    expect(expandPathTokens('/r/{{peerKey}}/profile.md', { peerKey: '../../etc' }).path).toBe(
      '/etc/profile.md',
    );
  });

  it('a $NAME value holding / is a path, not an escape; one holding a .. segment is', () => {
    expect(expandPathTokens('$KITS/x', { KITS: '/a/b' }).escapes).toEqual([]);
    expect(expandPathTokens('$AGENT_DIR/x', { AGENT_DIR: '/h/agents/../../etc' }).escapes).toEqual([
      { token: '$AGENT_DIR', value: '/h/agents/../../etc' },
    ]);
  });
});

describe('vars are plain property lookups (as evolcore does)', () => {
  it('{{constructor}} finds Object and prints it', () => {
    const r = expandPathTokens('/a/{{constructor}}.md', {});
    expect(r.status).toBe('ok');
    expect(r.path).toBe(`/a/${String(Object)}.md`);
  });
});
