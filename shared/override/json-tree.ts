/**
 * Where every value of a JSON text sits, read with Microsoft's `jsonc-parser` (VS Code's own),
 * so edits can touch only the bytes that change and findings can be marked at their place.
 *
 * Strict JSON, as evolcore reads it (`JSON.parse`): the library tolerates comments and
 * trailing commas, so both are switched off and any error means "not JSON" (`null`); callers
 * then fall back to writing the whole value. A leading BOM is read as a space, so every
 * offset still counts from the start of the text as given.
 */
import type { Node, ParseError } from 'jsonc-parser';
import { parseTree } from 'jsonc-parser';
import type { Span } from '../base/span';

/** A parsed value (or `"key": value` property) with its `offset` and `length` in the text. */
export type JsonNode = Node;

/** Half-open range `[start, end)` of UTF-16 code units: the base's `Span`. */
export type TextRange = Span;

const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false } as const;

/** Parses `text`; `null` when it is not a single strict JSON value. */
export function parseStrictTree(text: string): JsonNode | null {
  const body = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const errors: ParseError[] = [];
  const root = parseTree(body, errors, STRICT);
  return errors.length === 0 && root !== undefined ? root : null;
}

/** The range a node covers. */
export const nodeRange = (node: JsonNode): TextRange => ({
  start: node.offset,
  end: node.offset + node.length,
});

/**
 * The value under `key` of an object node (the last of duplicate keys: `JSON.parse` keeps the
 * last, and `findNodeAtLocation` would take the first), or item `key` of an array node.
 */
export function childAt(node: JsonNode, key: string): JsonNode | undefined {
  const children = node.children ?? [];
  if (node.type === 'array') return /^\d+$/.test(key) ? children[Number(key)] : undefined;
  if (node.type !== 'object') return undefined;
  for (let i = children.length - 1; i >= 0; i--) {
    const [name, value] = children[i]?.children ?? [];
    if (name?.value === key) return value;
  }
  return undefined;
}

/**
 * The node a JSON Pointer (RFC 6901) points at, or the deepest existing ancestor when the
 * pointer goes further than the text (a missing field is reported on its section).
 */
export function nodeAtPointer(root: JsonNode, pointer: string): JsonNode {
  const segments =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = root;
  for (const seg of segments) {
    const next = childAt(node, seg);
    if (next === undefined) break;
    node = next;
  }
  return node;
}
