import { describe, expect, it } from 'vitest';
import { displayPath } from './output-format';
import { ECK, H, KITS, body, dirSection, fileSection, renderKit, sectionOf } from './__fixtures__/kit';

const PREFIX = '<system-reminder>\nEvolCore Context Kit documents are shown below.\n\n';
const SUFFIX = '\n\nIMPORTANT: Use this context when it affects the current interaction.\n</system-reminder>';

describe('output format (§8)', () => {
  it('prefix, one block, suffix, exactly', () => {
    const r = renderKit({
      sections: [fileSection('a', '$KITS/a.md', { description: '说明' })],
      files: { [`${KITS}/a.md`]: 'A' },
    });
    expect(r.context).toBe(`${PREFIX}Contenu de $KITS/a.md (a — 说明):\n\nA${SUFFIX}`);
  });

  it('blocks are joined by one blank line, in order', () => {
    const r = renderKit({
      sections: [fileSection('b', '$KITS/b.md', { order: 2 }), fileSection('a', '$KITS/a.md', { order: 1 })],
      files: { [`${KITS}/a.md`]: 'A', [`${KITS}/b.md`]: 'B' },
    });
    expect(body(r.context)).toBe('Contenu de $KITS/a.md (a):\n\nA\n\nContenu de $KITS/b.md (b):\n\nB');
  });

  it('label without description is the id; an empty description too', () => {
    const r = renderKit({
      sections: [fileSection('a', '$KITS/a.md', { description: '' })],
      files: { [`${KITS}/a.md`]: 'A' },
    });
    expect(body(r.context)).toBe('Contenu de $KITS/a.md (a):\n\nA');
  });

  it('a raw file is verbatim: trailing newline, blank lines and tags kept', () => {
    const raw = '\n# T\n\n{{x}} {{?y}}z{{/}}\n\n';
    const r = renderKit(
      { sections: [fileSection('a', '$KITS/a.md')], files: { [`${KITS}/a.md`]: raw } },
      { x: 'X', y: 1 },
    );
    expect(body(r.context)).toBe(`Contenu de $KITS/a.md (a):\n\n${raw}`);
  });

  it('an empty raw file gives a block with empty content', () => {
    const r = renderKit({ sections: [fileSection('a', '$KITS/a.md')], files: { [`${KITS}/a.md`]: '' } });
    expect(body(r.context)).toBe('Contenu de $KITS/a.md (a):\n\n');
  });

  it('no block at all: the context is empty', () => {
    const r = renderKit({ sections: [fileSection('a', '$KITS/none.md')], files: {} });
    expect(r.rendered).toBe(true);
    expect(r.context).toBe('');
  });

  it('an empty manifest: the context is empty', () => {
    const r = renderKit({ sections: [] });
    expect(r.context).toBe('');
    expect(r.sections).toEqual([]);
  });
});

describe('display paths (§8)', () => {
  const vars = {
    PACKAGE_ROOT: '/a',
    KITS: '/a/kits',
    KITS_RULES: '/a/kits/rules',
    KITS_DOCS: '/a/kits/docs',
    EVOLCORE_HOME: '/h',
    ECK: '/h/eck',
    AGENT_DIR: '/h/agents/n',
    PERSONAL_DIR: '/h/agents/n/personal',
    CURRENT_PROJECT: '/work/proj',
  };
  it.each([
    ['/a/kits/rules/x.md', '$KITS_RULES/x.md'],
    ['/a/kits/rules', '$KITS_RULES'],
    ['/a/kits/other.md', '$KITS/other.md'],
    ['/a/kits2/x.md', '$PACKAGE_ROOT/kits2/x.md'],
    ['/a/kits/rules2/x.md', '$KITS/rules2/x.md'],
    ['/h/agents/n/personal/persona.md', '$PERSONAL_DIR/persona.md'],
    ['/h/agents/n/notes.md', '$AGENT_DIR/notes.md'],
    ['/h/agents/other/x.md', '$EVOLCORE_HOME/agents/other/x.md'],
    ['/h/eck/x.md', '$ECK/x.md'],
    ['/work/proj/README.md', '$CURRENT_PROJECT/README.md'],
    ['/elsewhere/x.md', '/elsewhere/x.md'],
    ['/ab/x.md', '/ab/x.md'],
  ])('%s → %s', (path, expected) => {
    expect(displayPath(path, vars)).toBe(expected);
  });

  it('a var holding the root "/" keeps the separator', () => {
    expect(displayPath('/etc/x.md', { CURRENT_PROJECT: '/' })).toBe('$CURRENT_PROJECT/etc/x.md');
    expect(displayPath('/', { CURRENT_PROJECT: '/' })).toBe('$CURRENT_PROJECT');
    expect(displayPath('/a/kits/x.md', { CURRENT_PROJECT: '/', KITS: '/a/kits' })).toBe('$KITS/x.md');
  });

  it('in a render, derived vars alias the block headers', () => {
    const r = renderKit(
      {
        sections: [fileSection('p', '$PERSONAL_DIR/persona.md')],
        files: { [`${H}/agents/nova/personal/persona.md`]: 'P' },
      },
      { selfAid: 'nova' },
    );
    expect(body(r.context)).toBe('Contenu de $PERSONAL_DIR/persona.md (p):\n\nP');
    expect(sectionOf(r, 'p').files[0]?.display).toBe('$PERSONAL_DIR/persona.md');
  });

  it('a file reached through a token still displays with the longest alias', () => {
    const r = renderKit(
      {
        sections: [fileSection('v', '$KITS/docs/venues/{{chatType}}.md')],
        files: { [`${KITS}/docs/venues/group.md`]: 'G' },
      },
      { chatType: 'group' },
    );
    expect(sectionOf(r, 'v').files[0]?.display).toBe('$KITS_DOCS/venues/group.md');
  });

  it('an override file displays under $ECK', () => {
    const r = renderKit({ sections: [fileSection('o', `${ECK}/x.md`)], files: { [`${ECK}/x.md`]: 'X' } });
    expect(sectionOf(r, 'o').displayPath).toBe('$ECK/x.md');
  });
});

describe('spans (report)', () => {
  const files = {
    [`${KITS}/a.md`]: 'AAA\n',
    [`${KITS}/rules/1.md`]: 'one',
    [`${KITS}/rules/2.md`]: 'two',
    [`${KITS}/rules/3.md`]: 'three',
    [`${KITS}/t.md`]: 'T {{x}}',
  };
  const r = renderKit(
    {
      sections: [
        fileSection('a', '$KITS/a.md', { order: 1, description: 'first' }),
        dirSection('rules', '$KITS_RULES', { order: 2, maxFiles: 2 }),
        fileSection('t', '$KITS/t.md', { order: 3, needsInjection: true }),
        fileSection('gone', '$KITS/none.md', { order: 4 }),
      ],
      files,
    },
    { x: 'X' },
  );

  it('a file section span slices to exactly its block', () => {
    const s = sectionOf(r, 'a');
    expect(r.context.slice(s.span?.start, s.span?.end)).toBe('Contenu de $KITS/a.md (a — first):\n\nAAA\n');
  });

  it('a folder section span covers its blocks and its note', () => {
    const s = sectionOf(r, 'rules');
    expect(r.context.slice(s.span?.start, s.span?.end)).toBe(
      'Contenu de $KITS_RULES/1.md (rules):\n\none\n\nContenu de $KITS_RULES/2.md (rules):\n\ntwo\n\n[注意] 目录 $KITS_RULES 未完整加载：1 个文件未加载（达文件数上限 2 个）。',
    );
  });

  it('file spans and content spans', () => {
    const s = sectionOf(r, 'rules');
    const f = s.files[1];
    expect(r.context.slice(f?.span?.start, f?.span?.end)).toBe('Contenu de $KITS_RULES/2.md (rules):\n\ntwo');
    expect(r.context.slice(f?.contentSpan?.start, f?.contentSpan?.end)).toBe('two');
    const t = sectionOf(r, 't').files[0];
    expect(r.context.slice(t?.contentSpan?.start, t?.contentSpan?.end)).toBe('T X');
  });

  it('a section that loaded nothing has no span', () => {
    expect(sectionOf(r, 'gone').span).toBeNull();
  });

  it('the spans of all sections are in order and do not overlap', () => {
    const spans = r.sections.flatMap((s) => (s.span ? [s.span] : []));
    for (let i = 1; i < spans.length; i++)
      expect(spans[i]?.start).toBeGreaterThanOrEqual(spans[i - 1]?.end ?? 0);
  });

  it('spans count UTF-16 code units (non-BMP text before a block)', () => {
    const r2 = renderKit({
      sections: [fileSection('e', '$KITS/e.md', { order: 1 }), fileSection('f', '$KITS/f.md', { order: 2 })],
      files: { [`${KITS}/e.md`]: '😀中', [`${KITS}/f.md`]: 'F' },
    });
    const s = sectionOf(r2, 'f');
    expect(r2.context.slice(s.span?.start, s.span?.end)).toBe('Contenu de $KITS/f.md (f):\n\nF');
  });
});

describe('conditional trace in the report', () => {
  it('carries expression, actual value, kept and the source line per section', () => {
    const tpl = '# 身份\n{{?peerRole=owner}}主人{{/}}\n{{?groupId}}群{{/}}\n';
    const r = renderKit(
      {
        sections: [fileSection('id', '$KITS/t.md', { needsInjection: true })],
        files: { [`${KITS}/t.md`]: tpl },
      },
      { peerRole: 'owner' },
    );
    expect(sectionOf(r, 'id').trace).toEqual([
      expect.objectContaining({
        file: `${KITS}/t.md`,
        line: 2,
        expression: '{{?peerRole=owner}}',
        actual: 'owner',
        kept: true,
      }),
      expect.objectContaining({ line: 3, expression: '{{?groupId}}', actual: undefined, kept: false }),
    ]);
    expect(body(r.context)).toBe('Contenu de $KITS/t.md (id):\n\n# 身份\n主人');
    expect(sectionOf(r, 'id').templateVars).toEqual(expect.arrayContaining(['peerRole', 'groupId']));
  });

  it('a raw file has no trace', () => {
    const r = renderKit({
      sections: [fileSection('a', '$KITS/t.md')],
      files: { [`${KITS}/t.md`]: '{{?x}}y{{/}}' },
    });
    expect(sectionOf(r, 'a').trace).toEqual([]);
  });

  it('an unclosed block in a section template earns unclosed-block with file and line', () => {
    const r = renderKit(
      {
        sections: [fileSection('t', '$KITS/t.md', { needsInjection: true })],
        files: { [`${KITS}/t.md`]: 'a\nb {{?x}}c' },
      },
      { x: 1 },
    );
    const d = r.diagnostics.find((x) => x.code === 'unclosed-block');
    expect(d).toMatchObject({ level: 'warning', section: 't', file: `${KITS}/t.md`, line: 2, column: 3 });
    expect(d?.message).toContain(`${KITS}/t.md:2:3`);
    expect(body(r.context)).toBe('Contenu de $KITS/t.md (t):\n\na\nb {{?x}}c');
  });
});
