/**
 * Template tree: tokens → nested nodes. `{{#each}}` blocks pair first (outermost first,
 * §9 step 1), then conditionals pair inside each region, so a conditional never spans an
 * each boundary. An opening without its closing tag, and a stray closing tag, stay literal
 * text; unclosed openings are reported (`unclosed-block`).
 */
import type { Token } from './scan';

/** A node of the template tree. */
export type Node =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'var'; readonly name: string }
  | { readonly kind: 'loop'; readonly raw: string }
  | {
      readonly kind: 'cond';
      readonly key: string;
      readonly op: 'truthy' | 'eq' | 'neq';
      readonly expected?: string;
      readonly raw: string;
      readonly offset: number;
      readonly children: readonly Node[];
    }
  | {
      readonly kind: 'each';
      readonly name: string;
      readonly offset: number;
      readonly children: readonly Node[];
    };

/** A tree plus the openings that were never closed. */
export interface TemplateTree {
  readonly nodes: readonly Node[];
  readonly unclosed: readonly { readonly raw: string; readonly offset: number }[];
}

const literal = (t: Token): Node => ({ kind: 'text', text: t.kind === 'text' ? t.text : t.raw });

/** Builds the tree of a token list. */
export function buildTree(tokens: readonly Token[]): TemplateTree {
  const unclosed: { raw: string; offset: number }[] = [];
  // Pass 1: pair each-open / each-close with a stack (outermost pairs enclose inner ones).
  const eachPartner = new Map<number, number>();
  const stack: number[] = [];
  tokens.forEach((t, i) => {
    if (t.kind === 'each-open') stack.push(i);
    else if (t.kind === 'each-close' && stack.length > 0) eachPartner.set(stack.pop() as number, i);
  });
  for (const i of stack) {
    const t = tokens[i] as Token & { raw: string };
    unclosed.push({ raw: t.raw, offset: t.offset });
  }
  const nodes = buildRegion(tokens, 0, tokens.length, eachPartner, unclosed);
  unclosed.sort((a, b) => a.offset - b.offset);
  return { nodes, unclosed };
}

/** Builds the nodes of tokens[from, to), pairing conditionals with a stack. */
function buildRegion(
  tokens: readonly Token[],
  from: number,
  to: number,
  eachPartner: ReadonlyMap<number, number>,
  unclosed: { raw: string; offset: number }[],
): Node[] {
  type Frame = { open: Extract<Token, { kind: 'cond-open' }> | null; children: Node[] };
  const frames: Frame[] = [{ open: null, children: [] }];
  const top = (): Frame => frames[frames.length - 1] as Frame;
  for (let i = from; i < to; i++) {
    const t = tokens[i] as Token;
    switch (t.kind) {
      case 'text':
        top().children.push({ kind: 'text', text: t.text });
        break;
      case 'var':
        top().children.push({ kind: 'var', name: t.name });
        break;
      case 'loop':
        top().children.push({ kind: 'loop', raw: t.raw });
        break;
      case 'each-open': {
        const close = eachPartner.get(i);
        if (close === undefined) {
          top().children.push(literal(t));
          break;
        }
        const children = buildRegion(tokens, i + 1, close, eachPartner, unclosed);
        top().children.push({ kind: 'each', name: t.name, offset: t.offset, children });
        i = close;
        break;
      }
      case 'each-close':
        top().children.push(literal(t)); // stray: no opening
        break;
      case 'cond-open':
        frames.push({ open: t, children: [] });
        break;
      case 'cond-close': {
        if (frames.length === 1) {
          top().children.push(literal(t));
          break;
        }
        const frame = frames.pop() as Frame;
        const open = frame.open as Extract<Token, { kind: 'cond-open' }>;
        top().children.push({
          kind: 'cond',
          key: open.key,
          op: open.op,
          ...(open.expected !== undefined ? { expected: open.expected } : {}),
          raw: open.raw,
          offset: open.offset,
          children: frame.children,
        });
        break;
      }
    }
  }
  // Openings left on the stack have no `{{/}}`: they stay literal, their contents unwrapped.
  while (frames.length > 1) {
    const frame = frames.pop() as Frame;
    const open = frame.open as Extract<Token, { kind: 'cond-open' }>;
    unclosed.push({ raw: open.raw, offset: open.offset });
    top().children.push({ kind: 'text', text: open.raw }, ...frame.children);
  }
  return frames[0]?.children ?? [];
}
