import { describe, expect, it } from 'vitest';
import { displayMappings, shortenPath } from './output-format';
import { ECK, H, KITS, body, dirSection, fileSection, renderKit, sectionOf } from './__fixtures__/kit';

const PREFIX = '<system-reminder>\nEvolCore Context Kit documents are shown below.\n\n';
const SUFFIX = '\n\nIMPORTANT: Use this context when it affects the current interaction.\n</system-reminder>';

describe('output format (§7)', () => {
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

  it('a raw file is verbatim (leading newline, blank lines and tags kept) except trimEnd()', () => {
    const raw = '\n# T\n\n{{x}} {{?y}}z{{/}}\n\n \t';
    const r = renderKit(
      { sections: [fileSection('a', '$KITS/a.md')], files: { [`${KITS}/a.md`]: raw } },
      { x: 'X', y: 1 },
    );
    expect(body(r.context)).toBe(`Contenu de $KITS/a.md (a):\n\n${raw.trimEnd()}`);
  });

  it.each([
    ['empty', ''],
    ['whitespace only', ' \n\t\u00a0\n'],
  ])('an %s file gives no block (status ok, empty)', (_label, text) => {
    const r = renderKit({
      sections: [fileSection('a', '$KITS/a.md')],
      files: { [`${KITS}/a.md`]: text },
    });
    expect(r.context).toBe('');
    expect(sectionOf(r, 'a')).toMatchObject({ status: 'ok', empty: true, files: [], span: null });
    expect(sectionOf(r, 'a').emptyFiles).toEqual([`${KITS}/a.md`]);
    expect(sectionOf(r, 'a').debug).toMatchObject({ fileCount: 1, emptyContent: true, used: false });
  });

  it('a template that renders blank gives no block, a sibling file still does', () => {
    const r = renderKit(
      {
        sections: [dirSection('d', '$KITS_RULES', { needsInjection: true })],
        files: { [`${KITS}/rules/1.md`]: '{{?no}}x{{/}}\n', [`${KITS}/rules/2.md`]: 'two' },
      },
      {},
    );
    expect(body(r.context)).toBe('Contenu de $KITS_RULES/2.md (d):\n\ntwo');
    expect(sectionOf(r, 'd')).toMatchObject({ status: 'ok', empty: false });
    expect(sectionOf(r, 'd').emptyFiles).toEqual([`${KITS}/rules/1.md`]);
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

describe('display paths (§7, shortenPath: first prefix it starts with, longest first, no boundary)', () => {
  const mappings = displayMappings('/a', '/h', { selfAid: 'n', CURRENT_PROJECT: '/work/proj' });
  const show = (path: string): string => shortenPath(path, mappings).text;
  it.each([
    ['/a/kits/rules/x.md', '$KITS_RULES/x.md'],
    ['/a/kits/rules', '$KITS_RULES'],
    ['/a/kits/other.md', '$KITS/other.md'],
    ['/a/kits/templates/system-fragments/f.md', '$KITS_FRAGMENTS/f.md'],
    ['/a/kits/templates/message-fragments/f.md', '$KITS_MESSAGE_FRAGMENTS/f.md'],
    ['/a/kits/templates/t.md', '$KITS_TEMPLATES/t.md'],
    ['/a/kits/docs/d.md', '$KITS_DOCS/d.md'],
    ['/a/kits2/x.md', '$KITS2/x.md'],
    ['/a/kits/rules2/x.md', '$KITS_RULES2/x.md'],
    ['/ab/x.md', '$PACKAGE_ROOTb/x.md'],
    ['/h/agents/n/personal/persona.md', '$PERSONAL_DIR/persona.md'],
    ['/h/agents/n/relations/r.md', '$RELATIONS_DIR/r.md'],
    ['/h/agents/n/venues/v.md', '$VENUES_DIR/v.md'],
    ['/h/agents/n/notes.md', '$AGENT_DIR/notes.md'],
    ['/h/agents/other/x.md', '$EVOLCORE_HOME/agents/other/x.md'],
    ['/h/eck/x.md', '$EVOLCORE_HOME/eck/x.md'],
    ['/work/proj/README.md', '$CURRENT_PROJECT/README.md'],
    ['\\a\\kits\\x.md', '$KITS/x.md'],
    ['/elsewhere/x.md', '/elsewhere/x.md'],
    ['kits/x.md', 'kits/x.md'],
  ])('%s → %s', (path, expected) => {
    expect(show(path)).toBe(expected);
  });

  it('the agent aliases come from the home and selfAid, not from the vars; none without selfAid', () => {
    const m = displayMappings('/a', '/h', { PERSONAL_DIR: '/x/personal' });
    expect(shortenPath('/x/personal/p.md', m).text).toBe('/x/personal/p.md');
    expect(shortenPath('/h/agents/n/personal/p.md', m).text).toBe('$EVOLCORE_HOME/agents/n/personal/p.md');
  });

  it('vars.EVOLCORE_HOME replaces the home for the aliases', () => {
    const m = displayMappings('/a', '/h', { EVOLCORE_HOME: '/other', selfAid: 'n' });
    expect(shortenPath('/other/agents/n/x.md', m).text).toBe('$AGENT_DIR/x.md');
    expect(shortenPath('/h/x.md', m).text).toBe('/h/x.md');
  });

  it('a CURRENT_PROJECT of "/" takes every path no longer prefix matches, separator included', () => {
    const m = displayMappings('/a', '/h', { CURRENT_PROJECT: '/' });
    expect(shortenPath('/etc/x.md', m).text).toBe('$CURRENT_PROJECTetc/x.md');
    expect(shortenPath('/', m).text).toBe('$CURRENT_PROJECT');
    expect(shortenPath('/a/kits/x.md', m).text).toBe('$KITS/x.md');
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

  it('there is no $ECK alias: an override-folder file displays under $EVOLCORE_HOME', () => {
    const r = renderKit({ sections: [fileSection('o', `${ECK}/x.md`)], files: { [`${ECK}/x.md`]: 'X' } });
    expect(sectionOf(r, 'o').displayPath).toBe('$EVOLCORE_HOME/eck/x.md');
    expect(body(r.context)).toBe('Contenu de $EVOLCORE_HOME/eck/x.md (o):\n\nX');
  });

  it('an alias matched mid-name is shown as evolcore shows it, flagged alias-without-boundary', () => {
    const r = renderKit({
      sections: [fileSection('x', '$PACKAGE_ROOT/kits-extra/x.md')],
      files: { '/p/kits-extra/x.md': 'X' },
    });
    expect(body(r.context)).toBe('Contenu de $KITS-extra/x.md (x):\n\nX');
    const d = r.diagnostics.find((x) => x.code === 'alias-without-boundary');
    expect(d).toMatchObject({ level: 'info', section: 'x', file: '/p/kits-extra/x.md' });
    expect(d?.message).toContain('$KITS-extra/x.md');
  });

  it('an alias on a boundary earns no alias-without-boundary', () => {
    const r = renderKit({ sections: [fileSection('x', '$KITS/x.md')], files: { [`${KITS}/x.md`]: 'X' } });
    expect(r.diagnostics.map((d) => d.code)).not.toContain('alias-without-boundary');
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
    expect(r.context.slice(s.span?.start, s.span?.end)).toBe('Contenu de $KITS/a.md (a — first):\n\nAAA');
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
