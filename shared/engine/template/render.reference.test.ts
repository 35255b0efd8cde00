/**
 * Templates without `#each` against a naive, string-based transcription of §9: conditionals
 * innermost first by repeated matching, then substitution, then blank-line deletion.
 */
import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render';

function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const truthy = (v: unknown): boolean => Boolean(v);

/** The reference, step by step on text. */
function naive(source: string, vars: Record<string, unknown>): string {
  // Opening tags and `{{/}}` swapped for private characters so "innermost" is a simple regex.
  const OPEN = '\u{F0001}';
  const CLOSE = '\u{F0002}';
  const opens: { key: string; op: string; value: string }[] = [];
  let text = source.replace(
    /\{\{\?([A-Za-z_][A-Za-z0-9_]*)(?:(!=|=)([^}]*))?\}\}/g,
    (_m, key: string, op?: string, value?: string) => {
      opens.push({ key, op: op ?? '', value: value ?? '' });
      return `${OPEN}${opens.length - 1}${OPEN}`;
    },
  );
  text = text.replace(/\{\{\/\}\}/g, CLOSE);
  const inner = new RegExp(`${OPEN}(\\d+)${OPEN}([^${OPEN}${CLOSE}]*)${CLOSE}`, 'u');
  for (let m = inner.exec(text); m; m = inner.exec(text)) {
    const tag = opens[Number(m[1])] as { key: string; op: string; value: string };
    const actual = vars[tag.key];
    const keep =
      tag.op === ''
        ? truthy(actual)
        : tag.op === '='
          ? String(actual) === tag.value
          : String(actual) !== tag.value;
    text = text.slice(0, m.index) + (keep ? (m[2] as string) : '') + text.slice(m.index + m[0].length);
  }
  // Leftovers stay literal.
  text = text.replace(new RegExp(`${OPEN}(\\d+)${OPEN}`, 'gu'), (_m, i: string) => {
    const t = opens[Number(i)] as { key: string; op: string; value: string };
    return `{{?${t.key}${t.op}${t.value}}}`;
  });
  text = text.split(CLOSE).join('{{/}}');
  // Substitution, with values never parsed again (one pass).
  text = text.replace(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g, (_m, k: string) => {
    const v = vars[k];
    if (!truthy(v)) return '';
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
  return text
    .split('\n')
    .filter((l) => !/^[ \t\r]*$/.test(l))
    .join('\n');
}

const PIECES = [
  '{{?a}}',
  '{{?b=1}}',
  '{{?c!=x}}',
  '{{/}}',
  '{{/}}',
  '{{a}}',
  '{{b}}',
  '{{c}}',
  'x',
  'y',
  '\n',
  ' ',
  '\n\n',
  '{{z}}',
];
const VALUES = {
  a: [0, 1, '', 'A', '{{b}}'],
  b: [1, '1', 2, '{{?a}}'],
  c: ['x', 'y', null],
  z: ['{{/}}', 'Z'],
};

describe('template rendering agrees with a naive transcription of §9', () => {
  it.each(Array.from({ length: 300 }, (_, i) => i + 1))('seed %d', (seed) => {
    const rand = prng(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const source = Array.from({ length: 4 + Math.floor(rand() * 14) }, () => pick(PIECES)).join('');
    const vars = Object.fromEntries(Object.entries(VALUES).map(([k, vs]) => [k, pick(vs as unknown[])]));
    expect(renderTemplate(source, vars, { file: '/t.md' }).text, JSON.stringify({ source, vars })).toBe(
      naive(source, vars),
    );
  });
});
