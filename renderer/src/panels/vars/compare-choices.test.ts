import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../shared/scenarios/presets';
import { choiceValue, compareChoices, scenarioOfChoice } from './compare-choices';

describe('compare choices', () => {
  const saved = [{ name: 'mine', scenario: presetScenario('auxiliary'), savedAt: 1 }];
  const current = { ...presetScenario('private-owner'), presetId: null };

  it('offers the current scenario, the six presets and the saved ones', () => {
    const values = compareChoices(saved).map(choiceValue);
    expect(values[0]).toBe('current');
    expect(values).toContain('preset:private-visitor');
    expect(values.at(-1)).toBe('saved:mine');
    expect(values).toHaveLength(8);
  });

  it('resolves a value to its scenario', () => {
    expect(scenarioOfChoice('current', current, saved)).toBe(current);
    expect(scenarioOfChoice('preset:group-member', current, saved)?.vars['chatType']).toBe('group');
    expect(scenarioOfChoice('saved:mine', current, saved)?.sessionType).toBe('auxiliary');
    expect(scenarioOfChoice('saved:gone', current, saved)).toBeNull();
  });
});
