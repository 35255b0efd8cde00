import { describe, expect, it } from 'vitest';
import { H, KITS, fileSection, renderKit } from '../../../../shared/engine/__fixtures__/kit';
import type { Language } from '../../../../shared/api';
import { translatePanel } from '../../i18n/panel-messages';
import { timelineMessages, type TimelineKey } from './messages';
import { failureText, hazardText, hazardsBySection } from './hazard-text';
import { timelineRows } from './timeline-rows';

const tr =
  (lang: Language) =>
  (key: TimelineKey, params?: Readonly<Record<string, string | number>>): string =>
    translatePanel(timelineMessages, lang, key, params);

const peerMessages = {
  sections: [fileSection('recent', `${KITS}/recent.md`, { needsInjection: true })],
  files: { [`${KITS}/recent.md`]: '{{#each items}}- {{content}}\n{{/each}}' },
};

describe('hazards on Timeline rows, in plain words', () => {
  it("a peer's message holding {{…}} is parsed again: the row says which var, element and value (en + zh)", () => {
    const report = renderKit(peerMessages, { secret: 'TOKEN', items: [{ content: 'hi {{secret}}' }] });
    // The reproduced quirk itself: the peer's text was expanded.
    expect(report.context).toContain('- hi TOKEN');
    const row = timelineRows(report).find((r) => r.id === 'recent');
    const reparsed = row?.hazards.find((h) => h.code === 'each-value-reparsed');
    expect(reparsed).toBeDefined();
    const en = hazardText(tr('en'), reparsed!);
    expect(en).toContain('{{#each items}} element 0: "content" holds hi {{secret}}');
    expect(en).toMatch(/parses that text again as a template/);
    expect(hazardText(tr('zh-CN'), reparsed!)).toMatch(/再当作模板解析/);
  });

  it('an object var printed as [object Object], and items run together, each once per section', () => {
    const report = renderKit(
      {
        sections: [fileSection('caps', `${KITS}/caps.md`, { needsInjection: true })],
        files: { [`${KITS}/caps.md`]: 'caps: {{capabilities}}\n{{#each tags}}{{.}}\n{{/each}}' },
      },
      { capabilities: { image: true }, tags: ['a', 'b'] },
    );
    expect(report.context).toContain('caps: [object Object]\nab');
    const hazards = hazardsBySection(report).get('caps') ?? [];
    expect(hazards.map((h) => h.code).sort()).toEqual(['each-joined', 'object-rendered']);
    const joined = hazards.find((h) => h.code === 'each-joined');
    expect(hazardText(tr('en'), joined!)).toContain('its 2 items run together');
  });

  it('a selfAid holding ".." reads outside the home, and the row says so loudly', () => {
    const report = renderKit(
      {
        sections: [fileSection('persona', '$PERSONAL_DIR/persona.md')],
        files: { '/outside/personal/persona.md': 'from outside' },
      },
      { selfAid: '../../outside' },
    );
    expect(report.context).toContain('from outside');
    const h = hazardsBySection(report)
      .get('persona')
      ?.find((x) => x.code === 'path-outside-root');
    expect(h && hazardText(tr('en'), h)).toContain(
      'Reads /outside/personal/persona.md, OUTSIDE the package root and the home',
    );
  });

  it('a section without when: no context at all, and the banner says every message fails (en + zh)', () => {
    const report = renderKit({
      sections: [fileSection('a', `${KITS}/a.md`), { ...fileSection('b', `${KITS}/a.md`), when: undefined }],
      files: { [`${KITS}/a.md`]: 'a', [H + '/x']: 'x' },
    });
    expect(report.context).toBe('');
    expect(report.failure).toMatchObject({ code: 'when-missing', section: 'b' });
    expect(failureText(tr('en'), report.failure!)).toMatch(
      /section "b" has no `when`.*every message fails.*no turn/,
    );
    expect(failureText(tr('zh-CN'), report.failure!)).toMatch(/section “b” 没有 `when`/);
  });

  it('a binary file and a file that is not UTF-8: the row names the file (en + zh)', () => {
    const report = renderKit({
      sections: [fileSection('png', `${KITS}/img.md`)],
      files: { [`${KITS}/img.md`]: '\ufffdPNG\r\n\u0000' },
    });
    const hazards = hazardsBySection(report).get('png') ?? [];
    // In memory the text is valid UTF-8 (a real U+FFFD): only the NUL makes it a hazard.
    expect(hazards.map((h) => h.code)).toEqual(['binary-file']);
    const bin = hazards.find((h) => h.code === 'binary-file')!;
    const utf = {
      code: 'invalid-utf8',
      level: 'warning',
      params: { path: `${KITS}/bad.md` },
      detail: '',
    } as const;
    expect(hazardText(tr('en'), bin)).toBe(
      `${KITS}/img.md looks binary (it holds NUL bytes); evolcore injects it as text anyway.`,
    );
    expect(hazardText(tr('zh-CN'), bin)).toContain('看起来是二进制文件');
    expect(hazardText(tr('en'), utf)).toMatch(/is not valid UTF-8/);
    expect(hazardText(tr('zh-CN'), utf)).toMatch(/不是有效的 UTF-8/);
  });

  it('a huge file: the row says so (en + zh)', () => {
    const h = {
      code: 'huge-file',
      level: 'warning',
      params: { path: '/k/big.md', mib: '64.0', bytes: 67108874 },
      detail: '',
    } as const;
    expect(hazardText(tr('en'), h)).toBe(
      '/k/big.md is huge (64.0 MiB): evolcore reads it whole and counts its size against the budgets — over the total budget, it and every later section are left out.',
    );
    expect(hazardText(tr('zh-CN'), h)).toMatch(/^\/k\/big\.md 是超大文件（64\.0 MiB）/);
  });
});
