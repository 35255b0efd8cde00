import { describe, expect, it } from 'vitest';
import { derivePathVars } from '../engine';
import { dropDerivablePathVars, recordedRoots, rerootVars } from './reroot';

const recorded = {
  selfAid: 'nova.aid.pub',
  peerKey: 'aun#alice.aid.pub',
  PACKAGE_ROOT: '/opt/evolcore',
  EVOLCORE_HOME: '/home/demo/.evolcore',
  KITS: '/opt/evolcore/kits',
  KITS_FRAGMENTS: '/opt/evolcore/kits/templates/system-fragments',
  ECK: '/home/demo/.evolcore/eck',
  AGENT_DIR: '/home/demo/.evolcore/agents/nova.aid.pub',
  CURRENT_PROJECT: '/home/dev/src/evolcore',
};
const mapping = {
  fromPackageRoot: '/opt/evolcore',
  fromHome: '/home/demo/.evolcore',
  toPackageRoot: '/w/app',
  toHome: '/w/home',
};

describe('rerootVars', () => {
  it('maps the recorded roots and every path var under them onto the workspace', () => {
    const { vars, changed } = rerootVars(recorded, mapping);
    expect(vars).toMatchObject({
      PACKAGE_ROOT: '/w/app',
      EVOLCORE_HOME: '/w/home',
      KITS: '/w/app/kits',
      KITS_FRAGMENTS: '/w/app/kits/templates/system-fragments',
      ECK: '/w/home/eck',
      AGENT_DIR: '/w/home/agents/nova.aid.pub',
    });
    expect(changed).toEqual(['PACKAGE_ROOT', 'EVOLCORE_HOME', 'KITS', 'KITS_FRAGMENTS', 'ECK', 'AGENT_DIR']);
  });

  it('leaves content vars and paths outside both roots alone', () => {
    const { vars } = rerootVars({ ...recorded, peerName: '/opt/evolcore' }, mapping);
    expect(vars['CURRENT_PROJECT']).toBe('/home/dev/src/evolcore');
    expect(vars['peerName']).toBe('/opt/evolcore');
    expect(vars['selfAid']).toBe('nova.aid.pub');
  });

  it('matches at a path boundary only, and the longer root wins', () => {
    const { vars } = rerootVars(
      { KITS: '/opt/evolcore-old/kits', ECK: '/opt/evolcore/home/eck' },
      { ...mapping, fromHome: '/opt/evolcore/home' },
    );
    expect(vars['KITS']).toBe('/opt/evolcore-old/kits');
    expect(vars['ECK']).toBe('/w/home/eck');
  });

  it('maps Windows recordings and tolerates trailing slashes', () => {
    const { vars } = rerootVars(
      { KITS: 'C:\\evolcore\\kits', PACKAGE_ROOT: 'C:\\evolcore\\' },
      { ...mapping, fromPackageRoot: 'C:\\evolcore' },
    );
    expect(vars).toEqual({ KITS: '/w/app/kits', PACKAGE_ROOT: '/w/app' });
  });

  it('with an unknown root keeps those paths', () => {
    const { vars } = rerootVars(recorded, { ...mapping, fromHome: null });
    expect(vars['ECK']).toBe('/home/demo/.evolcore/eck');
    expect(vars['KITS']).toBe('/w/app/kits');
  });
});

describe('recordedRoots', () => {
  it('reads the roots from the vars, else from KITS / ECK, else from the report paths', () => {
    expect(recordedRoots(recorded)).toEqual({ packageRoot: '/opt/evolcore', home: '/home/demo/.evolcore' });
    expect(recordedRoots({ KITS: '/p/kits', ECK: '/h/eck' })).toEqual({ packageRoot: '/p', home: '/h' });
    expect(
      recordedRoots({}, { basePath: '/p/kits/eck_manifest.json', overridePath: '/h/eck/eck_manifest.json' }),
    ).toEqual({ packageRoot: '/p', home: '/h' });
    expect(recordedRoots({})).toEqual({ packageRoot: null, home: null });
  });

  it("reads an evolclaw record's home from EVOLCLAW_HOME, else from the agent's folders", () => {
    expect(recordedRoots({ EVOLCLAW_HOME: '/Users/a/.evolclaw', PACKAGE_ROOT: '/opt/evolclaw' })).toEqual({
      packageRoot: '/opt/evolclaw',
      home: '/Users/a/.evolclaw',
    });
    expect(
      recordedRoots({ selfAid: 'nova', PERSONAL_DIR: '/Users/a/.evolclaw/agents/nova/personal' }).home,
    ).toBe('/Users/a/.evolclaw');
    expect(recordedRoots({ selfAid: 'nova', VENUES_DIR: '/x/agents/nova/venues' }).home).toBe('/x');
    // A folder not laid out as <home>/agents/<selfAid>/… tells nothing.
    expect(recordedRoots({ selfAid: 'nova', PERSONAL_DIR: '/elsewhere/personal' }).home).toBeNull();
  });
});

describe('rerootVars on an evolclaw record', () => {
  it('maps the home paths (EVOLCLAW_HOME, PERSONAL_DIR, …) as well as the package paths', () => {
    const vars = {
      EVOLCLAW_HOME: '/Users/a/.evolclaw',
      PACKAGE_ROOT: '/opt/evolclaw',
      KITS_RULES: '/opt/evolclaw/kits/rules',
      PERSONAL_DIR: '/Users/a/.evolclaw/agents/nova/personal',
      RELATIONS_DIR: '/Users/a/.evolclaw/agents/nova/relations',
      VENUES_DIR: '/Users/a/.evolclaw/agents/nova/venues',
      selfAid: 'nova',
      chatType: 'private',
    };
    const roots = recordedRoots(vars);
    const { vars: out, changed } = rerootVars(vars, {
      fromPackageRoot: roots.packageRoot,
      fromHome: roots.home,
      toPackageRoot: '/w/pkg',
      toHome: '/w/home',
    });
    expect(out).toEqual({
      EVOLCLAW_HOME: '/w/home',
      PACKAGE_ROOT: '/w/pkg',
      KITS_RULES: '/w/pkg/kits/rules',
      PERSONAL_DIR: '/w/home/agents/nova/personal',
      RELATIONS_DIR: '/w/home/agents/nova/relations',
      VENUES_DIR: '/w/home/agents/nova/venues',
      selfAid: 'nova',
      chatType: 'private',
    });
    expect(changed).toHaveLength(6);
  });
});

describe('dropDerivablePathVars', () => {
  const roots = { packageRoot: '/w/app', home: '/w/home' };

  it('drops re-rooted path vars equal to their derivation, keeping the render the same', () => {
    const rerooted = rerootVars(recorded, mapping).vars;
    const simple = dropDerivablePathVars(rerooted, roots);
    expect(Object.keys(simple)).toEqual(['selfAid', 'peerKey', 'CURRENT_PROJECT']);
    expect(derivePathVars(roots.packageRoot, roots.home, simple).values).toEqual(
      derivePathVars(roots.packageRoot, roots.home, rerooted).values,
    );
  });

  it('keeps every path var that really overrides its derivation (no chains: each derives from a root)', () => {
    const vars = {
      ...rerootVars(recorded, mapping).vars,
      KITS: '/elsewhere/kits',
      KITS_FRAGMENTS: '/elsewhere/kits/templates/system-fragments',
    };
    const simple = dropDerivablePathVars(vars, roots);
    expect(simple['KITS']).toBe('/elsewhere/kits');
    // KITS_FRAGMENTS derives from the package root, not from KITS, so it is needed too.
    expect(simple['KITS_FRAGMENTS']).toBe('/elsewhere/kits/templates/system-fragments');
    expect(derivePathVars(roots.packageRoot, roots.home, simple).values).toEqual(
      derivePathVars(roots.packageRoot, roots.home, vars).values,
    );
  });

  it('keeps a recorded AGENT_DIR when no selfAid would derive it', () => {
    const simple = dropDerivablePathVars({ AGENT_DIR: '/w/home/agents/x' }, roots);
    expect(simple).toEqual({ AGENT_DIR: '/w/home/agents/x' });
  });
});
