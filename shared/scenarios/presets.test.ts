import { describe, expect, it } from 'vitest';
import { PRESET_IDS, scenarioSchema } from './scenario';
import { DEFAULT_PRESET_ID, SCENARIO_PRESETS, presetScenario, presetScenarioFor } from './presets';

describe('scenario presets', () => {
  it('are valid API scenarios', () => {
    for (const preset of SCENARIO_PRESETS) {
      expect(scenarioSchema.safeParse(preset.scenario).success, preset.id).toBe(true);
      expect(preset.scenario.presetId).toBe(preset.id);
    }
  });

  it('coding has no chat, so the identity layers fall away', () => {
    const vars = presetScenario('coding').vars;
    expect(vars['chatType']).toBeNull();
    expect(vars['selfAid']).toBeUndefined();
    expect(vars['baseAgent']).toBe('claude-code');
  });

  it('group chat speaks as a member in a feishu group', () => {
    const vars = presetScenario('group-member').vars;
    expect(vars).toMatchObject({
      chatType: 'group',
      groupId: 'oc_team42',
      peerRole: 'member',
      channel: 'feishu',
    });
  });

  it('has the six presets the Vars issue names, each id listed once', () => {
    expect(SCENARIO_PRESETS.map((p) => p.id)).toEqual([...PRESET_IDS]);
  });

  it('a visitor chats privately, so peer-profile (owner/admin) drops but the relation layer stays', () => {
    expect(presetScenario('private-visitor').vars).toMatchObject({
      chatType: 'private',
      peerRole: 'visitor',
      peerKey: 'aun#bob.aid.pub',
    });
  });

  it('the group preset is mention-only', () => {
    expect(presetScenario('group-member').vars['mentionMode']).toBe('mention-only');
  });

  it('the message batch forces the message manifest and carries items for its loop', () => {
    const s = presetScenario('message-batch');
    expect(s.manifestFile).toBe('eck_message_manifest.json');
    expect(Array.isArray(s.vars['items']) && s.vars['items'].length).toBe(3);
  });

  it('auxiliary selects the auxiliary session type', () => {
    expect(presetScenario('auxiliary').sessionType).toBe('auxiliary');
  });

  it('returns copies, and re-targets chat presets only', () => {
    const a = presetScenario(DEFAULT_PRESET_ID);
    a.vars['selfName'] = 'changed';
    expect(presetScenario(DEFAULT_PRESET_ID).vars['selfName']).toBe('Nova');
    expect(presetScenarioFor('private-owner', 'x.aid.pub').vars['selfAid']).toBe('x.aid.pub');
    expect(presetScenarioFor('coding', 'x.aid.pub').vars['selfAid']).toBeUndefined();
  });
});
