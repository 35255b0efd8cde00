import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../engine';
import { renderContext } from '../engine';
import { createMemoryFs } from '../base/memory-fs';
import { H, KITS, P, dirSection, fileSection, kitTree, type KitOptions } from '../engine/__fixtures__/kit';
import { lintKit, lintKits, type VarKnowledge } from './kit-lint';

const KNOWN = ['chatType', 'peerName', 'pendingCount', 'sessionId', 'items', 'selfAid'];
const knowledge: VarKnowledge = {
  isKnown: (n) => KNOWN.includes(n),
  isNumeric: (n) => n === 'pendingCount',
  suggest: (n) =>
    KNOWN.find(
      (k) =>
        k.toLowerCase() === n.toLowerCase() ||
        (k.length === n.length && [...k].filter((c, i) => c !== n[i]).length <= 2),
    ) ?? null,
};

function lint(o: KitOptions, vars: Record<string, unknown> = {}): Diagnostic[] {
  const fs = createMemoryFs(kitTree(o));
  const report = renderContext({ packageRoot: P, home: H, vars }, fs);
  return lintKit(report, fs, knowledge);
}
const byCode = (ds: Diagnostic[], code: string): Diagnostic[] => ds.filter((d) => d.code === code);

describe('lintKit', () => {
  it('a clean kit has no findings', () => {
    expect(
      lint({
        sections: [fileSection('s', '$KITS/s.md', { needsInjection: true })],
        files: { [`${KITS}/s.md`]: '{{sessionId}}' },
      }),
    ).toEqual([]);
  });

  it('an unknown var in a template: warning with the suggestion', () => {
    const ds = byCode(
      lint({
        sections: [fileSection('s', '$KITS/s.md', { needsInjection: true })],
        files: { [`${KITS}/s.md`]: '{{peerNmae}}' },
      }),
      'unknown-var',
    );
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ level: 'warning', section: 's', file: `${KITS}/s.md` });
    expect(ds[0]?.message).toContain('did you mean "peerName"');
  });

  it('an unknown var in a conditional tag is flagged too', () => {
    const ds = lint({
      sections: [fileSection('s', '$KITS/s.md', { needsInjection: true })],
      files: { [`${KITS}/s.md`]: '{{?chattype}}x{{/}}' },
    });
    expect(byCode(ds, 'unknown-var')[0]?.message).toContain('"chattype"');
  });

  it('element fields inside #each are not flagged', () => {
    const ds = lint({
      sections: [fileSection('s', '$KITS/s.md', { needsInjection: true })],
      files: { [`${KITS}/s.md`]: '{{#each items}}{{content}} {{@index}} {{.}}{{/each}}' },
    });
    expect(byCode(ds, 'unknown-var')).toEqual([]);
  });

  it('a raw file is not checked for template vars', () => {
    const ds = lint({
      sections: [fileSection('s', '$KITS/s.md')],
      files: { [`${KITS}/s.md`]: '{{whatever}}' },
    });
    expect(byCode(ds, 'unknown-var')).toEqual([]);
  });

  it('a var given in the scenario counts as known', () => {
    const ds = lint(
      {
        sections: [fileSection('s', '$KITS/s.md', { needsInjection: true })],
        files: { [`${KITS}/s.md`]: '{{custom}}' },
      },
      { custom: 'x' },
    );
    expect(byCode(ds, 'unknown-var')).toEqual([]);
  });

  it('an unknown var in a when is flagged even if the section does not load', () => {
    const ds = lint({
      sections: [fileSection('s', '$KITS/s.md', { when: { var: 'chatTpye', neq: null } })],
      files: { [`${KITS}/s.md`]: 'x' },
    });
    expect(byCode(ds, 'unknown-var')[0]?.message).toMatch(
      /"chatTpye" is not a known var \(did you mean "chatType"\?\); read by the `when` of section "s"/,
    );
  });

  it('a numeric var as a {{?}} guard: zero-hides-block (0 is false there); printed alone it is "0": none', () => {
    const sections = [fileSection('s', '$KITS/s.md', { needsInjection: true })];
    expect(
      byCode(lint({ sections, files: { [`${KITS}/s.md`]: '队列 {{pendingCount}}' } }), 'zero-hides-block'),
    ).toEqual([]);
    const guarded = byCode(
      lint({ sections, files: { [`${KITS}/s.md`]: '{{?pendingCount}}队列 {{pendingCount}}{{/}}' } }),
      'zero-hides-block',
    );
    expect(guarded).toHaveLength(1);
    expect(guarded[0]?.message).toMatch(/\{\{\?pendingCount!=undefined\}\}/);
  });

  it('every section without a usable when is reported, not only the first one the render stopped at', () => {
    const sections = [
      { id: 'a', type: 'file', file: '$KITS/s.md', order: 1, needsInjection: false },
      { id: 'b', type: 'file', file: '$KITS/s.md', order: 2, needsInjection: false, when: { and: 'x' } },
      { id: 'c', type: 'file', file: '$KITS/s.md', order: 3, needsInjection: false, enabled: false },
      {
        id: 'd',
        type: 'file',
        file: '$KITS/s.md',
        order: 4,
        needsInjection: false,
        when: { or: [{ var: 'chatType', eq: 'group' }, null] },
      },
    ];
    const ds = lint({ sections, files: { [`${KITS}/s.md`]: 'x' } });
    const when = ds.filter((d) => d.code === 'when-missing' || d.code === 'when-crash');
    // "a" is where the render itself stopped: its error is the report's failure, not repeated here.
    expect(when.map((d) => [d.section, d.code, d.level])).toEqual([
      ['b', 'when-crash', 'error'],
      ['c', 'when-missing', 'warning'],
      ['d', 'when-missing', 'warning'],
    ]);
  });

  it('a loop wrapper is a template even with needsInjection false', () => {
    const ds = lint(
      {
        sections: [fileSection('b', '$KITS/w.md', { loop: { forEach: 'items', childFile: '$KITS/c.md' } })],
        files: {
          [`${KITS}/w.md`]: '{{?pendingCount}}{{pendingCount}}{{/}} {{@loop}}',
          [`${KITS}/c.md`]: '{{.}}',
        },
      },
      { items: [] },
    );
    expect(byCode(ds, 'zero-hides-block')).toHaveLength(1);
  });

  it.each([
    [40000, 0],
    [40001, 1],
  ])('a file of %d characters → %d file-over-40k', (n, count) => {
    const ds = lint({
      sections: [fileSection('s', '$KITS/s.md')],
      files: { [`${KITS}/s.md`]: '字'.repeat(n) },
    });
    expect(byCode(ds, 'file-over-40k')).toHaveLength(count);
  });

  it.each([
    ['16 of 20 files (80%)', 16, 1, 1],
    ['15 of 20 files (75%)', 15, 1, 0],
    ['3 files but 80% of maxBytes', 3, 10923, 1],
  ])('folder-near-budget: %s', (_label, count, size, expected) => {
    const files = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`${KITS}/rules/${i}.md`, 'x'.repeat(size)]),
    );
    const ds = lint({ sections: [dirSection('rules', '$KITS_RULES')], files, top: { totalMaxBytes: 1e9 } });
    const found = byCode(ds, 'folder-near-budget');
    expect(found).toHaveLength(expected);
    if (expected) expect(found[0]?.message).toMatch(/^\$KITS_RULES: /);
  });

  it('checks a file once even when two sections use it', () => {
    const ds = lint({
      sections: [fileSection('a', '$KITS/s.md'), fileSection('b', '$KITS/s.md', { order: 20 })],
      files: { [`${KITS}/s.md`]: 'x'.repeat(40001) },
    });
    expect(byCode(ds, 'file-over-40k')).toHaveLength(1);
  });

  it('a missing base: nothing to lint', () => {
    const fs = createMemoryFs({ [H]: null });
    const report = renderContext({ packageRoot: P, home: H, vars: {} }, fs);
    expect(lintKit(report, fs, knowledge)).toEqual([]);
  });

  it('and / or conditions are read clause by clause: no error, unknown vars inside found', () => {
    const when = { and: [{ var: 'chatType', eq: 'private' }, { or: [{ var: 'lifecycel', neq: 'x' }] }] };
    const ds = lint({
      sections: [fileSection('s', '$KITS/s.md', { when })],
      files: { [`${KITS}/s.md`]: 'x' },
    });
    expect(ds.filter((d) => d.level === 'error')).toEqual([]);
    expect(byCode(ds, 'unknown-var').map((d) => d.message)).toEqual([
      '"lifecycel" is not a known var; read by the `when` of section "s"',
    ]);
  });

  it('an unknown var is reported once, with every place that reads it', () => {
    const ds = lint({
      sections: [
        fileSection('a', '$KITS/a.md', { needsInjection: true, when: { var: 'mood', neq: null } }),
        fileSection('b', '$KITS/b.md', { needsInjection: true }),
      ],
      files: { [`${KITS}/a.md`]: '{{?mood}}{{mood}}{{/}}', [`${KITS}/b.md`]: 'mood: {{mood}}' },
    });
    const unknown = byCode(ds, 'unknown-var');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]?.message).toBe(
      `"mood" is not a known var; read by the \`when\` of section "a"; template ${KITS}/a.md; template ${KITS}/b.md`,
    );
    expect(unknown[0]).toMatchObject({ section: 'a' });
  });

  it('several manifest files: each is linted, an unknown var named once with the manifest of each place', () => {
    const fs = createMemoryFs({
      ...kitTree({
        sections: [fileSection('s', '$KITS/s.md', { when: { var: 'mood', eq: 1 } })],
        files: { [`${KITS}/s.md`]: 'x' },
      }),
      [`${KITS}/eck_message_manifest.json`]: JSON.stringify({
        sections: [fileSection('m', '$KITS/m.md', { needsInjection: true })],
      }),
      [`${KITS}/m.md`]: '{{mood}} {{batchSise}}',
    });
    const reports = ['eck_manifest.json', 'eck_message_manifest.json'].map((manifestFile) =>
      renderContext({ packageRoot: P, home: H, vars: {}, manifestFile }, fs),
    );
    const unknown = byCode(lintKits(reports, fs, knowledge), 'unknown-var');
    expect(unknown.map((d) => d.message)).toEqual([
      `"mood" is not a known var; read by the \`when\` of section "s" in eck_manifest.json; template ${KITS}/m.md`,
      `"batchSise" is not a known var; read by template ${KITS}/m.md`,
    ]);
  });
});
