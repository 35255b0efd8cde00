/**
 * Rewrites a JSON text so it holds a new value while touching only what changed: members and
 * list items that stay keep their bytes, new ones are appended in the file's own layout,
 * removed ones leave with their comma (issue 6: key order and indentation kept).
 */
import type { Json } from '../engine/types';
import type { CstMember, CstNode, TextRange } from './json-cst';
import { cstValue, parseJsonCst } from './json-cst';
import { jsonEqual } from './json-equal';
import type { JsonStyle } from './json-style';
import { detectJsonStyle, formatCompact, formatFreshFile, formatMultiline, lineIndentAt } from './json-style';

/** Replace `[start, end)` with `text`. */
interface TextEdit extends TextRange {
  readonly text: string;
}

interface Ctx {
  readonly text: string;
  readonly style: JsonStyle;
  readonly edits: TextEdit[];
}

const isObject = (v: Json): v is { readonly [key: string]: Json } =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const spansLines = (ctx: Ctx, node: TextRange): boolean =>
  ctx.text.slice(node.start, node.end).includes('\n');

/** A value written where `offset` is, over lines or on one line. */
function formatAt(ctx: Ctx, value: Json, offset: number, multiline: boolean): string {
  return multiline ? formatMultiline(value, ctx.style, lineIndentAt(ctx.text, offset)) : formatCompact(value);
}

/**
 * The edits that remove the `deleted` children of a container and append `inserts` (already
 * formatted) after the last child that stays. Runs of removed children go with the comma and
 * the whitespace that separated them, so the rest of the layout is untouched.
 */
function containerEdits(
  ctx: Ctx,
  node: CstNode,
  children: readonly TextRange[],
  deleted: readonly boolean[],
  inserts: readonly ((indent: string) => string)[],
  multiline: boolean,
): void {
  const n = children.length;
  const kept = deleted.map((d, i) => (d ? -1 : i)).filter((i) => i >= 0);
  const nl = ctx.style.newline;
  const containerIndent = lineIndentAt(ctx.text, node.start);
  const first = children[0];
  const childIndent =
    first !== undefined && multiline
      ? lineIndentAt(ctx.text, first.start)
      : containerIndent + ctx.style.indent;
  const innerStart = node.start + 1;
  const innerEnd = node.end - 1;

  if (kept.length === 0) {
    if (inserts.length === 0) {
      if (n > 0) ctx.edits.push({ start: innerStart, end: innerEnd, text: '' });
      return;
    }
    const items = inserts.map((f) => f(childIndent));
    let inner: string;
    if (multiline) inner = nl + childIndent + items.join(',' + nl + childIndent) + nl + containerIndent;
    else {
      const pad = node.kind === 'object' || ctx.text[innerStart] === ' ' ? ' ' : '';
      inner = pad + items.join(', ') + pad;
    }
    ctx.edits.push({ start: innerStart, end: innerEnd, text: inner });
    return;
  }

  const lastKept = kept[kept.length - 1] as number;
  const after = children[lastKept] as TextRange;
  const lastIndent = multiline ? lineIndentAt(ctx.text, after.start) : '';
  const appended = inserts.map((f) => ',' + (multiline ? nl + lastIndent : ' ') + f(lastIndent)).join('');
  let trailingHandled = false;
  let i = 0;
  while (i < n) {
    if (!deleted[i]) {
      i++;
      continue;
    }
    const a = i;
    while (i < n && deleted[i]) i++;
    const b = i - 1;
    const next = children[b + 1];
    if (next !== undefined) {
      ctx.edits.push({ start: (children[a] as TextRange).start, end: next.start, text: '' });
    } else {
      // A run at the end goes with the comma after the last child that stays.
      ctx.edits.push({ start: after.end, end: (children[b] as TextRange).end, text: appended });
      trailingHandled = true;
    }
  }
  if (!trailingHandled && appended !== '')
    ctx.edits.push({ start: after.end, end: after.end, text: appended });
}

function replaceNode(ctx: Ctx, node: CstNode, next: Json, multiline: boolean): void {
  ctx.edits.push({ start: node.start, end: node.end, text: formatAt(ctx, next, node.start, multiline) });
}

function diffObject(
  ctx: Ctx,
  node: Extract<CstNode, { kind: 'object' }>,
  next: { readonly [key: string]: Json },
  parentMultiline: boolean,
): void {
  const multiline = node.members.length === 0 ? parentMultiline : spansLines(ctx, node);
  const present = new Set(node.members.map((m) => m.key));
  const deleted = node.members.map((m) => !Object.hasOwn(next, m.key));
  node.members.forEach((m: CstMember, i) => {
    if (!deleted[i]) diffNode(ctx, m.value, next[m.key] as Json, multiline);
  });
  const inserts = Object.keys(next)
    .filter((k) => !present.has(k))
    .map(
      (k) => (indent: string) =>
        `${JSON.stringify(k)}: ${multiline ? formatMultiline(next[k] as Json, ctx.style, indent) : formatCompact(next[k] as Json)}`,
    );
  containerEdits(ctx, node, node.members, deleted, inserts, multiline);
}

/** Matching key of a list item: its `id` for sections, else its content. */
function itemKey(v: Json, byId: boolean): string {
  if (byId && isObject(v) && typeof v.id === 'string') return `id:${v.id}`;
  return `json:${JSON.stringify(v)}`;
}

const unique = (keys: readonly string[]): boolean => new Set(keys).size === keys.length;

function diffArray(
  ctx: Ctx,
  node: Extract<CstNode, { kind: 'array' }>,
  next: readonly Json[],
  parentMultiline: boolean,
): void {
  const multiline = node.items.length === 0 ? parentMultiline : spansLines(ctx, node);
  const old = node.items.map(cstValue);
  const allIds = [...old, ...next].every((v) => isObject(v) && typeof v.id === 'string');
  const keyed = (byId: boolean): boolean => {
    const oldKeys = old.map((v) => itemKey(v, byId));
    const newKeys = next.map((v) => itemKey(v, byId));
    if (!unique(oldKeys) || !unique(newKeys)) return false;
    const oldSet = new Set(oldKeys);
    const newSet = new Set(newKeys);
    // Items that stay must keep their relative order, and new ones come after them all.
    const stay = newKeys.filter((k) => oldSet.has(k));
    if (stay.join('\n') !== oldKeys.filter((k) => newSet.has(k)).join('\n')) return false;
    const lastStay = stay.length === 0 ? -1 : newKeys.indexOf(stay[stay.length - 1] as string);
    if (newKeys.some((k, i) => !oldSet.has(k) && i < lastStay)) return false;
    const deleted = oldKeys.map((k) => !newSet.has(k));
    node.items.forEach((item, i) => {
      if (!deleted[i]) diffNode(ctx, item, next[newKeys.indexOf(oldKeys[i] as string)] as Json, multiline);
    });
    const inserts = next
      .filter((_, i) => !oldSet.has(newKeys[i] as string))
      .map((v) => (indent: string) => (multiline ? formatMultiline(v, ctx.style, indent) : formatCompact(v)));
    containerEdits(ctx, node, node.items, deleted, inserts, multiline);
    return true;
  };
  if (allIds && keyed(true)) return;
  if (old.length === next.length) {
    node.items.forEach((item, i) => diffNode(ctx, item, next[i] as Json, multiline));
    return;
  }
  if (keyed(false)) return;
  replaceNode(ctx, node, next, parentMultiline);
}

function diffNode(ctx: Ctx, node: CstNode, next: Json, parentMultiline: boolean): void {
  if (jsonEqual(cstValue(node), next)) return;
  if (node.kind === 'object' && isObject(next)) diffObject(ctx, node, next, parentMultiline);
  else if (node.kind === 'array' && Array.isArray(next)) diffArray(ctx, node, next, parentMultiline);
  else replaceNode(ctx, node, next, parentMultiline);
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let limit = Infinity;
  for (const e of sorted) {
    if (e.end > limit) throw new Error(`overlapping JSON edits at ${e.start}`);
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    limit = e.start;
  }
  return out;
}

/**
 * `text` changed to hold `next`. Identical values give back `text` byte for byte; a text that
 * is not JSON is replaced by a fresh file.
 */
export function rewriteJsonText(text: string, next: Json): string {
  const root = parseJsonCst(text);
  if (root === null) return formatFreshFile(next, detectJsonStyle(text));
  const ctx: Ctx = { text, style: detectJsonStyle(text), edits: [] };
  // An empty top-level `{}` grows over lines, as a fresh file would.
  diffNode(ctx, root, next, true);
  return applyEdits(text, ctx.edits);
}
