import { describe, expect, it } from 'vitest';
import { parseVarsText, topLevelKeyPositions, varsMarkers, varsToText } from './vars-text';

describe('the JSON view text', () => {
  it('round-trips vars', () => {
    const vars = { chatType: null, items: [{ content: 'a' }] };
    expect(parseVarsText(varsToText(vars))).toEqual({ ok: true, vars });
  });

  it('says where broken JSON breaks, and refuses non-objects', () => {
    const broken = parseVarsText('{\n  "chatType": grou\n}');
    expect(broken).toMatchObject({ ok: false, line: 2 });
    expect(parseVarsText('  [1]')).toMatchObject({
      ok: false,
      message: 'vars must be a JSON object',
      line: 1,
      column: 3,
    });
  });

  it('finds top-level keys only, with escapes and nesting', () => {
    const text = '{\n  "a": {"b": 1},\n  "c\\"q": "x:y",\n  "d": ["e"]\n}';
    const pos = topLevelKeyPositions(text);
    expect([...pos.keys()]).toEqual(['a', 'c"q', 'd']);
    expect(pos.get('a')).toEqual({ line: 2, column: 3, endColumn: 6 });
  });

  it('marks an unknown var with its suggestion and a type error at its key', () => {
    const vars = { chattype: 'group', hasPersona: 'yes' };
    const markers = varsMarkers(varsToText(vars), vars);
    expect(markers).toEqual([
      expect.objectContaining({
        line: 2,
        severity: 'warning',
        message: 'unknown var chattype: did you mean chatType?',
      }),
      expect.objectContaining({
        line: 3,
        severity: 'error',
        message: expect.stringContaining('hasPersona must be boolean'),
      }),
    ]);
  });
});
