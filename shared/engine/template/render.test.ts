import { describe, expect, it } from 'vitest';
import { deleteBlankLines, renderTemplate, substitution } from './render';

const render = (source: string, vars: Record<string, unknown> = {}): string =>
  renderTemplate(source, vars, { file: '/t.md' }).text;

describe('substitution (§9 step 3)', () => {
  it.each<[string, unknown, string]>([
    ['a string as it is', 'abc', 'abc'],
    ['a number by String', 42, '42'],
    ['a negative number', -1, '-1'],
    ['true', true, 'true'],
    ['0 → ""', 0, ''],
    ['false → ""', false, ''],
    ['"" → ""', '', ''],
    ['null → ""', null, ''],
    ['undefined → ""', undefined, ''],
    ['an object by JSON', { a: 1 }, '{"a":1}'],
    ['a list by JSON', [1, 'x'], '[1,"x"]'],
    ['an empty list by JSON (truthy)', [], '[]'],
  ])('%s', (_label, value, expected) => {
    expect(substitution(value)).toBe(expected);
    expect(render('[{{v}}]', { v: value })).toBe(`[${expected}]`);
  });

  it('a missing var renders empty', () => {
    expect(render('a{{nope}}b')).toBe('ab');
  });
});

describe('blank-line deletion (§9 step 4)', () => {
  it.each([
    ['empty lines', 'a\n\nb\n\n\nc', 'a\nb\nc'],
    ['spaces only', 'a\n   \nb', 'a\nb'],
    ['tabs only', 'a\n\t\t\nb', 'a\nb'],
    ['a lone \\r', 'a\r\n\r\nb', 'a\r\nb'],
    ['leading and trailing newlines', '\na\n', 'a'],
    ['a line with text and spaces stays', 'a\n  x  \nb', 'a\n  x  \nb'],
    ['a no-break space is not whitespace here', 'a\n\u00a0\nb', 'a\n\u00a0\nb'],
  ])('%s', (_label, input, expected) => {
    expect(deleteBlankLines(input)).toBe(expected);
  });

  it('a line emptied by a substitution is deleted', () => {
    expect(render('a\n{{x}}\nb', { x: 0 })).toBe('a\nb');
  });

  it('a line emptied by a dropped conditional is deleted', () => {
    expect(render('a\n{{?x}}only x{{/}}\nb')).toBe('a\nb');
  });

  it('blank lines inside a value are deleted too (the step runs on the whole text)', () => {
    expect(render('{{v}}', { v: 'a\n\nb' })).toBe('a\nb');
  });
});

describe('conditionals (§9 step 2)', () => {
  it.each<[string, string, Record<string, unknown>, string]>([
    ['truthy kept', '{{?a}}yes{{/}}', { a: 'x' }, 'yes'],
    ['falsy dropped', '{{?a}}yes{{/}}', { a: 0 }, ''],
    ['missing dropped', '{{?a}}yes{{/}}', {}, ''],
    ['eq kept', '{{?r=owner}}O{{/}}', { r: 'owner' }, 'O'],
    ['eq dropped', '{{?r=owner}}O{{/}}', { r: 'admin' }, ''],
    ['eq uses String(): number', '{{?n=3}}three{{/}}', { n: 3 }, 'three'],
    ['eq uses String(): boolean', '{{?b=false}}F{{/}}', { b: false }, 'F'],
    ['eq uses String(): null', '{{?x=null}}N{{/}}', { x: null }, 'N'],
    ['eq uses String(): missing', '{{?x=undefined}}U{{/}}', {}, 'U'],
    ['eq with an empty value', '{{?x=}}E{{/}}', { x: '' }, 'E'],
    ['neq kept', '{{?r!=owner}}not{{/}}', { r: 'admin' }, 'not'],
    ['neq dropped', '{{?r!=owner}}not{{/}}', { r: 'owner' }, ''],
    ['neq with the var missing', '{{?r!=owner}}not{{/}}', {}, 'not'],
    ['nested both kept', '{{?a}}A{{?b}}B{{/}}A{{/}}', { a: 1, b: 1 }, 'ABA'],
    ['nested inner dropped', '{{?a}}A{{?b}}B{{/}}A{{/}}', { a: 1 }, 'AA'],
    ['nested outer dropped', '{{?a}}A{{?b}}B{{/}}A{{/}}', { b: 1 }, ''],
    ['siblings', '{{?a}}A{{/}}-{{?b}}B{{/}}', { b: 1 }, '-B'],
    ['innermost first: inner closes first', '{{?a}}x{{?b}}y{{/}}z{{/}}w', { a: 1, b: 0 }, 'xzw'],
    ['three levels', '{{?a}}1{{?b}}2{{?c}}3{{/}}{{/}}{{/}}', { a: 1, b: 1, c: 1 }, '123'],
    ['a substitution inside a kept block', '{{?n}}n={{n}}{{/}}', { n: 5 }, 'n=5'],
  ])('%s', (_label, source, vars, expected) => {
    expect(render(source, vars)).toBe(expected);
  });

  it('records a trace: expression, actual, kept, line', () => {
    const r = renderTemplate(
      'head\n{{?role=owner}}O{{/}}\n\n{{?x}}X{{/}}',
      { role: 'admin', x: 1 },
      { file: '/f.md' },
    );
    expect(r.trace).toEqual([
      expect.objectContaining({
        file: '/f.md',
        line: 2,
        expression: '{{?role=owner}}',
        key: 'role',
        op: 'eq',
        expected: 'owner',
        actual: 'admin',
        kept: false,
      }),
      expect.objectContaining({
        line: 4,
        expression: '{{?x}}',
        key: 'x',
        op: 'truthy',
        actual: 1,
        kept: true,
      }),
    ]);
  });

  it('traces a nested conditional even when its outer block is dropped', () => {
    const r = renderTemplate('{{?a}}\n{{?b!=1}}x{{/}}\n{{/}}', { b: 2 }, { file: '/f.md' });
    expect(r.trace.map((t) => [t.expression, t.line, t.kept])).toEqual([
      ['{{?a}}', 1, false],
      ['{{?b!=1}}', 2, true],
    ]);
  });
});

describe('unclosed and stray tags', () => {
  it('an opening without {{/}} stays literal with an unclosed-block position', () => {
    const r = renderTemplate('line one\nsay {{?a}}hello', { a: 1 }, { file: '/f.md' });
    expect(r.text).toBe('line one\nsay {{?a}}hello');
    expect(r.unclosed).toEqual([{ raw: '{{?a}}', line: 2, column: 5 }]);
  });

  it('an unclosed outer opening does not break a closed inner pair', () => {
    const r = renderTemplate('{{?a}}x{{?b}}y{{/}}', { a: 1, b: 0 }, { file: '/f.md' });
    expect(r.text).toBe('{{?a}}x');
    expect(r.unclosed.map((u) => u.raw)).toEqual(['{{?a}}']);
  });

  it('a stray {{/}} stays literal', () => {
    expect(render('a{{/}}b')).toBe('a{{/}}b');
  });

  it('a stray {{/each}} stays literal', () => {
    expect(render('a{{/each}}b')).toBe('a{{/each}}b');
  });

  it('an unclosed {{#each}} stays literal and is reported', () => {
    const r = renderTemplate('{{#each xs}}x', { xs: [1, 2] }, { file: '/f.md' });
    expect(r.text).toBe('{{#each xs}}x');
    expect(r.unclosed.map((u) => [u.raw, u.line])).toEqual([['{{#each xs}}', 1]]);
  });

  it('{{@loop}} outside a loop wrapper stays literal', () => {
    expect(render('a {{@loop}} b')).toBe('a {{@loop}} b');
  });

  it('text in braces that is not a tag stays literal', () => {
    expect(render('{{ x }} {{1a}} {{a-b}} {x}', { x: 1 })).toBe('{{ x }} {{1a}} {{a-b}} {x}');
  });
});

describe('values are never parsed again (§9)', () => {
  it.each<[string, unknown, string]>([
    ['a conditional', '{{?x}}secret{{/}}', '{{?x}}secret{{/}}'],
    ['a var', '{{y}}', '{{y}}'],
    ['an each', '{{#each xs}}E{{/each}}', '{{#each xs}}E{{/each}}'],
    ['a closing tag', '{{/}}', '{{/}}'],
    ['@index', '{{@index}}', '{{@index}}'],
  ])('a value holding %s comes out literally', (_label, value, expected) => {
    expect(render('<{{v}}>', { v: value, x: 1, y: 'Y', xs: [1] })).toBe(`<${expected}>`);
  });

  it('an element field holding a tag comes out literally', () => {
    expect(render('{{#each xs}}{{content}};{{/each}}', { xs: [{ content: '{{?a}}b{{/}}' }], a: 1 })).toBe(
      '{{?a}}b{{/}};',
    );
  });
});

describe('#each (§9 step 1)', () => {
  it.each<[string, string, Record<string, unknown>, string]>([
    ['objects: fields', '{{#each xs}}[{{name}}]{{/each}}', { xs: [{ name: 'a' }, { name: 'b' }] }, '[a][b]'],
    ['scalars: {{.}}', '{{#each xs}}<{{.}}>{{/each}}', { xs: ['a', 'b'] }, '<a><b>'],
    ['@index from 1', '{{#each xs}}{{@index}}{{/each}}', { xs: ['a', 'b', 'c'] }, '123'],
    [
      '@index on objects',
      '{{#each xs}}{{@index}}={{n}} {{/each}}',
      { xs: [{ n: 'x' }, { n: 'y' }] },
      '1=x 2=y ',
    ],
    ['outer vars visible', '{{#each xs}}{{who}}:{{.}} {{/each}}', { who: 'me', xs: [1, 2] }, 'me:1 me:2 '],
    [
      'element fields shadow outer vars',
      '{{#each xs}}{{name}}{{/each}}',
      { name: 'outer', xs: [{ name: 'inner' }] },
      'inner',
    ],
    [
      'a missing field falls back to the outer var',
      '{{#each xs}}{{name}}{{/each}}',
      { name: 'outer', xs: [{}] },
      'outer',
    ],
    ['an empty list → nothing', 'a{{#each xs}}X{{/each}}b', { xs: [] }, 'ab'],
    ['a non-list → nothing', 'a{{#each xs}}X{{/each}}b', { xs: 'abc' }, 'ab'],
    ['an object → nothing', 'a{{#each xs}}X{{/each}}b', { xs: { a: 1 } }, 'ab'],
    ['missing → nothing', 'a{{#each xs}}X{{/each}}b', {}, 'ab'],
    ['scalar 0 renders empty', '{{#each xs}}<{{.}}>{{/each}}', { xs: [0, 1] }, '<><1>'],
    [
      'conditionals on element fields',
      '{{#each xs}}{{?vip}}*{{/}}{{n}} {{/each}}',
      { xs: [{ n: 'a', vip: true }, { n: 'b' }] },
      '*a b ',
    ],
    [
      '= on an element field',
      '{{#each xs}}{{?t=human}}H{{/}}{{/each}}',
      { xs: [{ t: 'human' }, { t: 'agent' }] },
      'H',
    ],
    [
      'nested each iterates a field of the outer element',
      '{{#each groups}}{{name}}:{{#each members}}{{.}}{{@index}},{{/each}};{{/each}}',
      {
        groups: [
          { name: 'g1', members: ['a', 'b'] },
          { name: 'g2', members: ['c'] },
        ],
      },
      'g1:a1,b2,;g2:c1,;',
    ],
    [
      'inner {{@index}} is the inner position, outer fields still visible',
      '{{#each gs}}{{#each ms}}{{g}}{{@index}}{{/each}}|{{/each}}',
      {
        gs: [
          { g: 'x', ms: [1, 2] },
          { g: 'y', ms: [1] },
        ],
      },
      'x1x2|y1|',
    ],
    [
      'an object element substitutes by JSON via {{.}}',
      '{{#each xs}}{{.}}{{/each}}',
      { xs: [{ a: 1 }] },
      '{"a":1}',
    ],
  ])('%s', (_label, source, vars, expected) => {
    expect(render(source, vars)).toBe(expected);
  });

  it('blank lines from each bodies are deleted', () => {
    expect(render('top\n{{#each xs}}\n- {{.}}\n{{/each}}\nend', { xs: ['a', 'b'] })).toBe(
      'top\n- a\n- b\nend',
    );
  });

  it('traces a conditional inside an each per element', () => {
    const r = renderTemplate(
      '{{#each xs}}\n{{?v}}v{{/}}\n{{/each}}',
      { xs: [{ v: 1 }, { v: 0 }] },
      { file: '/f.md' },
    );
    expect(r.trace.map((t) => [t.line, t.element, t.kept])).toEqual([
      [2, 1, true],
      [2, 2, false],
    ]);
  });
});

describe('loop placeholder and element options (§10)', () => {
  it('{{@loop}} becomes the placeholder given by the loop renderer', () => {
    expect(renderTemplate('a\n{{@loop}}\nb', {}, { file: '/w.md', loopPlaceholder: '@@' }).text).toBe(
      'a\n@@\nb',
    );
  });

  it('an element option scopes a child template', () => {
    const r = renderTemplate(
      '[{{@index}}] {{peerName}}: {{content}} ({{batch}})',
      { batch: 'B' },
      {
        file: '/c.md',
        element: { value: { peerName: 'Alice', content: 'hi' }, index: 1 },
      },
    );
    expect(r.text).toBe('[1] Alice: hi (B)');
  });

  it('{{@index}} at top level renders empty', () => {
    expect(render('[{{@index}}]')).toBe('[]');
  });
});
