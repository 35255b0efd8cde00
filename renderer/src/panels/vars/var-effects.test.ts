import { describe, expect, it } from 'vitest';
import type { SectionReport } from '../../../../shared/engine';
import { pathVarsOf, sameEffects, varEffects } from './var-effects';

function section(
  s: Pick<SectionReport, 'id' | 'status' | 'whenVars' | 'templateVars' | 'rawPath'>,
): SectionReport {
  return { rawChildPath: null, ...s } as unknown as SectionReport;
}

describe('var effects', () => {
  it('path tokens count with the vars they derive from', () => {
    expect(pathVarsOf('$RELATIONS_DIR/{{peerKey}}/profile.md')).toEqual([
      'RELATIONS_DIR',
      'AGENT_DIR',
      'EVOLCORE_HOME',
      'selfAid',
      'peerKey',
    ]);
    expect(pathVarsOf(null)).toEqual([]);
  });

  it('lists for each var the sections whose condition, path or template reads it', () => {
    const effects = varEffects([
      section({
        id: 'relation-layer',
        status: 'ok',
        whenVars: ['chatType'],
        templateVars: ['peerName', 'peerRole'],
        rawPath: '$KITS_FRAGMENTS/relation.md',
      }),
      section({
        id: 'peer-profile',
        status: 'when-false',
        whenVars: ['peerRole'],
        templateVars: [],
        rawPath: '$RELATIONS_DIR/{{peerKey}}/profile.md',
      }),
    ]);
    expect(effects.get('peerRole')).toEqual([
      { section: 'relation-layer', status: 'ok', kinds: ['template'] },
      { section: 'peer-profile', status: 'when-false', kinds: ['when'] },
    ]);
    expect(effects.get('selfAid')?.map((e) => e.section)).toEqual(['peer-profile']);
    expect(effects.get('chatType')?.[0]?.kinds).toEqual(['when']);
    expect(effects.get('nobody')).toBeUndefined();
  });

  it('tells equal reader lists from ones whose section status changed', () => {
    const base = { whenVars: ['chatType'], templateVars: [], rawPath: null };
    const b = section({ id: 'b', status: 'ok', whenVars: ['peerRole'], templateVars: [], rawPath: null });
    const first = varEffects([section({ id: 'a', status: 'ok', ...base }), b]);
    const second = varEffects([section({ id: 'a', status: 'when-false', ...base }), { ...b }]);
    expect(sameEffects(first.get('peerRole') ?? [], second.get('peerRole') ?? [])).toBe(true);
    expect(sameEffects(first.get('chatType') ?? [], second.get('chatType') ?? [])).toBe(false);
    expect(sameEffects(first.get('chatType') ?? [], [])).toBe(false);
  });
});
