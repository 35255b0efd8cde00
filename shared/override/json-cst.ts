/**
 * A JSON parser that keeps where every value sits in the text, so edits can touch only the
 * bytes that change (issue 6: key order and indentation of the existing file are kept).
 *
 * Strict JSON, as the engine reads it (`JSON.parse`); a leading BOM is skipped. Returns
 * `null` for text that is not JSON: callers then fall back to writing the whole value.
 */
import type { Json } from '../engine/types';

/** Half-open range `[start, end)` of UTF-16 code units. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** One member of an object: `"key": value`. `start` is the key's quote, `end` the value's end. */
export interface CstMember extends TextRange {
  readonly key: string;
  readonly value: CstNode;
}

/** A parsed value with its range in the text. */
export type CstNode =
  | (TextRange & { readonly kind: 'object'; readonly members: readonly CstMember[] })
  | (TextRange & { readonly kind: 'array'; readonly items: readonly CstNode[] })
  | (TextRange & { readonly kind: 'scalar'; readonly value: Json });

class CstSyntaxError extends Error {}

/** Parses `text`; `null` when it is not a single JSON value. */
export function parseJsonCst(text: string): CstNode | null {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const skipWs = (): void => {
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) pos++;
      else break;
    }
  };
  const fail = (): never => {
    throw new CstSyntaxError(`unexpected input at ${pos}`);
  };

  const parseString = (): string => {
    const start = pos;
    if (text[pos] !== '"') fail();
    pos++;
    while (pos < text.length) {
      const c = text[pos];
      if (c === '\\') pos += 2;
      else if (c === '"') {
        pos++;
        return JSON.parse(text.slice(start, pos)) as string;
      } else pos++;
    }
    return fail();
  };

  const parseValue = (): CstNode => {
    skipWs();
    const start = pos;
    const c = text[pos];
    if (c === '{') {
      pos++;
      const members: CstMember[] = [];
      skipWs();
      if (text[pos] === '}') {
        pos++;
        return { kind: 'object', start, end: pos, members };
      }
      for (;;) {
        skipWs();
        const keyStart = pos;
        const key = parseString();
        skipWs();
        if (text[pos] !== ':') fail();
        pos++;
        const value = parseValue();
        members.push({ key, value, start: keyStart, end: value.end });
        skipWs();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === '}') {
          pos++;
          return { kind: 'object', start, end: pos, members };
        }
        fail();
      }
    }
    if (c === '[') {
      pos++;
      const items: CstNode[] = [];
      skipWs();
      if (text[pos] === ']') {
        pos++;
        return { kind: 'array', start, end: pos, items };
      }
      for (;;) {
        items.push(parseValue());
        skipWs();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === ']') {
          pos++;
          return { kind: 'array', start, end: pos, items };
        }
        fail();
      }
    }
    if (c === '"') {
      const value = parseString();
      return { kind: 'scalar', start, end: pos, value };
    }
    const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(pos, pos + 400),
    );
    if (m === null) return fail();
    pos += m[0].length;
    return { kind: 'scalar', start, end: pos, value: JSON.parse(m[0]) as Json };
  };

  try {
    const root = parseValue();
    skipWs();
    return pos === text.length ? root : null;
  } catch (error) {
    if (error instanceof CstSyntaxError || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** The plain value of a node. */
export function cstValue(node: CstNode): Json {
  switch (node.kind) {
    case 'scalar':
      return node.value;
    case 'array':
      return node.items.map(cstValue);
    case 'object': {
      const out: Record<string, Json> = {};
      for (const m of node.members) out[m.key] = cstValue(m.value);
      return out;
    }
  }
}

/**
 * The node a JSON Pointer (RFC 6901) points at, or the deepest existing ancestor when the
 * pointer goes further than the text (a missing field is reported on its section).
 */
export function nodeAtPointer(root: CstNode, pointer: string): { node: CstNode; member: CstMember | null } {
  const segments =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = root;
  let member: CstMember | null = null;
  for (const seg of segments) {
    if (node.kind === 'object') {
      // A later duplicate key wins in JSON.parse, so the last member is the one that counts.
      const found = [...node.members].reverse().find((m) => m.key === seg);
      if (found === undefined) break;
      member = found;
      node = found.value;
    } else if (node.kind === 'array') {
      const item = node.items[Number(seg)];
      if (item === undefined || !/^\d+$/.test(seg)) break;
      member = null;
      node = item;
    } else break;
  }
  return { node, member };
}
