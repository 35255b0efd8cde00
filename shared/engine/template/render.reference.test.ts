/**
 * Seeded property test: the faithful renderer against an independent re-implementation of
 * evolcore's template rules (docs/engine.md §8–9; evolclaw `manifest-engine.ts`), written here
 * in our own words as a character scanner instead of the real code's regular expressions:
 *
 * - `#each`: an opening is `{{#each` + whitespace + a name (`[A-Za-z_]` then word characters)
 *   + `}}`; its closing is found by depth counting over openings and `{{/each}}`. Without a
 *   closing tag the expansion stops and the rest is literal. Each element renders the body with
 *   the whole algorithm in the scope `{...vars, ...element, "@index": i}` (an object element) or
 *   `{...vars, ".": element, "@index": i}`; the results are concatenated.
 * - conditionals: the leftmost opening `{{?key}}`, `{{?key=value}}`, `{{?key!=value}}` (value:
 *   no `}`) whose first later `{{/}}` comes before any later `{{?` is resolved, again and again.
 * - substitution, left to right, never re-scanned: `{{.}}`, `{{@index}}`, `{{word}}`.
 * - lines that are whitespace only are deleted.
 */
import { describe, expect, it } from 'vitest';
import { renderLoop, renderTemplate } from './render';
import { mulberry32 } from '../../testing/mulberry32';

type Scope = Record<string, unknown>;

const isWord = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z0-9_]$/.test(c);
const isWordStart = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z_]$/.test(c);
const isSpace = (c: string | undefined): boolean => c !== undefined && /^\s$/.test(c);

const truthy = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && v !== false && v !== '' && v !== 0;

const text = (v: unknown): string => (v === 0 ? '0' : truthy(v) ? String(v) : '');

/** Length of a word run starting at `i`. */
function wordRun(s: string, i: number): number {
  let j = i;
  while (isWord(s[j])) j++;
  return j - i;
}

/** `{{#each NAME}}` at `i`: its name and end, or null. */
function eachOpenAt(s: string, i: number): { name: string; end: number } | null {
  if (!s.startsWith('{{#each', i)) return null;
  let j = i + 7;
  if (!isSpace(s[j])) return null;
  while (isSpace(s[j])) j++;
  if (!isWordStart(s[j])) return null;
  const start = j;
  j += wordRun(s, j);
  if (!s.startsWith('}}', j)) return null;
  return { name: s.slice(start, j), end: j + 2 };
}

function elementScope(scope: Scope, el: unknown, i: number): Scope {
  return el !== null && typeof el === 'object' && !Array.isArray(el)
    ? { ...scope, ...(el as Scope), '@index': i }
    : { ...scope, '.': el, '@index': i };
}

function expandEach(s: string, scope: Scope, strip: boolean): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const open = eachOpenAt(s, i);
    if (!open) {
      out += s[i];
      i++;
      continue;
    }
    let depth = 1;
    let j = open.end;
    let close = -1;
    while (j < s.length) {
      const inner = eachOpenAt(s, j);
      if (inner) {
        depth++;
        j = inner.end;
      } else if (s.startsWith('{{/each}}', j)) {
        if (--depth === 0) {
          close = j;
          break;
        }
        j += 9;
      } else j++;
    }
    if (close === -1) return out + s.slice(i);
    const body = s.slice(open.end, close);
    const list = scope[open.name];
    if (Array.isArray(list)) list.forEach((el, k) => (out += model(body, elementScope(scope, el, k), strip)));
    i = close + 9;
  }
  return out;
}

/** The conditional opening at `i`: key, operator, value and end, or null. */
function condOpenAt(s: string, i: number): { key: string; op: string; value: string; end: number } | null {
  if (!s.startsWith('{{?', i)) return null;
  const n = wordRun(s, i + 3);
  if (n === 0) return null;
  const key = s.slice(i + 3, i + 3 + n);
  let j = i + 3 + n;
  let op = '';
  if (s.startsWith('!=', j)) op = '!=';
  else if (s[j] === '=') op = '=';
  j += op.length;
  let value = '';
  if (op) {
    const stop = s.indexOf('}', j);
    if (stop === -1) return null;
    value = s.slice(j, stop);
    j = stop;
  }
  if (!s.startsWith('}}', j)) return null;
  return { key, op, value, end: j + 2 };
}

function resolveOne(s: string, scope: Scope): string | null {
  for (let p = s.indexOf('{{?'); p !== -1; p = s.indexOf('{{?', p + 1)) {
    const open = condOpenAt(s, p);
    if (!open) continue;
    const close = s.indexOf('{{/}}', open.end);
    const nextOpen = s.indexOf('{{?', open.end);
    if (close === -1 || (nextOpen !== -1 && nextOpen < close)) continue;
    const actual = scope[open.key];
    const keep =
      open.op === '='
        ? String(actual) === open.value
        : open.op === '!='
          ? String(actual) !== open.value
          : truthy(actual);
    return s.slice(0, p) + (keep ? s.slice(open.end, close) : '') + s.slice(close + 5);
  }
  return null;
}

function substitute(s: string, scope: Scope): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    if (s.startsWith('{{', i)) {
      let name: string | null = null;
      let end = -1;
      if (s.startsWith('{{.}}', i)) [name, end] = ['.', i + 5];
      else if (s.startsWith('{{@index}}', i)) [name, end] = ['@index', i + 10];
      else {
        const n = wordRun(s, i + 2);
        if (n > 0 && s.startsWith('}}', i + 2 + n)) [name, end] = [s.slice(i + 2, i + 2 + n), i + 4 + n];
      }
      if (name !== null) {
        out += text(scope[name]);
        i = end;
        continue;
      }
    }
    out += s[i];
    i++;
  }
  return out;
}

function model(source: string, scope: Scope, strip: boolean): string {
  let s = expandEach(source, scope, strip);
  for (let next = resolveOne(s, scope); next !== null; next = resolveOne(s, scope)) s = next;
  s = substitute(s, scope);
  if (!strip) return s;
  return s
    .split('\n')
    .filter((line) => !/^\s*$/.test(line))
    .join('\n');
}

/** The loop of a loop section (§9) in the same words. */
function modelLoop(wrapper: string, child: string, forEach: string, scope: Scope, separator: string): string {
  const list = scope[forEach];
  const parts = Array.isArray(list)
    ? list.map((el, i) => model(child, elementScope(scope, el, i), true))
    : [];
  const mark = '\u0000mark\u0000';
  const w = wrapper.includes('{{@loop}}') ? wrapper.split('{{@loop}}').join(mark) : `${wrapper}\n${mark}`;
  return model(w, scope, true).split(mark).join(parts.join(separator));
}

const PIECES = [
  '{{?a}}',
  '{{?b=1}}',
  '{{?c!=x}}',
  '{{?@index}}',
  '{{?n=0}}',
  '{{/}}',
  '{{/}}',
  '{{a}}',
  '{{b}}',
  '{{c}}',
  '{{n}}',
  '{{.}}',
  '{{@index}}',
  '{{@loop}}',
  '{{#each xs}}',
  '{{#each ys}}',
  '{{#each  a}}',
  '{{/each}}',
  '{{/each}}',
  '{{',
  '}}',
  '{',
  '}',
  '=',
  '?',
  'x',
  'y',
  '\n',
  ' ',
  '\n\n',
  '\u00a0',
  '\t',
  '{{z}}',
];
const SCALARS = [
  0,
  1,
  '',
  'A',
  '0',
  null,
  false,
  true,
  '{{b}}',
  '{{?a}}k{{/}}',
  '\n',
  [],
  ['p', 'q'],
  { k: 1 },
];
const VALUES: Record<string, readonly unknown[]> = {
  a: SCALARS,
  b: [1, '1', 2, '{{?a}}', '{{n}}'],
  c: ['x', 'y', null],
  n: [0, 1, '{{.}}'],
  z: ['{{/}}', 'Z', '{{/each}}'],
};

function randomCase(rand: () => number): { source: string; vars: Scope } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const source = Array.from({ length: 4 + Math.floor(rand() * 20) }, () => pick(PIECES)).join('');
  const vars: Scope = Object.fromEntries(Object.entries(VALUES).map(([k, vs]) => [k, pick(vs)]));
  const element = (): unknown =>
    rand() < 0.5 ? pick(SCALARS) : { a: pick(SCALARS), n: pick(VALUES.n as unknown[]), ys: [pick(SCALARS)] };
  vars.xs = rand() < 0.2 ? pick(SCALARS) : Array.from({ length: Math.floor(rand() * 4) }, element);
  vars.ys = Array.from({ length: Math.floor(rand() * 3) }, () => pick(SCALARS));
  return { source, vars };
}

const SEEDS = 3000;

describe('templates agree with an independent model of evolcore’s rules', () => {
  it(`renderTemplate, ${SEEDS} seeded sources (strip on and off)`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { source, vars } = randomCase(mulberry32(seed));
      const strip = seed % 4 !== 0;
      expect(renderTemplate(source, vars, strip), JSON.stringify({ seed, source, vars, strip })).toBe(
        model(source, vars, strip),
      );
    }
  });

  it(`renderLoop, ${SEEDS / 3} seeded wrappers and children`, () => {
    for (let seed = 1; seed <= SEEDS / 3; seed++) {
      const rand = mulberry32(seed * 7919);
      const wrapper = randomCase(rand).source;
      const { source: child, vars } = randomCase(rand);
      const separator = ['\n', '', ', ', '\n\n'][seed % 4] as string;
      expect(
        renderLoop(wrapper, child, 'xs', vars, separator, null, null),
        JSON.stringify({ seed, wrapper, child, vars, separator }),
      ).toBe(modelLoop(wrapper, child, 'xs', vars, separator));
    }
  });

  it('the model itself reproduces the known quirks (so agreement means something)', () => {
    expect(model('{{#each xs}}\n{{@index}}\n{{/each}}', { xs: ['a', 'b'] }, true)).toBe('01');
    expect(model('{{#each xs}}{{v}}{{/each}}', { xs: [{ v: '{{?a}}k{{/}}' }], a: 1 }, true)).toBe('k');
    expect(model('{{o}}|{{z}}', { o: { k: 1 }, z: 0 }, true)).toBe('[object Object]|0');
    expect(model('a\n\u00a0\nb', {}, true)).toBe('a\nb');
  });
});
