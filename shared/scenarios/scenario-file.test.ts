import { describe, expect, it } from 'vitest';
import { presetScenario } from './presets';
import { parseScenarioFile, scenarioFileName, scenarioFileText, scenarioNameProblem } from './scenario-file';

describe('scenario files', () => {
  it('an export imports back as the same named scenario', () => {
    const scenario = presetScenario('message-batch');
    const back = parseScenarioFile(scenarioFileText('Batch of 3', scenario));
    expect(back).toEqual({ ok: true, name: 'Batch of 3', scenario, note: null, varsFile: false });
  });

  it('reads a bare scenario, and a bare vars object as session type main', () => {
    const bare = parseScenarioFile(JSON.stringify({ vars: { chatType: 'group' }, sessionType: 'auxiliary' }));
    expect(bare).toMatchObject({
      ok: true,
      scenario: { vars: { chatType: 'group' }, sessionType: 'auxiliary', presetId: null },
    });
    const plain = parseScenarioFile('{"chatType": "private"}');
    expect(plain).toMatchObject({
      ok: true,
      scenario: { vars: { chatType: 'private' }, sessionType: 'main' },
    });
    expect(plain.ok && plain.note).toMatch(/vars file \(plain/);
    expect(plain.ok && plain.varsFile).toBe(true);
  });

  it('reads a recorded vars-<ts>.json in its described shape', () => {
    const described = JSON.stringify({
      chatType: { value: 'group', description: '聊天类型' },
      KITS: { value: '/opt/evolcore/kits' },
    });
    const r = parseScenarioFile(described);
    expect(r).toMatchObject({
      ok: true,
      varsFile: true,
      scenario: { vars: { chatType: 'group', KITS: '/opt/evolcore/kits' } },
    });
  });

  it('refuses what is not a scenario, saying where', () => {
    expect(parseScenarioFile('{"vars": ')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^not JSON: 1:/),
    });
    expect(parseScenarioFile('"text"')).toMatchObject({ ok: false });
    expect(
      parseScenarioFile(JSON.stringify({ scenario: { vars: {}, manifestFile: '../x.json' } })),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/manifestFile/),
    });
  });

  it('checks names and makes safe file names', () => {
    expect(scenarioNameProblem('  ')).not.toBeNull();
    expect(scenarioNameProblem('a\nb')).not.toBeNull();
    expect(scenarioNameProblem('群聊 / mention-only')).toBeNull();
    expect(scenarioFileName('群聊 / mention-only')).toBe('群聊-mention-only.scenario.json');
    expect(scenarioFileName('///')).toBe('scenario.scenario.json');
  });
});
