import { describe, expect, it } from 'vitest';
import { H, KITS, fileSection, renderKit, sectionOf } from '../../../../shared/engine/__fixtures__/kit';
import type { RenderReport } from '../../../../shared/engine';
import { explainSection } from '../../../../shared/explain';
import type { Language } from '../../../../shared/api';
import { placeholderNames } from '../../i18n/message-format';
import { translatePanel } from '../../i18n/panel-messages';
import { timelineMessages, type TimelineKey } from './messages';
import { reasonText } from './reason-text';

const tr =
  (lang: Language) =>
  (key: TimelineKey, params?: Readonly<Record<string, string | number>>): string =>
    translatePanel(timelineMessages, lang, key, params);

function why(report: RenderReport, id: string, lang: Language = 'en') {
  return reasonText(tr(lang), explainSection(sectionOf(report, id), report));
}

const files = {
  [`${KITS}/a.md`]: 'a',
  [`${KITS}/big.md`]: 'x'.repeat(900),
  [`${H}/agents/nova/personal/persona.md`]: 'p',
};

describe('reasonText: the why in plain words, with values', () => {
  it('a false when: the value, the condition, and the change that loads it', () => {
    const r = renderKit(
      { sections: [fileSection('persona', '$KITS/a.md', { when: { var: 'chatType', neq: null } })], files },
      { chatType: null },
    );
    expect(why(r, 'persona').lines).toEqual([
      'chatType = null, so chatType ≠ null is false',
      'To load it: give chatType any value (e.g. "private" or "group").',
    ]);
    expect(why(r, 'persona', 'zh-CN').lines[0]).toBe('chatType = null，所以 chatType ≠ null 为 假');
  });

  it('a when set by the override says so', () => {
    const r = renderKit(
      {
        sections: [fileSection('peer', '$KITS/a.md', { when: { var: 'peerKey', neq: null } })],
        override: [{ id: 'peer', when: { var: 'peerRole', in: ['owner', 'admin'] } }],
        files,
      },
      { peerRole: 'member' },
    );
    expect(why(r, 'peer').lines).toEqual([
      'peerRole = "member", so peerRole ∈ ["owner", "admin"] is false (condition set by the override)',
      'To load it: set peerRole to one of ["owner", "admin"].',
    ]);
  });

  it('a loaded section shows its true condition, and no other line', () => {
    const r = renderKit(
      { sections: [fileSection('a', '$KITS/a.md', { when: { var: 'chatType', neq: null } })], files },
      { chatType: 'group' },
    );
    expect(why(r, 'a')).toEqual({
      lines: [],
      condition: 'chatType = "group", so chatType ≠ null is true',
      clauses: [],
    });
  });

  it('unresolved: the token and the var to set', () => {
    const r = renderKit({ sections: [fileSection('persona', '$PERSONAL_DIR/persona.md')], files }, {});
    expect(why(r, 'persona').lines).toEqual([
      'Path $PERSONAL_DIR/persona.md cannot be resolved:',
      '$PERSONAL_DIR has no value (PERSONAL_DIR ← AGENT_DIR ← selfAid): set selfAid',
    ]);
  });

  it('not-exist: the path looked for', () => {
    const r = renderKit(
      { sections: [fileSection('v', '$KITS/{{chatType}}.md')], files },
      { chatType: 'group' },
    );
    expect(why(r, 'v').lines).toEqual([`Not found: ${KITS}/group.md (written as $KITS/{{chatType}}.md)`]);
  });

  it('over-total: which limit and by how much', () => {
    const r = renderKit({
      sections: [
        fileSection('big', '$KITS/big.md', { order: 1 }),
        fileSection('again', '$KITS/big.md', { order: 2 }),
        fileSection('a', '$KITS/a.md', { order: 3 }),
      ],
      files,
      top: { totalMaxBytes: 1000 },
    });
    expect(why(r, 'again').lines).toEqual([
      'The total budget stopped it: 900 + 900 = 1800 bytes, over the 1000-byte limit by 800.',
    ]);
    const afterCut =
      'Not loaded: the total gate already cut at again, and evolcore loads no later section (it does not even read this one).';
    expect(why(r, 'a').lines).toEqual([afterCut]);
    const r2 = renderKit({
      sections: [
        fileSection('big', '$KITS/big.md', { order: 1 }),
        fileSection('again', '$KITS/big.md', { order: 2 }),
        fileSection('third', '$KITS/big.md', { order: 3 }),
      ],
      files,
      top: { totalMaxBytes: 1000 },
    });
    // After the trip evolcore reads nothing more: whether it would fit is not known, nor claimed.
    expect(why(r2, 'third').lines).toEqual([afterCut]);
    expect(why(r2, 'again').lines).toEqual([
      'The total budget stopped it: 900 + 900 = 1800 bytes, over the 1000-byte limit by 800.',
    ]);
  });

  it('disabled by the override; invalid with its reason', () => {
    const r = renderKit({
      sections: [fileSection('a', '$KITS/a.md'), fileSection('bad', '$KITS/a.md', { type: 'glob' })],
      override: [{ id: 'a', enabled: false }],
      files,
    });
    expect(why(r, 'a').lines).toEqual(['Disabled ("enabled": false) by the override.']);
    expect(why(r, 'bad').lines[0]).toMatch(/^Invalid: .*"glob"/);
  });

  it('every Chinese message keeps the placeholders of its English one', () => {
    for (const key of Object.keys(timelineMessages.en) as TimelineKey[]) {
      expect(placeholderNames(timelineMessages['zh-CN'][key]), key).toEqual(
        placeholderNames(timelineMessages.en[key]),
      );
    }
  });

  it('and / or: a heading, then each clause with its values; unreached clauses say so', () => {
    const when = {
      and: [
        { var: 'chatType', eq: 'private' },
        { var: 'lifecycle', neq: 'bootstrapping' },
      ],
    };
    const r = renderKit(
      { sections: [fileSection('s', '$KITS/a.md', { when })], files },
      { chatType: 'group', lifecycle: 'bootstrapping' },
    );
    const w = why(r, 's');
    expect(w.lines).toEqual([
      'all 2 clauses must hold (and), so the condition is false:',
      'To load it: set chatType to "private" and set lifecycle to a value other than ["bootstrapping"] (e.g. "created" or "active").',
    ]);
    expect(w.clauses).toEqual([
      { depth: 0, mark: 'false', text: 'chatType = "group", so chatType = "private" is false' },
      {
        depth: 0,
        mark: 'skipped',
        text: 'not checked (an earlier clause already decided); with these vars: lifecycle = "bootstrapping", so lifecycle ≠ "bootstrapping" is false',
      },
    ]);
    const zh = why(r, 's', 'zh-CN');
    expect(zh.lines[0]).toBe('2 个子条件须全部成立（`and`），所以条件为 假：');
    expect(zh.clauses[1]?.text).toContain('未检查');
  });

  it('nested or inside and: clauses one level deeper', () => {
    const when = {
      and: [
        {
          or: [
            { var: 'peerRole', eq: 'owner' },
            { var: 'peerRole', eq: 'admin' },
          ],
        },
        { var: 'lifecycle', neq: 'bootstrapping' },
      ],
    };
    const r = renderKit(
      { sections: [fileSection('s', '$KITS/a.md', { when })], files },
      { peerRole: 'owner', lifecycle: 'active' },
    );
    const w = why(r, 's');
    expect(w.condition).toBe('all 2 clauses must hold (and), so the condition is true:');
    expect(w.clauses.map((c) => [c.depth, c.mark])).toEqual([
      [0, 'true'],
      [1, 'true'],
      [1, 'skipped'],
      [0, 'true'],
    ]);
  });
});
