import { describe, expect, it } from 'vitest';
import { overridePathVar, pathVarRows } from './path-var-rows';

describe('path var rows', () => {
  const pathVars = { PACKAGE_ROOT: '/p', EVOLCORE_HOME: '/h', KITS: '/p/kits', ECK: '/h/eck' };

  it('lists every path var with its value, derivation and override state', () => {
    const rows = pathVarRows({ KITS: '/p/kits' }, pathVars);
    expect(rows.map((r) => r.name)).toContain('AGENT_DIR');
    expect(rows.find((r) => r.name === 'KITS')).toMatchObject({
      value: '/p/kits',
      derivation: '$PACKAGE_ROOT/kits',
      overridden: true,
    });
    expect(rows.find((r) => r.name === 'ECK')).toMatchObject({ overridden: false, source: 'derived' });
    expect(rows.find((r) => r.name === 'AGENT_DIR')?.value).toBeNull();
  });

  it('overriding pins the current value; clearing returns to derivation', () => {
    const row = pathVarRows({}, pathVars).find((r) => r.name === 'ECK');
    if (row === undefined) throw new Error('no ECK row');
    const pinned = overridePathVar({ a: 1 }, row, true);
    expect(pinned).toEqual({ a: 1, ECK: '/h/eck' });
    expect(overridePathVar(pinned, row, false)).toEqual({ a: 1 });
  });
});
