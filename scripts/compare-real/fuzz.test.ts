import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateWorld, placePaths } from './fuzz';
import { caseSeed } from './prng';
import { buildRealVars } from './real-vars';

describe('the random worlds', () => {
  it('replay: the same seed and index give the same world', () => {
    expect(JSON.stringify(generateWorld(7, 42))).toBe(JSON.stringify(generateWorld(7, 42)));
  });

  it('another seed gives other worlds, not the same ones reordered', () => {
    const a = new Set(Array.from({ length: 2000 }, (_, i) => caseSeed(1, i)));
    const shared = Array.from({ length: 2000 }, (_, i) => caseSeed(2, i)).filter((s) => a.has(s));
    expect(shared.length).toBeLessThan(5);
  });

  it('always has a base manifest or says why not', () => {
    for (let i = 0; i < 200; i++) {
      const w = generateWorld(3, i);
      const bases = Object.keys(w.entries).filter((p) => /^package\/kits\/eck_manifest[^/]*\.json$/.test(p));
      if (bases.length === 0) expect(w.tags).toContain('base-missing');
    }
  });

  it('fills the <P> and <H> placeholders, keeping an own __proto__ key', () => {
    const vars = JSON.parse('{"__proto__":{"x":"<P>"},"a":["<H>/y"]}') as unknown;
    const placed = placePaths(vars, '/p', '/h') as Record<string, unknown>;
    expect(Object.getOwnPropertyNames(placed)).toContain('__proto__');
    expect(JSON.stringify(placed)).toBe('{"__proto__":{"x":"/p"},"a":["/h/y"]}');
  });
});

describe('buildRealVars', () => {
  const P = '/pkg';
  const H = '/home';
  it('derives the path vars as the real response-engine does, the agent dirs only with selfAid', () => {
    const v = buildRealVars(P, H, {});
    expect(v).toMatchObject({
      EVOLCLAW_HOME: H,
      EVOLCORE_HOME: H,
      PACKAGE_ROOT: P,
      KITS_FRAGMENTS: path.join(P, 'kits', 'templates', 'system-fragments'),
      ECK: path.join(H, 'eck'),
    });
    expect(v['PERSONAL_DIR']).toBeUndefined();
    expect(buildRealVars(P, H, { selfAid: 'a' })['RELATIONS_DIR']).toBe(
      path.join(H, 'agents', 'a', 'relations'),
    );
  });

  it('lets given vars win, except a path var given as null', () => {
    const v = buildRealVars(P, H, { KITS_DOCS: '/x', KITS_RULES: null, peerName: 'Alice' });
    expect(v).toMatchObject({
      KITS_DOCS: '/x',
      KITS_RULES: path.join(P, 'kits', 'rules'),
      peerName: 'Alice',
    });
  });

  it("hands a home given under evolcore's name to the real code under evolclaw's", () => {
    expect(buildRealVars(P, H, { EVOLCORE_HOME: '/other' })['EVOLCLAW_HOME']).toBe('/other');
  });
});
