import { describe, expect, it } from 'vitest';
import { KITS, body, codes, fileSection, renderKit, sectionOf } from './__fixtures__/kit';

const loopSection = (
  extra: Record<string, unknown> = {},
  loop: Record<string, unknown> = {},
): Record<string, unknown> =>
  fileSection('batch', '$KITS/w.md', {
    needsInjection: true,
    description: '批次',
    loop: { forEach: 'items', childFile: '$KITS/c.md', ...loop },
    ...extra,
  });

const WRAPPER = '【批次 剩余{{remainingInQueue}}条 | 主队列{{pendingCount}}】\n{{@loop}}\n【批次结束】';
const CHILD = '[{{@index}}] {{peerName}}: {{content}}';
const content = (r: ReturnType<typeof renderKit>): string =>
  body(r.context).replace('Contenu de $KITS/w.md (batch — 批次):\n\n', '');

function run(vars: Record<string, unknown>, files: Record<string, string> = {}, extra = {}, loop = {}) {
  return renderKit(
    {
      sections: [loopSection(extra, loop)],
      files: { [`${KITS}/w.md`]: WRAPPER, [`${KITS}/c.md`]: CHILD, ...files },
    },
    vars,
  );
}

const items = [
  { peerName: 'Alice', content: 'hi' },
  { peerName: 'Bob', content: 'yo' },
];

describe('loop sections (§9, renderLoopSection: @index from 0, children joined, wrapper by sentinel)', () => {
  it('wrapper + child per element + default separator "\\n"', () => {
    const r = run({ items, remainingInQueue: 3, pendingCount: 5 });
    expect(content(r)).toBe('【批次 剩余3条 | 主队列5】\n[0] Alice: hi\n[1] Bob: yo\n【批次结束】');
  });

  it('one block per loop section, under the wrapper path', () => {
    const r = run({ items });
    expect(r.context.match(/Contenu de/g)).toHaveLength(1);
    expect(sectionOf(r, 'batch').files.map((f) => [f.role, f.display])).toEqual([
      ['wrapper', '$KITS/w.md'],
      ['child', '$KITS/c.md'],
    ]);
  });

  it('a custom separator', () => {
    const r = run({ items }, {}, {}, { separator: '\n---\n' });
    expect(content(r)).toContain('[0] Alice: hi\n---\n[1] Bob: yo');
  });

  it('an empty separator', () => {
    const r = run({ items }, {}, {}, { separator: '' });
    expect(content(r)).toContain('[0] Alice: hi[1] Bob: yo');
  });

  it('the separator is not subject to blank-line deletion', () => {
    const r = run({ items }, {}, {}, { separator: '\n\n' });
    expect(content(r)).toContain('[0] Alice: hi\n\n[1] Bob: yo');
  });

  it('0 renders "0" in the wrapper; a missing var renders empty', () => {
    const r = run({ items, remainingInQueue: 0 });
    expect(content(r).split('\n')[0]).toBe('【批次 剩余0条 | 主队列】');
  });

  it('scalar elements: {{.}}', () => {
    const r = run({ items: ['a', 'b'] }, { [`${KITS}/c.md`]: '{{@index}}={{.}}' });
    expect(content(r)).toContain('0=a\n1=b');
  });

  it('the child sees outer vars; element fields shadow them', () => {
    const r = run({ items: [{ content: 'x' }], peerName: 'Outer' });
    expect(content(r)).toContain('[0] Outer: x');
    const r2 = run({ items: [{ peerName: 'In', content: 'x' }], peerName: 'Outer' });
    expect(content(r2)).toContain('[0] In: x');
  });

  it('the loop result is inserted literally: values and child output are not parsed again', () => {
    const r = run({
      items: [{ peerName: 'Eve', content: '{{?remainingInQueue}}leak{{/}} {{pendingCount}} {{@loop}}' }],
      remainingInQueue: 1,
      pendingCount: 2,
    });
    expect(content(r)).toContain('[0] Eve: {{?remainingInQueue}}leak{{/}} {{pendingCount}} {{@loop}}');
  });

  it('a child holding an #each over an element field', () => {
    const r = run(
      { items: [{ name: 'g', tags: ['x', 'y'] }] },
      { [`${KITS}/c.md`]: '{{name}}:{{#each tags}}{{.}}{{@index}}{{/each}}' },
    );
    expect(content(r)).toContain('g:x0y1');
  });

  it('a child renders with the full template steps (conditionals, blank lines)', () => {
    const r = run(
      { items: [{ n: 'a', vip: true }, { n: 'b' }] },
      { [`${KITS}/c.md`]: '{{?vip}}VIP {{/}}{{n}}\n\n{{?vip}}\n!\n{{/}}' },
    );
    expect(content(r)).toContain('VIP a\n!\nb');
  });

  it.each([
    ['empty', []],
    ['a string', 'abc'],
    ['an object', { a: 1 }],
    ['missing', undefined],
  ])('%s forEach → an empty loop result', (_label, value) => {
    const r = run({ items: value });
    expect(sectionOf(r, 'batch').status).toBe('ok');
    expect(content(r)).toBe('【批次 剩余条 | 主队列】\n\n【批次结束】');
  });

  it('no {{@loop}} in the wrapper: the loop result is appended after one "\\n"', () => {
    const r = run({ items }, { [`${KITS}/w.md`]: 'head\n\n' });
    expect(content(r)).toBe('head\n[0] Alice: hi\n[1] Bob: yo');
  });

  it('no {{@loop}} and an empty list: wrapper + "\\n", then trimEnd() of the block', () => {
    const r = run({ items: [] }, { [`${KITS}/w.md`]: 'head' });
    expect(content(r)).toBe('head');
  });

  it('{{@loop}} twice: both places get the result', () => {
    const r = run({ items: ['a'] }, { [`${KITS}/w.md`]: '<{{@loop}}>{{@loop}}', [`${KITS}/c.md`]: '{{.}}' });
    expect(content(r)).toBe('<a>a');
  });

  it('{{@loop}} inside a kept wrapper conditional', () => {
    const r = run(
      { items: ['a'], on: 1 },
      { [`${KITS}/w.md`]: '{{?on}}[{{@loop}}]{{/}}', [`${KITS}/c.md`]: '{{.}}' },
    );
    expect(content(r)).toBe('[a]');
  });

  it('needsInjection:false on a loop is still rendered, with loop-not-injected', () => {
    const r = run({ items, remainingInQueue: 3 }, {}, { needsInjection: false });
    expect(codes(r)).toContain('loop-not-injected');
    expect(content(r)).toContain('剩余3条');
    expect(content(r)).toContain('[1] Bob: yo');
  });

  it('a missing child file renders the section empty (ok, no block)', () => {
    const r = renderKit({ sections: [loopSection()], files: { [`${KITS}/w.md`]: WRAPPER } }, { items });
    expect(sectionOf(r, 'batch')).toMatchObject({ status: 'ok', empty: true, files: [] });
    expect(sectionOf(r, 'batch').resolvedChildPath).toBe(`${KITS}/c.md`);
    expect(r.context).toBe('');
  });

  it('a missing wrapper is not-exist', () => {
    const r = renderKit({ sections: [loopSection()], files: { [`${KITS}/c.md`]: CHILD } }, { items });
    expect(sectionOf(r, 'batch')).toMatchObject({ status: 'not-exist', missingPath: `${KITS}/w.md` });
  });

  it('a loop without childFile makes evolcore throw: manifest-crash, no context at all', () => {
    const r = renderKit({
      sections: [
        fileSection('a', '$KITS/w.md', { order: 1 }),
        fileSection('b', '$KITS/w.md', { order: 2, loop: { forEach: 'items' } }),
      ],
      files: { [`${KITS}/w.md`]: 'w' },
    });
    expect(r.failure).toMatchObject({ code: 'manifest-crash', section: 'b' });
    expect(r.failure?.message).toMatch(/childFile/);
    expect(r.context).toBe('');
    expect(r.fragments).toBe('');
    expect(r.diagnostics[0]).toMatchObject({ level: 'error', code: 'manifest-crash' });
  });

  it('the loop section span is its one block; the wrapper has the content span', () => {
    const r = run({ items });
    const s = sectionOf(r, 'batch');
    expect(r.context.slice(s.span?.start, s.span?.end)).toBe(
      `Contenu de $KITS/w.md (batch — 批次):\n\n${content(r)}`,
    );
    const w = s.files[0];
    expect(r.context.slice(w?.contentSpan?.start, w?.contentSpan?.end)).toBe(content(r));
    expect(s.files[1]?.span).toBeNull();
  });

  it('an unclosed tag in the child is reported once, not once per element', () => {
    const r = run({ items: [1, 2, 3] }, { [`${KITS}/c.md`]: '{{?x}}open' });
    expect(r.diagnostics.filter((d) => d.code === 'unclosed-block')).toHaveLength(1);
    expect(r.diagnostics.find((d) => d.code === 'unclosed-block')).toMatchObject({
      file: `${KITS}/c.md`,
      line: 1,
      column: 1,
    });
  });

  it('traces conditionals of the child per element', () => {
    const r = run({ items: [{ v: 1 }, { v: 0 }] }, { [`${KITS}/c.md`]: '{{?v}}v{{/}}' });
    expect(
      sectionOf(r, 'batch')
        .trace.filter((t) => t.file === `${KITS}/c.md`)
        .map((t) => [t.element, t.kept]),
    ).toEqual([
      [1, true],
      [2, false],
    ]);
  });
});
