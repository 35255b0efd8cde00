import { describe, expect, it } from 'vitest';
import { jsonSyntaxError, lineColumnOf } from './json-error';

describe('jsonSyntaxError', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const ok of [
      '{}',
      ' [1, -2.5e3, "a\\u00e9\\n", true, false, null] ',
      '{"a": {"b": []}}',
      '"x"',
      '0',
    ]) {
      expect(jsonSyntaxError(ok), ok).toBeNull();
      expect(() => JSON.parse(ok)).not.toThrow();
    }
  });

  it('points at the first error, where V8 names no position', () => {
    const text = '{\n  "chatType": grou\n}';
    const error = jsonSyntaxError(text);
    expect(error?.message).toBe('unexpected "grou"');
    expect(lineColumnOf(text, error?.offset ?? -1)).toEqual({ line: 2, column: 15 });
  });

  it('finds trailing commas, missing colons, unterminated strings and the end', () => {
    expect(jsonSyntaxError('{"a": 1,}')).toMatchObject({ offset: 8 });
    expect(jsonSyntaxError('{"a" 1}')).toMatchObject({ offset: 5, message: "expected ':'" });
    expect(jsonSyntaxError('{"a": "b')).toMatchObject({ message: 'unterminated string' });
    expect(jsonSyntaxError('{"a": 1')).toMatchObject({ offset: 7, message: 'unexpected end of JSON' });
    expect(jsonSyntaxError('{} x')).toMatchObject({ offset: 3 });
    expect(jsonSyntaxError('01')).toMatchObject({ offset: 1 });
  });
});
