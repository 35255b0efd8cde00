import { describe, expect, it } from 'vitest';
import { explainTokens } from './unresolved';

const home = { EVOLCORE_HOME: '/h', PACKAGE_ROOT: '/p', KITS: '/p/kits' };

describe('explainTokens: which var to set', () => {
  it.each<[string, Record<string, unknown>, { needs: string[]; chain: string[]; known: boolean }]>([
    [
      '$PERSONAL_DIR',
      home,
      { needs: ['selfAid'], chain: ['PERSONAL_DIR', 'AGENT_DIR', 'selfAid'], known: true },
    ],
    ['$AGENT_DIR', home, { needs: ['selfAid'], chain: ['AGENT_DIR', 'selfAid'], known: true }],
    ['{{peerKey}}', home, { needs: ['peerKey'], chain: [], known: true }],
    ['$CURRENT_PROJECT', home, { needs: ['CURRENT_PROJECT'], chain: [], known: true }],
    ['$NOT_A_VAR', home, { needs: ['NOT_A_VAR'], chain: [], known: false }],
  ])('%s', (token, vars, expected) => {
    expect(explainTokens([token], vars)[0]).toMatchObject({ token, ...expected });
  });

  it('a var present but not truthy is reported with its value', () => {
    expect(explainTokens(['{{clientType}}'], { clientType: '' })[0]).toMatchObject({
      var: 'clientType',
      form: 'brace',
      present: true,
      value: '',
      needs: ['clientType'],
    });
  });

  it('one entry per token, in the order the engine listed them', () => {
    const t = explainTokens(['{{channel}}', '{{chatType}}'], {});
    expect(t.map((x) => x.needs)).toEqual([['channel'], ['chatType']]);
  });
});
