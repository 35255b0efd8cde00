import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../shared/scenarios/presets';
import { checkReplay, firstDifference, snapshotLabel } from './snapshot-check';

describe('replay check', () => {
  const loaded = { ...presetScenario('coding'), presetId: null };

  it('waits for the render of the loaded scenario, then compares exactly', () => {
    expect(checkReplay(loaded, 'ctx', null)).toEqual({ kind: 'waiting' });
    expect(checkReplay(loaded, 'ctx', { scenario: presetScenario('group-member'), context: 'ctx' })).toEqual({
      kind: 'waiting',
    });
    expect(checkReplay(loaded, 'ctx', { scenario: { ...loaded }, context: 'ctx' })).toEqual({
      kind: 'match',
    });
    expect(checkReplay(loaded, 'ctx\n', { scenario: loaded, context: 'ctx' })).toEqual({
      kind: 'differ',
      at: 3,
    });
    expect(checkReplay(loaded, null, null)).toEqual({ kind: 'no-record' });
  });

  it('finds the first difference and labels keys', () => {
    expect(firstDifference('abc', 'abd')).toBe(2);
    expect(firstDifference('abc', 'abc')).toBe(3);
    expect(snapshotLabel('2026-11-30-17-04-49-2')).toBe('2026-11-30 17:04:49 (2)');
    expect(snapshotLabel('2026-11-30-17-04-49')).toBe('2026-11-30 17:04:49');
  });
});
