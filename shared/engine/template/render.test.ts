/**
 * Template rendering as evolcore's `renderTemplate` does it (docs/engine.md §8, evolclaw
 * `src/eck/manifest-engine.ts`: `resolveEach`, `resolveConditions`, `renderTemplate`), and the
 * loop of a loop section (§9, `renderLoopSection`). The text must be the real text byte for
 * byte; the recorder (trace, hazards) is the inspector's own.
 */
import { describe, expect, it } from 'vitest';
import { createRecorder, LOOP_SENTINEL, renderLoop, renderTemplate } from './render';

const render = (source: string, vars: Record<string, unknown> = {}): string => renderTemplate(source, vars);

const recorded = (source: string, vars: Record<string, unknown> = {}) => {
  const rec = createRecorder('/f.md');
  const text = renderTemplate(source, vars, true, rec);
  return { text, rec };
};

describe('substitution (§8 step 3: 0 → "0", other non-truthy → "", else String(value))', () => {
  it.each<[string, unknown, string]>([
    ['a string as it is', 'abc', 'abc'],
    ['a number by String', 42, '42'],
    ['a negative number', -1, '-1'],
    ['true', true, 'true'],
    ['0 → "0" (a valid index or count)', 0, '0'],
    ['false → ""', false, ''],
    ['"" → ""', '', ''],
    ['null → ""', null, ''],
    ['undefined → ""', undefined, ''],
    ['an object → [object Object]', { a: 1 }, '[object Object]'],
    ['a list by String: joined with ","', [1, 'x'], '1,x'],
    ['a nested list flattens', [1, [2, 3]], '1,2,3'],
    ['an empty list is not truthy → ""', [], ''],
    ['a list of objects', [{ a: 1 }, 2], '[object Object],2'],
  ])('%s', (_label, value, expected) => {
    expect(render('[{{v}}]', { v: value })).toBe(`[${expected}]`);
  });

  it('a missing var renders empty', () => {
    expect(render('a{{nope}}b')).toBe('ab');
  });

  it('a key is any \\w+ run, digits first included (`{{1a}}` is a lookup of "1a")', () => {
    expect(render('{{ x }} {{1a}} {{a-b}} {x}', { x: 1, '1a': 'one' })).toBe('{{ x }} one {{a-b}} {x}');
    expect(render('<{{1a}}>', { x: 1 })).toBe('<>');
  });

  it('a lookup is plain property access: an inherited member prints as String(function)', () => {
    expect(render('{{toString}}')).toBe(String(Object.prototype.toString));
  });

  it('a substituted value is not parsed again at top level (one replace pass)', () => {
    expect(render('<{{v}}>', { v: '{{y}}', y: 'Y' })).toBe('<{{y}}>');
    expect(render('<{{v}}>', { v: '{{?x}}s{{/}}', x: 1 })).toBe('<{{?x}}s{{/}}>');
    expect(render('<{{v}}>', { v: '{{#each xs}}E{{/each}}', xs: [1] })).toBe('<{{#each xs}}E{{/each}}>');
  });
});

describe('blank-line deletion (§8 step 4: lines whose .trim() is empty)', () => {
  it.each([
    ['empty lines', 'a\n\nb\n\n\nc', 'a\nb\nc'],
    ['spaces only', 'a\n   \nb', 'a\nb'],
    ['tabs only', 'a\n\t\t\nb', 'a\nb'],
    ['a lone \\r (CRLF blank line)', 'a\r\n\r\nb', 'a\r\nb'],
    ['leading and trailing newlines', '\na\n', 'a'],
    ['a line with text and spaces stays as it is', 'a\n  x  \nb', 'a\n  x  \nb'],
    ['a no-break space only line is blank (trim removes it)', 'a\n\u00a0\nb', 'a\nb'],
    ['an ideographic space only line is blank', 'a\n\u3000\u3000\nb', 'a\nb'],
    ['a BOM only line is blank', 'a\n\ufeff\nb', 'a\nb'],
    ['a zero-width space is not whitespace: kept', 'a\n\u200b\nb', 'a\n\u200b\nb'],
  ])('%s', (_label, input, expected) => {
    expect(render(input)).toBe(expected);
  });

  it('with strip off (message bodies) blank lines stay', () => {
    expect(renderTemplate('a\n\n{{x}}\nb', { x: 0 }, false)).toBe('a\n\n0\nb');
  });

  it('a line emptied by a substitution is deleted', () => {
    expect(render('a\n{{x}}\nb', { x: false })).toBe('a\nb');
  });

  it('a line holding only 0 stays ("0" is text)', () => {
    expect(render('a\n{{x}}\nb', { x: 0 })).toBe('a\n0\nb');
  });

  it('a line emptied by a dropped conditional is deleted', () => {
    expect(render('a\n{{?x}}only x{{/}}\nb')).toBe('a\nb');
  });

  it('blank lines inside a value are deleted too (the step runs on the whole text)', () => {
    expect(render('{{v}}', { v: 'a\n\nb' })).toBe('a\nb');
  });
});

describe('conditionals (§8 step 2: innermost first, repeated until stable)', () => {
  it.each<[string, string, Record<string, unknown>, string]>([
    ['truthy kept', '{{?a}}yes{{/}}', { a: 'x' }, 'yes'],
    ['0 dropped', '{{?a}}yes{{/}}', { a: 0 }, ''],
    ['"0" kept (a non-empty string)', '{{?a}}yes{{/}}', { a: '0' }, 'yes'],
    ['an empty list dropped', '{{?a}}yes{{/}}', { a: [] }, ''],
    ['an empty object kept', '{{?a}}yes{{/}}', { a: {} }, 'yes'],
    ['missing dropped', '{{?a}}yes{{/}}', {}, ''],
    ['eq kept', '{{?r=owner}}O{{/}}', { r: 'owner' }, 'O'],
    ['eq dropped', '{{?r=owner}}O{{/}}', { r: 'admin' }, ''],
    ['eq uses String(): number', '{{?n=3}}three{{/}}', { n: 3 }, 'three'],
    ['eq uses String(): boolean', '{{?b=false}}F{{/}}', { b: false }, 'F'],
    ['eq uses String(): null', '{{?x=null}}N{{/}}', { x: null }, 'N'],
    ['eq uses String(): missing', '{{?x=undefined}}U{{/}}', {}, 'U'],
    ['eq uses String(): a list', '{{?x=a,b}}L{{/}}', { x: ['a', 'b'] }, 'L'],
    ['eq uses String(): an object', '{{?x=[object Object]}}O{{/}}', { x: { k: 1 } }, 'O'],
    ['eq with an empty value', '{{?x=}}E{{/}}', { x: '' }, 'E'],
    ['eq value holds spaces and "="', '{{?x=a = b}}E{{/}}', { x: 'a = b' }, 'E'],
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
    ['a key with digits', '{{?2fa}}on{{/}}', { '2fa': true }, 'on'],
  ])('%s', (_label, source, vars, expected) => {
    expect(render(source, vars)).toBe(expected);
  });

  it('a kept body that forms a new pair with an outer closing tag is resolved on the next round', () => {
    // After `{{?b}}…{{/}}` is replaced by its body, `{{?a}}` pairs with the first `{{/}}`.
    expect(render('{{?a}}1{{?b}}2{{/}}3{{/}}4{{/}}', { b: 1 })).toBe('4{{/}}');
  });

  it('records a trace: expression, actual, kept, line', () => {
    const { rec } = recorded('head\n{{?role=owner}}O{{/}}\n\n{{?x}}X{{/}}', { role: 'admin', x: 1 });
    expect(rec.trace).toEqual([
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
    expect(rec.reads).toEqual(new Set(['role', 'x']));
  });

  it('traces a nested conditional (evaluated first) and its dropped outer block', () => {
    const { rec } = recorded('{{?a}}\n{{?b!=1}}x{{/}}\n{{/}}', { b: 2 });
    expect(rec.trace.map((t) => [t.expression, t.line, t.kept])).toEqual([
      ['{{?b!=1}}', 2, true],
      ['{{?a}}', 1, false],
    ]);
  });
});

describe('unclosed and stray tags', () => {
  it('an opening without {{/}} stays literal with an unclosed-block position', () => {
    const { text, rec } = recorded('line one\nsay {{?a}}hello', { a: 1 });
    expect(text).toBe('line one\nsay {{?a}}hello');
    expect(rec.hazards).toEqual([{ kind: 'unclosed-block', raw: '{{?a}}', line: 2, column: 5 }]);
  });

  it('an unclosed outer opening does not break a closed inner pair', () => {
    const { text, rec } = recorded('{{?a}}x{{?b}}y{{/}}', { a: 1, b: 0 });
    expect(text).toBe('{{?a}}x');
    expect(rec.hazards.map((h) => h.kind === 'unclosed-block' && h.raw)).toEqual(['{{?a}}']);
  });

  it('a stray {{/}} stays literal', () => {
    expect(render('a{{/}}b')).toBe('a{{/}}b');
  });

  it('a stray {{/each}} stays literal', () => {
    expect(render('a{{/each}}b')).toBe('a{{/each}}b');
  });

  it('an unclosed {{#each}} stops the expansion: it and the rest stay literal', () => {
    const { text, rec } = recorded('{{#each xs}}x{{v}}', { xs: [1, 2], v: 'V' });
    expect(text).toBe('{{#each xs}}xV');
    expect(rec.hazards.map((h) => h.kind === 'unclosed-block' && [h.raw, h.line])).toEqual([
      ['{{#each xs}}', 1],
    ]);
  });

  it('an unclosed {{#each}} leaves a later closed one unexpanded too (the real loop breaks)', () => {
    expect(render('{{#each xs}}a|{{#each ys}}b', { xs: [1], ys: [1] })).toBe('{{#each xs}}a|{{#each ys}}b');
  });

  it('{{@loop}} outside a loop wrapper stays literal', () => {
    expect(render('a {{@loop}} b')).toBe('a {{@loop}} b');
  });
});

describe('#each (§8 step 1)', () => {
  it.each<[string, string, Record<string, unknown>, string]>([
    ['objects: fields', '{{#each xs}}[{{name}}]{{/each}}', { xs: [{ name: 'a' }, { name: 'b' }] }, '[a][b]'],
    ['scalars: {{.}}', '{{#each xs}}<{{.}}>{{/each}}', { xs: ['a', 'b'] }, '<a><b>'],
    ['@index from 0', '{{#each xs}}{{@index}}{{/each}}', { xs: ['a', 'b', 'c'] }, '012'],
    [
      '@index on objects',
      '{{#each xs}}{{@index}}={{n}} {{/each}}',
      { xs: [{ n: 'x' }, { n: 'y' }] },
      '0=x 1=y ',
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
    ['scalar 0 renders "0"', '{{#each xs}}<{{.}}>{{/each}}', { xs: [0, 1] }, '<0><1>'],
    ['null and false elements render ""', '{{#each xs}}<{{.}}>{{/each}}', { xs: [null, false] }, '<><>'],
    ['a list element renders by String', '{{#each xs}}<{{.}}>{{/each}}', { xs: [['a', 'b']] }, '<a,b>'],
    [
      'an object element sets no {{.}} (its fields are spread instead)',
      '{{#each xs}}<{{.}}>{{/each}}',
      { xs: [{ a: 1 }] },
      '<>',
    ],
    ['whitespace (newline too) between #each and the name', '{{#each\n xs}}{{.}}{{/each}}', { xs: [7] }, '7'],
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
      '= on @index (String(0) === "0")',
      '{{#each xs}}{{?@index}}{{/}}{{?first=yes}}F{{/}}{{.}}{{/each}}',
      { xs: ['a', 'b'], first: 'yes' },
      '{{?@index}}{{/}}Fa{{?@index}}{{/}}Fb',
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
      'g1:a0,b1,;g2:c0,;',
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
      'x0x1|y0|',
    ],
    [
      'an each inside a dropped conditional still expands first',
      '{{?no}}{{#each xs}}x{{/each}}{{/}}!',
      { xs: [1] },
      '!',
    ],
  ])('%s', (_label, source, vars, expected) => {
    expect(render(source, vars)).toBe(expected);
  });

  it("each element's blank-line pass drops its trailing newline: elements run together", () => {
    const { text, rec } = recorded('top\n{{#each xs}}\n- {{.}}\n{{/each}}\nend', { xs: ['a', 'b'] });
    expect(text).toBe('top\n- a- b\nend');
    expect(rec.hazards).toContainEqual({ kind: 'each-joined', each: 'xs', line: 2, elements: 2 });
  });

  it('no each-joined hazard when the body does not end with a newline, or with one element', () => {
    expect(recorded('{{#each xs}}- {{.}};{{/each}}', { xs: ['a', 'b'] }).rec.hazards).toEqual([]);
    expect(recorded('{{#each xs}}\n- {{.}}\n{{/each}}', { xs: ['a'] }).rec.hazards).toEqual([]);
  });

  it("an element's value holding {{…}} is parsed again by the outer pass, with the outer vars", () => {
    const { text, rec } = recorded('{{#each xs}}{{content}};{{/each}}', {
      xs: [{ content: '{{?a}}b{{/}}' }, { content: 'I am {{name}}' }],
      a: 1,
      name: 'outer',
    });
    expect(text).toBe('b;I am outer;');
    expect(rec.hazards).toEqual([
      expect.objectContaining({ kind: 'each-value-reparsed', each: 'xs', element: 0, var: 'content' }),
      expect.objectContaining({ kind: 'each-value-reparsed', each: 'xs', element: 1, var: 'content' }),
    ]);
  });

  it('a reparsed value sees the outer scope, not the element (a field of the element is not found)', () => {
    expect(render('{{#each xs}}{{v}}{{/each}}', { xs: [{ v: '{{w}}', w: 'inner' }], w: 'outer' })).toBe(
      'outer',
    );
  });

  it('an object value is flagged object-rendered', () => {
    const { text, rec } = recorded('a\nuser: {{u}}', { u: { name: 'x' } });
    expect(text).toBe('a\nuser: [object Object]');
    expect(rec.hazards).toEqual([
      expect.objectContaining({ kind: 'object-rendered', var: 'u', text: '[object Object]' }),
    ]);
  });

  it('traces a conditional inside an each per element (1-based element)', () => {
    const { rec } = recorded('{{#each xs}}\n{{?v}}v{{/}}\n{{/each}}', { xs: [{ v: 1 }, { v: 0 }] });
    expect(rec.trace.map((t) => [t.line, t.element, t.kept])).toEqual([
      [2, 1, true],
      [2, 2, false],
    ]);
  });

  it('{{@index}} at top level renders empty', () => {
    expect(render('[{{@index}}]')).toBe('[]');
  });
});

describe('renderLoop (§9: child per element, joined, into the wrapper by a sentinel)', () => {
  const loop = (wrapper: string, child: string, vars: Record<string, unknown>, separator: unknown = '\n') =>
    renderLoop(wrapper, child, 'items', vars, separator, null, null);

  it('children in the element scope (@index from 0) replace {{@loop}}', () => {
    expect(
      loop('head {{title}}\n{{@loop}}\nfoot', '{{@index}}. {{name}} ({{title}})', {
        title: 'T',
        items: [{ name: 'a' }, { name: 'b' }],
      }),
    ).toBe('head T\n0. a (T)\n1. b (T)\nfoot');
  });

  it('the separator joins the children as it is ("" runs them together, a number by String)', () => {
    const vars = { items: ['x', 'y', 'z'] };
    expect(loop('{{@loop}}', '{{.}}', vars, '')).toBe('xyz');
    expect(loop('{{@loop}}', '{{.}}', vars, ' | ')).toBe('x | y | z');
    expect(loop('{{@loop}}', '{{.}}', vars, 0)).toBe('x0y0z');
  });

  it('blank lines of the joined result are kept (it is not parsed or stripped again)', () => {
    expect(loop('<\n{{@loop}}\n>', '{{.}}', { items: ['a', 'b'] }, '\n\n')).toBe('<\na\n\nb\n>');
  });

  it('without {{@loop}} the result is appended on a new line', () => {
    expect(loop('wrap', '{{.}}', { items: ['a'] })).toBe('wrap\na');
  });

  it('every {{@loop}} gets the result', () => {
    expect(loop('{{@loop}}|{{@loop}}', '{{.}}', { items: ['a'] })).toBe('a|a');
  });

  it('the loop result is not parsed again by the wrapper (element text holding tags)', () => {
    expect(loop('{{@loop}}', '{{content}}', { items: [{ content: '{{x}}' }], x: 'X' })).toBe('{{x}}');
  });

  it('a non-list forEach gives an empty result', () => {
    expect(loop('[{{@loop}}]', '{{.}}', { items: 'abc' })).toBe('[]');
  });

  it('the sentinel is the real one (a wrapper holding it is replaced too)', () => {
    expect(LOOP_SENTINEL).toBe('\x00ECLOOP\x00');
    expect(loop(`a${LOOP_SENTINEL}b`, '{{.}}', { items: ['x'] })).toBe('axb\nx');
  });
});
