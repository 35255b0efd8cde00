/**
 * Rewrites a JSON text so it holds a new value while touching only what changed: members and
 * list items that stay keep their bytes, new ones are appended in the file's own layout,
 * removed ones leave with their comma (key order and indentation kept).
 *
 * Which members and items stay, go or come is decided here (sections are matched by `id`);
 * where each change lands is Microsoft's `jsonc-parser` (`modify`), and a new value is laid
 * over lines by its formatter (`format`) with the file's own indent unit, tabs or spaces and
 * line ending. `modify` runs without formatting options and `format` gets only the new bytes,
 * because `modify`'s own formatting reflows every line an edit touches. Two small pieces stay
 * ours, each for a case the library gets wrong for these files: `removeAt`, `compactEdit`.
 */
import type { Edit, FormattingOptions, JSONPath } from 'jsonc-parser';
import { applyEdits, findNodeAtLocation, format, modify } from 'jsonc-parser';
import type { Json } from '../engine';
import { isJsonObject } from '../engine';
import { jsonEqual } from './json-equal';
import type { JsonNode } from './json-tree';
import { parseStrictTree } from './json-tree';

/** The layout of a fresh file: what `JSON.stringify(v, null, 2)` writes, plus a final newline. */
const FRESH: FormattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n', insertFinalNewline: true };

/** Reads a file's layout: the first indented line's leading whitespace, the line ending. */
export function detectFormatting(text: string): FormattingOptions {
  const unit = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  const tabs = unit.startsWith('\t');
  return {
    insertSpaces: !tabs,
    // With tabs the formatter counts one level per tab whatever the size.
    tabSize: tabs ? 4 : unit.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    insertFinalNewline: text.endsWith('\n'),
  };
}

/** A whole new file laid out with `options` (a fresh file's by default), ending with a newline. */
export function formatFreshFile(value: Json, options: FormattingOptions = FRESH): string {
  const raw = JSON.stringify(value);
  return applyEdits(raw, format(raw, undefined, { ...options, insertFinalNewline: true }));
}

interface Ctx {
  /** The text so far: every change is applied at once, so the next one is placed on it. */
  text: string;
  readonly options: FormattingOptions;
  /** The text as it was, and its tree: layout decisions are taken on the file as written. */
  readonly before: string;
  readonly beforeRoot: JsonNode;
}

const isObject = isJsonObject;

function nodeAt(ctx: Ctx, path: JSONPath): JsonNode {
  const root = parseStrictTree(ctx.text);
  const node = root === null ? undefined : findNodeAtLocation(root, path);
  if (node === undefined) throw new Error(`no JSON value at ${JSON.stringify(path)}`);
  return node;
}

/**
 * A container laid over lines keeps new children on their own lines; an empty one follows its
 * parent. Read on the text as it was: a container is visited before any of its own items is
 * removed (removals come after the inner edits, from the end), so its path still names it there.
 */
function spansLines(ctx: Ctx, path: JSONPath, parentMultiline: boolean): boolean {
  const node = findNodeAtLocation(ctx.beforeRoot, path);
  if (node === undefined || (node.children ?? []).length === 0) return parentMultiline;
  return ctx.before.slice(node.offset, node.offset + node.length).includes('\n');
}

/** A value on one line, with spaces inside objects: `{ "id": "x", "when": { "any": ["x"] } }`. */
function formatCompact(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(formatCompact).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${formatCompact(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/**
 * `modify`'s edit with the value written on one line, as `formatCompact` lays it out (a first
 * member goes inside `{ … }` with spaces). The library's only one-line layout is its
 * formatter's `keepLines`, which pads brackets (`[ "x" ]`) where files written by hand and by
 * this app have `["x"]`; `modify` itself writes `JSON.stringify` with no spaces at all.
 */
function compactEdit(text: string, edit: Edit, value: Json): Edit {
  const raw = JSON.stringify(value);
  if (!edit.content.endsWith(raw)) return edit;
  const content = edit.content.slice(0, -raw.length).replace(/^,/, ', ') + formatCompact(value);
  const firstMember = text[edit.offset - 1] === '{' && text[edit.offset] === '}';
  return { ...edit, content: firstMember ? ` ${content} ` : content };
}

/** Sets (or appends, at index -1) the value at `path`, laid out like its neighbours. */
function setAt(ctx: Ctx, path: JSONPath, value: Json, multiline: boolean): void {
  const [edit] = modify(ctx.text, path, value, {});
  if (edit === undefined) return;
  if (!multiline) {
    ctx.text = applyEdits(ctx.text, [compactEdit(ctx.text, edit, value)]);
    return;
  }
  const text = applyEdits(ctx.text, [edit]);
  // Format only the new bytes (and the bracket of an empty container around them), so the
  // rest of the line keeps its layout; `modify`'s own formatting reflows every line it touches.
  const end = edit.offset + edit.content.length;
  const from = '[{'.includes(text[edit.offset - 1] ?? '') ? edit.offset - 1 : edit.offset;
  const to = ']}'.includes(text[end] ?? '') ? end + 1 : end;
  ctx.text = applyEdits(text, format(text, { offset: from, length: to - from }, ctx.options));
}

/**
 * Removes the member or item at `path` with the comma and whitespace that separated it from
 * the next one (or, for the last, from the previous one). Not `modify`: in 3.3.1 removing the
 * last item of a list cuts one character short of the `]` (`["a", "b"]` → `["a""]`,
 * microsoft/node-jsonc-parser#108), and removing an object's first member takes the
 * whitespace after `{` with it.
 */
function removeAt(ctx: Ctx, path: JSONPath): void {
  const value = nodeAt(ctx, path);
  const child = value.parent?.type === 'property' ? value.parent : value;
  const container = child.parent;
  if (container === undefined) throw new Error('cannot remove the top-level value');
  const siblings = container.children ?? [];
  const i = siblings.indexOf(child);
  const next = siblings[i + 1];
  const prev = siblings[i - 1];
  const range: [number, number] =
    next !== undefined
      ? [child.offset, next.offset]
      : prev !== undefined
        ? [prev.offset + prev.length, child.offset + child.length]
        : [container.offset + 1, container.offset + container.length - 1];
  ctx.text = ctx.text.slice(0, range[0]) + ctx.text.slice(range[1]);
}

function diffObject(
  ctx: Ctx,
  path: JSONPath,
  old: { readonly [key: string]: Json },
  next: { readonly [key: string]: Json },
  parentMultiline: boolean,
): void {
  const multiline = spansLines(ctx, path, parentMultiline);
  for (const key of Object.keys(old)) {
    if (Object.hasOwn(next, key))
      diffNode(ctx, [...path, key], old[key] as Json, next[key] as Json, multiline);
  }
  for (const key of Object.keys(old)) if (!Object.hasOwn(next, key)) removeAt(ctx, [...path, key]);
  for (const key of Object.keys(next)) {
    if (!Object.hasOwn(old, key)) setAt(ctx, [...path, key], next[key] as Json, multiline);
  }
}

/** Matching key of a list item: its `id` for sections, else its content. */
function itemKey(v: Json, byId: boolean): string {
  if (byId && isObject(v) && typeof v.id === 'string') return `id:${v.id}`;
  return `json:${JSON.stringify(v)}`;
}

const unique = (keys: readonly string[]): boolean => new Set(keys).size === keys.length;

/**
 * Items matched by key when those that stay keep their order and new ones all come after
 * them; `false` (nothing done) when the lists cannot be matched that way.
 */
function diffKeyedArray(
  ctx: Ctx,
  path: JSONPath,
  old: readonly Json[],
  next: readonly Json[],
  byId: boolean,
  multiline: boolean,
): boolean {
  const oldKeys = old.map((v) => itemKey(v, byId));
  const newKeys = next.map((v) => itemKey(v, byId));
  if (!unique(oldKeys) || !unique(newKeys)) return false;
  const oldSet = new Set(oldKeys);
  const newSet = new Set(newKeys);
  const stay = newKeys.filter((k) => oldSet.has(k));
  if (stay.join('\n') !== oldKeys.filter((k) => newSet.has(k)).join('\n')) return false;
  const lastStay = stay.length === 0 ? -1 : newKeys.indexOf(stay[stay.length - 1] as string);
  if (newKeys.some((k, i) => !oldSet.has(k) && i < lastStay)) return false;
  // Inner edits first, then removals from the end, so the indexes in the paths stay true.
  oldKeys.forEach((k, i) => {
    if (newSet.has(k))
      diffNode(ctx, [...path, i], old[i] as Json, next[newKeys.indexOf(k)] as Json, multiline);
  });
  for (let i = oldKeys.length - 1; i >= 0; i--)
    if (!newSet.has(oldKeys[i] as string)) removeAt(ctx, [...path, i]);
  next.forEach((v, i) => {
    if (!oldSet.has(newKeys[i] as string)) setAt(ctx, [...path, -1], v, multiline);
  });
  return true;
}

function diffArray(
  ctx: Ctx,
  path: JSONPath,
  old: readonly Json[],
  next: readonly Json[],
  parentMultiline: boolean,
): void {
  const multiline = spansLines(ctx, path, parentMultiline);
  const allIds = [...old, ...next].every((v) => isObject(v) && typeof v.id === 'string');
  if (allIds && diffKeyedArray(ctx, path, old, next, true, multiline)) return;
  if (old.length === next.length) {
    old.forEach((v, i) => diffNode(ctx, [...path, i], v, next[i] as Json, multiline));
    return;
  }
  if (diffKeyedArray(ctx, path, old, next, false, multiline)) return;
  setAt(ctx, path, next as Json, parentMultiline);
}

function diffNode(ctx: Ctx, path: JSONPath, old: Json, next: Json, parentMultiline: boolean): void {
  if (jsonEqual(old, next)) return;
  if (isObject(old) && isObject(next)) diffObject(ctx, path, old, next, parentMultiline);
  else if (Array.isArray(old) && Array.isArray(next)) diffArray(ctx, path, old, next, parentMultiline);
  else setAt(ctx, path, next, parentMultiline);
}

/** `true` when `text` means `value` to `JSON.parse`, as evolcore reads it (stricter than the library). */
function holds(text: string, value: Json): boolean {
  try {
    return jsonEqual(JSON.parse(text) as Json, value);
  } catch {
    return false;
  }
}

/**
 * `text` changed to hold `next`. Identical values give back `text` byte for byte; a text that
 * is not strict JSON (comments and trailing commas included) is replaced by a fresh file.
 */
export function rewriteJsonText(text: string, next: Json): string {
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const body = text.slice(bom.length);
  const options = detectFormatting(body);
  const root = parseStrictTree(body);
  if (root === null) return formatFreshFile(next, options);
  const ctx: Ctx = { text: body, options, before: body, beforeRoot: root };
  try {
    // An empty top-level `{}` grows over lines, as a fresh file would.
    diffNode(ctx, [], JSON.parse(body) as Json, next, true);
  } catch {
    return formatFreshFile(next, options);
  }
  // Duplicate keys are the one layout the path edits cannot aim at (`JSON.parse` keeps the
  // last, the library edits the first): never write a text that means something else.
  return holds(ctx.text, next) ? bom + ctx.text : formatFreshFile(next, options);
}
