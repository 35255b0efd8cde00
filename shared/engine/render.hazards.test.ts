/**
 * The hazards of evolcore's real engine, reproduced in the text and flagged (docs/engine.md §13):
 * what makes it throw (the agent then gets no turn: report.failure, context ""), and what it
 * renders in a way an operator would not expect (each diagnostic names section, file and line).
 */
import { describe, expect, it } from 'vitest';
import type { RenderReport } from './types';
import { ECK, H, KITS, body, codes, fileSection, renderKit, sectionOf } from './__fixtures__/kit';

const FILES = { [`${KITS}/a.md`]: 'A', [`${KITS}/b.md`]: 'B' };

const diag = (r: RenderReport, code: string) => r.diagnostics.filter((d) => d.code === code);

/** A failed render: no context, no fragments, no sections, the failure first among the errors. */
function expectFailure(r: RenderReport, code: string, section?: string): void {
  expect(r.rendered).toBe(true);
  expect(r.failure).toMatchObject({ code, ...(section ? { section } : {}) });
  expect(r.context).toBe('');
  expect(r.fragments).toBe('');
  expect(r.sections).toEqual([]);
  expect(r.diagnostics[0]).toMatchObject({ level: 'error', code, message: r.failure?.message });
}

describe('what makes evolcore throw: report.failure, context ""', () => {
  it('when-missing: a section without when fails the whole render, even after good sections', () => {
    const r = renderKit({
      sections: [
        fileSection('good', '$KITS/a.md', { order: 1 }),
        fileSection('nowhen', '$KITS/b.md', { order: 2, when: undefined }),
      ],
      files: FILES,
    });
    expectFailure(r, 'when-missing', 'nowhen');
    expect(r.failure?.message).toContain('❌ 处理消息时出错，请稍后重试');
    expect(r.failure?.message).toContain('"nowhen"');
  });

  it('when-missing: when null is the same throw', () => {
    const r = renderKit({ sections: [fileSection('n', '$KITS/a.md', { when: null })], files: FILES });
    expectFailure(r, 'when-missing', 'n');
  });

  it('a disabled section without when does not throw (enabled is checked first)', () => {
    const r = renderKit({
      sections: [
        fileSection('off', '$KITS/b.md', { order: 1, enabled: false, when: undefined }),
        fileSection('good', '$KITS/a.md', { order: 2 }),
      ],
      files: FILES,
    });
    expect(r.failure).toBeNull();
    expect(body(r.context)).toBe('Contenu de $KITS/a.md (good):\n\nA');
  });

  it('a section without when after the total gate tripped still throws (its when is evaluated)', () => {
    const r = renderKit({
      sections: [
        fileSection('a', '$KITS/a.md', { order: 1 }),
        fileSection('b', '$KITS/b.md', { order: 2 }),
        fileSection('nowhen', '$KITS/b.md', { order: 3, when: undefined }),
      ],
      files: FILES,
      top: { totalMaxFiles: 1 },
    });
    expectFailure(r, 'when-missing', 'nowhen');
  });

  it.each([
    ['and that is a string', { and: 'x' }],
    ['in that is a number', { var: 'x', in: 5 }],
    ['any that is an object', { any: { a: 1 } }],
  ])('when-crash: %s', (_label, when) => {
    const r = renderKit({ sections: [fileSection('c', '$KITS/a.md', { when })], files: FILES });
    expectFailure(r, 'when-crash', 'c');
    expect(r.failure?.message).toMatch(/throws/);
  });

  it.each([
    ['a file that is a number', { file: 3 }, '`file`'],
    ['a loop without childFile', { needsInjection: true, loop: { forEach: 'xs' } }, 'childFile'],
  ])('manifest-crash: %s', (_label, patch, mentions) => {
    const r = renderKit({ sections: [fileSection('m', '$KITS/a.md', patch)], files: FILES });
    expectFailure(r, 'manifest-crash', 'm');
    expect(r.failure?.message).toContain(mentions);
  });

  it('manifest-crash: a section entry that is not an object', () => {
    const r = renderKit({
      baseText: JSON.stringify({ sections: [fileSection('a', '$KITS/a.md'), 7] }),
      files: FILES,
    });
    expectFailure(r, 'manifest-crash');
    expect(r.failure?.message).toContain('7');
  });

  it('a render without failure says so', () => {
    expect(renderKit({ sections: [fileSection('a', '$KITS/a.md')], files: FILES }).failure).toBeNull();
  });
});

describe('template hazards (§8)', () => {
  const tpl = (text: string, vars: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    renderKit(
      {
        sections: [fileSection('t', '$KITS/t.md', { needsInjection: true, ...extra })],
        files: { [`${KITS}/t.md`]: text },
      },
      vars,
    );

  it('each-value-reparsed: a peer text holding {{…}} is parsed again, and flagged', () => {
    const r = tpl('# msgs\n{{#each msgs}}- {{text}};{{/each}}', {
      msgs: [{ text: 'hi' }, { text: 'see {{selfAid}}' }],
      selfAid: 'nova',
    });
    expect(body(r.context)).toBe('Contenu de $KITS/t.md (t):\n\n# msgs\n- hi;- see nova;');
    const d = diag(r, 'each-value-reparsed');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ level: 'warning', section: 't', file: `${KITS}/t.md` });
    expect(d[0]?.message).toContain('{{#each msgs}}');
    expect(d[0]?.message).toContain('element 1');
    expect(d[0]?.message).toContain('"see {{selfAid}}"');
  });

  it('no each-value-reparsed for plain values', () => {
    expect(codes(tpl('{{#each msgs}}{{text}}{{/each}}', { msgs: [{ text: 'hi' }] }))).not.toContain(
      'each-value-reparsed',
    );
  });

  it('each-joined: elements whose body ends with a newline run together', () => {
    const r = tpl('list:\n{{#each xs}}\n- {{.}}\n{{/each}}\nend', { xs: ['a', 'b', 'c'] });
    expect(body(r.context)).toBe('Contenu de $KITS/t.md (t):\n\nlist:\n- a- b- c\nend');
    const d = diag(r, 'each-joined');
    expect(d).toEqual([
      expect.objectContaining({ level: 'info', section: 't', file: `${KITS}/t.md`, line: 2 }),
    ]);
    expect(d[0]?.message).toContain('3 elements');
  });

  it('object-rendered: an object var prints as [object Object]', () => {
    const r = tpl('peer: {{peer}}', { peer: { name: 'Alice' } });
    expect(body(r.context)).toBe('Contenu de $KITS/t.md (t):\n\npeer: [object Object]');
    expect(diag(r, 'object-rendered')).toEqual([
      expect.objectContaining({ level: 'warning', section: 't', file: `${KITS}/t.md` }),
    ]);
    expect(diag(r, 'object-rendered')[0]?.message).toContain('{{peer}}');
  });

  it('a loop child renders per element: its hazard is reported once', () => {
    const r = renderKit(
      {
        sections: [
          fileSection('l', '$KITS/w.md', {
            needsInjection: true,
            loop: { forEach: 'items', childFile: '$KITS/c.md' },
          }),
        ],
        files: { [`${KITS}/w.md`]: '{{@loop}}', [`${KITS}/c.md`]: '{{who}}' },
      },
      { items: [1, 2, 3], who: { n: 1 } },
    );
    expect(diag(r, 'object-rendered')).toHaveLength(1);
    expect(diag(r, 'object-rendered')[0]?.file).toBe(`${KITS}/c.md`);
  });
});

describe('path hazards (§2, §7)', () => {
  it('path-escape and path-outside-root: a selfAid holding ".." reads outside the home', () => {
    const r = renderKit(
      { sections: [fileSection('p', '$PERSONAL_DIR/persona.md')], files: { '/etc/persona.md': 'LEAK' } },
      { selfAid: '../../../etc/x' },
    );
    // PERSONAL_DIR = /h/agents/../../../etc/x/personal → normalised to /etc/x/personal.
    expect(sectionOf(r, 'p').resolvedPath).toBe('/etc/x/personal/persona.md');
    const outside = diag(r, 'path-outside-root');
    expect(outside).toEqual([
      expect.objectContaining({ level: 'warning', section: 'p', file: '/etc/x/personal/persona.md' }),
    ]);
    expect(outside[0]?.message).toMatch(/OUTSIDE/);
  });

  it('path-outside-root even when the file is missing (it is where evolcore looks)', () => {
    const r = renderKit(
      { sections: [fileSection('p', '$KITS/{{k}}/x.md')], files: FILES },
      { k: '../../../tmp' },
    );
    expect(sectionOf(r, 'p')).toMatchObject({ status: 'not-exist', resolvedPath: '/tmp/x.md' });
    expect(codes(r)).toEqual(expect.arrayContaining(['path-escape', 'path-outside-root']));
  });

  it('an escape that stays inside the package root is path-escape only', () => {
    const r = renderKit(
      { sections: [fileSection('p', '$KITS_RULES/{{k}}/a.md')], files: FILES },
      { k: '..' },
    );
    expect(codes(r)).toContain('path-escape');
    expect(codes(r)).not.toContain('path-outside-root');
    expect(body(r.context)).toBe('Contenu de $KITS/a.md (p):\n\nA');
  });

  it('a path inside the home is not outside the root', () => {
    const r = renderKit({ sections: [fileSection('o', `${ECK}/x.md`)], files: { [`${ECK}/x.md`]: 'X' } });
    expect(codes(r)).not.toContain('path-outside-root');
    expect(sectionOf(r, 'o').resolvedPath).toBe(`${H}/eck/x.md`);
  });

  it('relative-path: a relative result is read from the package root, and said so', () => {
    const r = renderKit({ sections: [fileSection('r', 'kits/a.md')], files: FILES });
    expect(sectionOf(r, 'r').resolvedPath).toBe(`${KITS}/a.md`);
    expect(diag(r, 'relative-path')).toEqual([expect.objectContaining({ level: 'warning', section: 'r' })]);
    // The header shows the path as evolcore has it: relative, no alias.
    expect(body(r.context)).toBe('Contenu de kits/a.md (r):\n\nA');
  });

  it('alias-without-boundary: $KITS matched inside "kits-extra"', () => {
    const r = renderKit({
      sections: [fileSection('x', '$PACKAGE_ROOT/kits-extra/a.md')],
      files: { '/p/kits-extra/a.md': 'X' },
    });
    expect(body(r.context)).toBe('Contenu de $KITS-extra/a.md (x):\n\nX');
    expect(diag(r, 'alias-without-boundary')).toEqual([
      expect.objectContaining({ level: 'info', section: 'x', file: '/p/kits-extra/a.md' }),
    ]);
  });
});

describe('merge hazards (§11)', () => {
  it('override-without-id: rendered, labelled "undefined", with an error naming the override file', () => {
    const r = renderKit({
      sections: [fileSection('a', '$KITS/a.md', { order: 1 })],
      override: [{ type: 'file', file: '$KITS/b.md', order: 2, when: 'always', needsInjection: false }],
      files: FILES,
    });
    expect(body(r.context)).toBe(
      'Contenu de $KITS/a.md (a):\n\nA\n\nContenu de $KITS/b.md (undefined):\n\nB',
    );
    expect(diag(r, 'override-without-id')).toEqual([
      expect.objectContaining({ level: 'error', file: `${ECK}/eck_manifest.json` }),
    ]);
    expect(diag(r, 'override-without-id')[0]?.message).toContain('"undefined"');
  });

  it('no override-without-id in a base without ids (only override entries are checked)', () => {
    const r = renderKit({
      sections: [{ type: 'file', file: '$KITS/a.md', order: 1, when: 'always', needsInjection: false }],
      files: FILES,
    });
    expect(codes(r)).not.toContain('override-without-id');
    expect(body(r.context)).toBe('Contenu de $KITS/a.md (undefined):\n\nA');
  });
});

describe('hazard positions and exactness', () => {
  it('object-rendered names the line of its tag', () => {
    const r = renderKit(
      {
        sections: [fileSection('s', `${KITS}/s.md`, { needsInjection: true })],
        files: { [`${KITS}/s.md`]: 'a\nuser: {{u}}' },
      },
      { u: { name: 'x' } },
    );
    expect(r.diagnostics.find((d) => d.code === 'object-rendered')?.line).toBe(2);
  });

  it('path-escape fires for a separator or a ".." segment, not for ".." inside a name', () => {
    const codes = (peerKey: string) =>
      renderKit(
        { sections: [fileSection('p', `${KITS}/{{peerKey}}.md`)], files: {} },
        { peerKey },
      ).diagnostics.map((d) => d.code);
    expect(codes('x..y')).not.toContain('path-escape');
    expect(codes('../x')).toContain('path-escape');
    expect(codes('a/b')).toContain('path-escape');
  });
});
