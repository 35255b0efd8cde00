import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from './json-error-offset';
import { parseJsonText } from './json-text';

function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const v8Position = (text: string): number | 'valid' | null => {
  try {
    JSON.parse(text);
    return 'valid';
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    return m ? Number(m[1]) : null;
  }
};

describe('jsonErrorOffset', () => {
  it.each([
    ['{}', -1],
    ['  [1, -2.5e+3, "a\\u00e9\\n", true, false, null, {"k": []}]  ', -1],
    ['{ "a": x }', 7],
    ['{ "a": tru }', 10],
    ['{\n  "chatType": private\n}', 16],
    ['[1, 2', 5],
    ['', 0],
    ['{"a":"\n"}', 6],
    ['{} x', 3],
    ['"\\x"', 2],
    ['[01]', 2],
    ['[-]', 2],
    ['[1.]', 3],
    ['{"a" 1}', 5],
    ['{,}', 1],
    ['[1,]', 3],
  ])('%j → %d', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  it('handles deep nesting without recursion', () => {
    expect(jsonErrorOffset(`${'['.repeat(100000)}${']'.repeat(100000)}`)).toBe(-1);
  });

  it.each(Array.from({ length: 200 }, (_, i) => i + 1))(
    'agrees with JSON.parse on a mutated text (seed %d)',
    (seed) => {
      const rand = prng(seed);
      const base = JSON.stringify(
        { sections: [{ id: 'a', order: 21.5, when: { var: 'x', in: ['p', null] }, ok: true }], n: -1e3 },
        null,
        2,
      );
      const at = Math.floor(rand() * base.length);
      const chars = ['', 'x', '"', ',', '}', ']', '{', '[', ':', ' ', '\n', '1', '-', '.', 'e', '\\', 't'];
      const ins = chars[Math.floor(rand() * chars.length)] as string;
      const cut = rand() < 0.5 ? 1 : 0;
      const text = base.slice(0, at) + ins + base.slice(at + cut);
      const v8 = v8Position(text);
      const ours = jsonErrorOffset(text);
      if (v8 === 'valid') expect(ours, text).toBe(-1);
      else {
        expect(ours, text).toBeGreaterThanOrEqual(0);
        if (v8 !== null) expect(ours, text).toBe(v8);
      }
    },
  );
});

describe('parseJsonText messages', () => {
  it('an unexpected token gets its real line and column, in one line', () => {
    const r = parseJsonText('{\n  "chatType": private\n}\n');
    expect(r).toMatchObject({ ok: false, line: 2, column: 15, message: "Unexpected token 'p'" });
  });

  it('a whitespace token is written escaped', () => {
    const r = parseJsonText('{ "a": tru\n}');
    expect(r).toMatchObject({ ok: false, line: 1, column: 11 });
    if (!r.ok) expect(r.message).not.toContain('\n');
  });
});
