import { describe, expect, it } from 'vitest';
import { H, KITS, fileSection, renderKit } from './__fixtures__/kit';
import { contextPrefix, displayMappings } from './output-format';
import { derivePathVars } from './path-vars';

const files = {
  [`${KITS}/a.md`]: 'home {{EVOLCLAW_HOME}} / {{EVOLCORE_HOME}}',
  [`${H}/agents/nova/personal/persona.md`]: 'p',
};
const sections = [
  fileSection('a', '$KITS/a.md', { needsInjection: true }),
  fileSection('persona', '$PERSONAL_DIR/persona.md'),
];

describe('product: evolcore (default) or evolclaw', () => {
  it('evolcore: the EvolCore header, EVOLCORE_HOME, $EVOLCORE_HOME', () => {
    const r = renderKit({ sections, files }, { selfAid: 'nova' });
    expect(
      r.context.startsWith('<system-reminder>\nEvolCore Context Kit documents are shown below.\n\n'),
    ).toBe(true);
    expect(r.context).toContain(`home  / ${H}`);
    expect(displayMappings('/p', H, {}).find((m) => m.prefix === H)?.alias).toBe('$EVOLCORE_HOME');
  });

  it('evolclaw: the EvolClaw header, EVOLCLAW_HOME (and no EVOLCORE_HOME), $EVOLCLAW_HOME', () => {
    const r = renderKit({ sections, files }, { selfAid: 'nova' }, { product: 'evolclaw' });
    expect(
      r.context.startsWith('<system-reminder>\nEvolClaw Context Kit documents are shown below.\n\n'),
    ).toBe(true);
    expect(r.context).toMatch(/home \/h \/\s/);
    expect(r.context).not.toContain('EvolCore');
    expect(displayMappings('/p', H, {}, 'evolclaw').find((m) => m.prefix === H)?.alias).toBe(
      '$EVOLCLAW_HOME',
    );
    // The agent's folders are still shown relative to the home.
    expect(r.sections.find((s) => s.id === 'persona')?.displayPath).toBe('$PERSONAL_DIR/persona.md');
  });

  it('evolclaw: a given EVOLCLAW_HOME moves the alias, as evolcore does with EVOLCORE_HOME', () => {
    const vars = derivePathVars('/p', H, { EVOLCLAW_HOME: '/elsewhere' }, 'evolclaw');
    expect(vars.values.EVOLCLAW_HOME).toBe('/elsewhere');
    expect(vars.values.EVOLCORE_HOME).toBeUndefined();
    expect(
      displayMappings('/p', H, vars.vars, 'evolclaw').find((m) => m.alias === '$EVOLCLAW_HOME')?.prefix,
    ).toBe('/elsewhere');
  });

  it('contextPrefix names each product', () => {
    expect(contextPrefix()).toContain('EvolCore Context Kit');
    expect(contextPrefix('evolclaw')).toContain('EvolClaw Context Kit');
  });
});
