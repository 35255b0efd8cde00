/**
 * Where a JSON text first breaks. `JSON.parse` messages name a position only sometimes (V8 says
 * `Unexpected token 'g', ..."hatType": grou` with none), and the JSON view must mark the error
 * in place, so a small validating scanner finds the offset itself.
 */

/** The first syntax error: 0-based offset and a short message; `null` for valid JSON. */
export function jsonSyntaxError(text: string): { offset: number; message: string } | null {
  let i = 0;
  const fail = (message: string): never => {
    throw new ScanError(i, message);
  };
  const ws = (): void => {
    while (i < text.length && ' \t\n\r\ufeff'.includes(text[i] as string)) i++;
  };
  const literal = (word: string): void => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(`unexpected ${describeAt(text, i)}`);
  };
  const string = (): void => {
    i++; // opening quote
    while (i < text.length) {
      const ch = text[i] as string;
      if (ch === '"') {
        i++;
        return;
      }
      if (ch === '\n' || ch.charCodeAt(0) < 0x20) fail('unterminated string');
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape');
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else fail('bad escape');
      } else i++;
    }
    fail('unterminated string');
  };
  const number = (): void => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (m === null) fail(`unexpected ${describeAt(text, i)}`);
    else i += m[0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') object();
    else if (ch === '[') array();
    else if (ch === '"') string();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) number();
    else fail(ch === undefined ? 'unexpected end of JSON' : `unexpected ${describeAt(text, i)}`);
  };
  const object = (): void => {
    i++;
    ws();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] !== '"') fail(text[i] === undefined ? 'unexpected end of JSON' : 'expected a "key"');
      string();
      ws();
      if (text[i] !== ':') fail("expected ':'");
      i++;
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return;
      }
      fail(text[i] === undefined ? 'unexpected end of JSON' : "expected ',' or '}'");
    }
  };
  const array = (): void => {
    i++;
    ws();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return;
      }
      fail(text[i] === undefined ? 'unexpected end of JSON' : "expected ',' or ']'");
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail(`unexpected ${describeAt(text, i)} after the value`);
    return null;
  } catch (error) {
    if (error instanceof ScanError) return { offset: error.offset, message: error.message };
    throw error;
  }
}

class ScanError extends Error {
  readonly offset: number;
  constructor(offset: number, message: string) {
    super(message);
    this.offset = offset;
  }
}

function describeAt(text: string, i: number): string {
  const word = /^[^\s,:{}[\]"]+/.exec(text.slice(i))?.[0] ?? text[i] ?? '';
  return JSON.stringify(word.slice(0, 20));
}

/** 1-based line and column of an offset. */
export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text[k] === '\n') {
      line++;
      start = k + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
