import { describe, expect, it } from 'vitest';
import type { KitOptions } from '../../../../shared/engine/__fixtures__/kit';
import { KITS, fileSection, renderKit, statuses } from '../../../../shared/engine/__fixtures__/kit';
import { explainSection } from '../../../../shared/explain';
import type { OverrideValue } from '../../../../shared/override/override-ops';
import { EMPTY_OVERRIDE, indexBaseSections } from '../../../../shared/override/override-ops';
import type { SkipFix } from './skip-fix';
import { fixEdit, skipFix } from './skip-fix';

const x = (n: number): string => 'x'.repeat(n);

const base = {
  sections: [
    fileSection('a', '$KITS/a.md', { order: 1 }),
    fileSection('off', '$KITS/a.md', { order: 2, enabled: false }),
    fileSection('group', '$KITS/a.md', { order: 3, when: { var: 'chatType', eq: 'group' } }),
    fileSection('big', '$KITS/big.md', { order: 4 }),
    fileSection('gone', '$KITS/missing.md', { order: 0 }),
  ],
  top: { totalMaxBytes: 500, totalMaxFiles: 10 },
  files: { [`${KITS}/a.md`]: x(50), [`${KITS}/big.md`]: x(600) },
} satisfies KitOptions;
const vars = { chatType: 'private' };

/** The kit rendered with an override document, as the draft would render it. */
function renderWith(doc: OverrideValue) {
  const { sections, ...top } = doc;
  return renderKit(
    {
      ...base,
      override: sections as KitOptions['override'] & object,
      overrideTop: top as Record<string, unknown>,
    },
    vars,
  );
}

function fixOf(id: string): ReturnType<typeof skipFix> {
  const report = renderKit(base, vars);
  const section = report.sections.find((s) => s.id === id);
  if (section === undefined) throw new Error(id);
  return skipFix(explainSection(section, report));
}

function applied(fix: ReturnType<typeof skipFix>): Record<string, string> {
  if (fix.kind === 'none') throw new Error(`no fix: ${fix.why}`);
  const baseSections = indexBaseSections({ sections: base.sections } as never);
  return statuses(renderWith(fixEdit(fix as SkipFix)(EMPTY_OVERRIDE, baseSections)));
}

describe('the change that loads a skipped section', () => {
  it('starts from a render where they are skipped', () => {
    expect(statuses(renderKit(base, vars))).toMatchObject({
      off: 'disabled',
      group: 'when-false',
      big: 'over-total',
      gone: 'not-exist',
    });
  });

  it('switches a disabled section on', () => {
    expect(fixOf('off')).toEqual({ kind: 'enable', id: 'off' });
    expect(applied(fixOf('off'))['off']).toBe('ok');
  });

  it('stops asking a condition that was false', () => {
    expect(fixOf('group')).toEqual({ kind: 'always', id: 'group' });
    expect(applied(fixOf('group'))['group']).toBe('ok');
  });

  it('raises the total budget just enough for a section it cut', () => {
    // 50 bytes of a before it, 600 of its own: the limit becomes 650.
    const fix = fixOf('big');
    expect(fix).toEqual({ kind: 'budget', field: 'totalMaxBytes', value: 650 });
    expect(applied(fix)['big']).toBe('ok');
  });

  it('says why when no manifest change alone would load it', () => {
    expect(fixOf('gone')).toEqual({ kind: 'none', why: 'file' });
    expect(fixOf('a')).toEqual({ kind: 'none', why: 'loaded' });
  });
});
