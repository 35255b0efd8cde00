/**
 * UTF-8 byte length without `TextEncoder` (the pure layer's lib has neither DOM nor node types).
 * A surrogate pair counts 4 bytes; a lone surrogate counts 3, as its replacement character would.
 */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < text.length &&
      (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    ) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
