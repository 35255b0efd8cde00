import { describe, expect, it } from 'vitest';
import { derivePathVars } from './path-vars';

describe('derivePathVars (§1)', () => {
  const base = derivePathVars('/p', '/h', {}).values;

  it.each([
    ['PACKAGE_ROOT', '/p'],
    ['EVOLCORE_HOME', '/h'],
    ['KITS', '/p/kits'],
    ['KITS_RULES', '/p/kits/rules'],
    ['KITS_DOCS', '/p/kits/docs'],
    ['KITS_TEMPLATES', '/p/kits/templates'],
    ['KITS_FRAGMENTS', '/p/kits/templates/system-fragments'],
    ['ECK', '/h/eck'],
  ])('%s → %s', (name, value) => {
    expect(base[name]).toBe(value);
  });

  it.each([
    ['missing', {}],
    ['null', { selfAid: null }],
    ['empty string', { selfAid: '' }],
    ['0', { selfAid: 0 }],
    ['false', { selfAid: false }],
  ])('AGENT_DIR and its folders are absent when selfAid is %s', (_label, vars) => {
    const v = derivePathVars('/p', '/h', vars).values;
    for (const name of ['AGENT_DIR', 'PERSONAL_DIR', 'RELATIONS_DIR', 'VENUES_DIR'])
      expect(v[name]).toBeUndefined();
  });

  it('derives AGENT_DIR and its folders from a truthy selfAid', () => {
    const v = derivePathVars('/p', '/h', { selfAid: 'nova.aid.pub' }).values;
    expect(v.AGENT_DIR).toBe('/h/agents/nova.aid.pub');
    expect(v.PERSONAL_DIR).toBe('/h/agents/nova.aid.pub/personal');
    expect(v.RELATIONS_DIR).toBe('/h/agents/nova.aid.pub/relations');
    expect(v.VENUES_DIR).toBe('/h/agents/nova.aid.pub/venues');
  });

  it('an explicit path var wins over the derived one and is reported as explicit', () => {
    const r = derivePathVars('/p', '/h', { KITS_RULES: '/elsewhere/rules', ECK: '/e' });
    expect(r.values.KITS_RULES).toBe('/elsewhere/rules');
    expect(r.values.ECK).toBe('/e');
    expect(r.values.KITS_DOCS).toBe('/p/kits/docs');
    expect(r.explicit).toEqual(expect.arrayContaining(['KITS_RULES', 'ECK']));
    expect(r.explicit).not.toContain('KITS_DOCS');
  });

  it('no chains: an explicit KITS does not move the KITS_* vars (each is derived from the package root)', () => {
    const v = derivePathVars('/p', '/h', { KITS: '/k' }).values;
    expect(v.KITS).toBe('/k');
    expect(v.KITS_RULES).toBe('/p/kits/rules');
    expect(v.KITS_TEMPLATES).toBe('/p/kits/templates');
    expect(v.KITS_FRAGMENTS).toBe('/p/kits/templates/system-fragments');
  });

  it('no chains: an explicit EVOLCORE_HOME does not move ECK or AGENT_DIR (derived from the home)', () => {
    const v = derivePathVars('/p', '/h', { EVOLCORE_HOME: '/home2', selfAid: 'a' }).values;
    expect(v.EVOLCORE_HOME).toBe('/home2');
    expect(v.ECK).toBe('/h/eck');
    expect(v.AGENT_DIR).toBe('/h/agents/a');
  });

  it('an explicit AGENT_DIR roots the agent folders when selfAid is set; without selfAid there are none', () => {
    const v = derivePathVars('/p', '/h', { AGENT_DIR: '/ag', selfAid: 'a' }).values;
    expect(v.PERSONAL_DIR).toBe('/ag/personal');
    expect(v.RELATIONS_DIR).toBe('/ag/relations');
    const w = derivePathVars('/p', '/h', { AGENT_DIR: '/ag' }).values;
    expect(w.AGENT_DIR).toBe('/ag');
    expect(w.PERSONAL_DIR).toBeUndefined();
    expect(w.VENUES_DIR).toBeUndefined();
  });

  it('a path var given as null keeps the derived value and is not explicit', () => {
    const r = derivePathVars('/p', '/h', { KITS: null });
    expect(r.values.KITS).toBe('/p/kits');
    expect(r.explicit).not.toContain('KITS');
  });

  it('an explicit PERSONAL_DIR is kept while the other agent folders stay derived', () => {
    const v = derivePathVars('/p', '/h', { selfAid: 'a', PERSONAL_DIR: '/mine' }).values;
    expect(v.PERSONAL_DIR).toBe('/mine');
    expect(v.VENUES_DIR).toBe('/h/agents/a/venues');
  });

  it('CURRENT_PROJECT comes from the vars as given, never derived', () => {
    expect(derivePathVars('/p', '/h', {}).values.CURRENT_PROJECT).toBeUndefined();
    expect(derivePathVars('/p', '/h', { CURRENT_PROJECT: '/work/x' }).values.CURRENT_PROJECT).toBe('/work/x');
  });

  it('joined vars are normalised (path.join); the roots themselves are used as given (the caller resolves them)', () => {
    const v = derivePathVars('/p/./x/..', '/h//', {}).values;
    expect(v.PACKAGE_ROOT).toBe('/p/./x/..');
    expect(v.KITS).toBe('/p/kits');
    expect(v.ECK).toBe('/h/eck');
  });
});
