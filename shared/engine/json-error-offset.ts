/**
 * Where a JSON text first goes wrong, for error messages that must give a line and column.
 * V8 reports a position for most errors but not for "Unexpected token 'x', … is not valid
 * JSON"; this scanner follows RFC 8259 exactly as `JSON.parse` does and returns the offset
 * of the first character that cannot be accepted (the text's length for an unexpected end).
 */

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The offset of the first JSON error in `text`, or -1 when the text is valid JSON. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const n = text.length;
  const skipWs = (): void => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  const digits = (): boolean => {
    const start = i;
    while (i < n && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
    return i > start;
  };
  /** Scans one scalar (string, number, literal); returns false with `i` at the error. */
  const scalar = (): boolean => {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < n) {
        const code = text.charCodeAt(i);
        if (code === 0x22) {
          i++;
          return true;
        }
        if (code < 0x20) return false;
        if (code === 0x5c) {
          const e = text[i + 1];
          if (e === undefined) {
            i = n;
            return false;
          }
          if ('"\\/bfnrt'.includes(e)) i += 2;
          else if (e === 'u') {
            for (let k = 2; k < 6; k++) {
              if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
                i = Math.min(i + k, n);
                return false;
              }
            }
            i += 6;
          } else {
            i++;
            return false;
          }
          continue;
        }
        i++;
      }
      return false;
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      if (c === '-') i++;
      if (text[i] === '0') i++;
      else if (!digits()) return false;
      if (text[i] === '.') {
        i++;
        if (!digits()) return false;
      }
      if (text[i] === 'e' || text[i] === 'E') {
        i++;
        if (text[i] === '+' || text[i] === '-') i++;
        if (!digits()) return false;
      }
      return true;
    }
    for (const word of ['true', 'false', 'null']) {
      if (c !== word[0]) continue;
      for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) return false;
      return true;
    }
    return false;
  };

  // An explicit stack of open containers: deep nesting cannot overflow the call stack.
  const stack: ('{' | '[')[] = [];
  skipWs();
  for (;;) {
    // Expecting a value.
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      skipWs();
      const close = c === '{' ? '}' : ']';
      if (text[i] === close) {
        i++;
      } else {
        stack.push(c);
        if (c === '{') {
          if (text[i] !== '"' || !scalar()) return Math.min(i, n);
          skipWs();
          if (text[i] !== ':') return Math.min(i, n);
          i++;
          skipWs();
        }
        continue;
      }
    } else if (!scalar()) return Math.min(i, n);
    // After a value: close containers or expect a separator.
    for (;;) {
      skipWs();
      const top = stack[stack.length - 1];
      if (top === undefined) return i === n ? -1 : i;
      const close = top === '{' ? '}' : ']';
      if (text[i] === close) {
        stack.pop();
        i++;
        continue;
      }
      if (text[i] !== ',') return Math.min(i, n);
      i++;
      skipWs();
      if (top === '{') {
        if (text[i] !== '"' || !scalar()) return Math.min(i, n);
        skipWs();
        if (text[i] !== ':') return Math.min(i, n);
        i++;
        skipWs();
      }
      break;
    }
  }
}
