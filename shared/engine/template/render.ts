/**
 * Template rendering (clarifications §9): `#each` in element scope, conditionals (all
 * evaluated, innermost first in effect), substitution with truthiness, then blank-line
 * deletion. Values are inserted as text and never parsed again.
 */
import type { ConditionalTrace, Vars } from '../types';
import { isPlainObject, isTruthy } from '../truthy';
import { lineColumnAt } from '../json-text';
import { scanTemplate } from './scan';
import { buildTree, type Node, type TemplateTree } from './tree';

/** One level of lookup: the outer vars, or an element of `#each` / a loop. */
interface Frame {
  readonly fields: Readonly<Record<string, unknown>> | null;
  readonly element?: { readonly value: unknown; readonly index: number };
}

/** Options of one template render. */
export interface TemplateOptions {
  /** Source file, for the trace. */
  readonly file: string;
  /**
   * Text that `{{@loop}}` renders to (a loop wrapper's placeholder). Without it `{{@loop}}`
   * stays literal, since only loop wrappers give it a meaning (§10).
   */
  readonly loopPlaceholder?: string;
  /** The element a loop child is rendered for (its fields and `{{@index}}`, §10). */
  readonly element?: { readonly value: unknown; readonly index: number };
}

/** Result of rendering a template. */
export interface TemplateResult {
  readonly text: string;
  readonly trace: readonly ConditionalTrace[];
  /** Openings with no closing tag (each earns an `unclosed-block` warning). */
  readonly unclosed: readonly { readonly raw: string; readonly line: number; readonly column: number }[];
  /** Names the template looks up in the vars. */
  readonly reads: readonly string[];
}

const treeCache = new Map<string, TemplateTree>();

/** Parses a template once per distinct source (kits repeat the same few fragments). */
function treeOf(source: string): TemplateTree {
  let tree = treeCache.get(source);
  if (!tree) {
    tree = buildTree(scanTemplate(source));
    if (treeCache.size > 500) treeCache.clear();
    treeCache.set(source, tree);
  }
  return tree;
}

/** Text a value substitutes to (§9 step 3). */
export function substitution(value: unknown): string {
  if (!isTruthy(value)) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Deletes every empty or whitespace-only line (§9 step 4). */
export function deleteBlankLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^[ \t\r]*$/.test(line))
    .join('\n');
}

function elementFrame(element: { value: unknown; index: number }): Frame {
  return { fields: isPlainObject(element.value) ? element.value : null, element };
}

function lookup(frames: readonly Frame[], name: string): unknown {
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i] as Frame;
    if (name === '.' || name === '@index') {
      if (f.element) return name === '.' ? f.element.value : f.element.index;
      continue;
    }
    if (f.fields && Object.hasOwn(f.fields, name)) return f.fields[name];
  }
  return undefined;
}

/** Renders a template source against vars. */
export function renderTemplate(source: string, vars: Vars, options: TemplateOptions): TemplateResult {
  const tree = treeOf(source);
  const trace: ConditionalTrace[] = [];
  const reads = new Set<string>();
  const frames: Frame[] = [{ fields: vars }];
  if (options.element) frames.push(elementFrame(options.element));
  const currentIndex = (): number | undefined => {
    for (let i = frames.length - 1; i >= 0; i--) {
      const e = (frames[i] as Frame).element;
      if (e) return e.index;
    }
    return undefined;
  };

  const render = (nodes: readonly Node[]): string => {
    let out = '';
    for (const node of nodes) {
      switch (node.kind) {
        case 'text':
          out += node.text;
          break;
        case 'var':
          if (node.name !== '.' && node.name !== '@index') reads.add(node.name);
          // {{@index}} always renders, even 1 for the first element (decision §9).
          out +=
            node.name === '@index'
              ? String(lookup(frames, node.name) ?? '')
              : substitution(lookup(frames, node.name));
          break;
        case 'loop':
          out += options.loopPlaceholder ?? node.raw;
          break;
        case 'each': {
          reads.add(node.name);
          const list = lookup(frames, node.name);
          if (!Array.isArray(list)) break;
          list.forEach((value: unknown, i) => {
            frames.push(elementFrame({ value, index: i + 1 }));
            out += render(node.children);
            frames.pop();
          });
          break;
        }
        case 'cond': {
          reads.add(node.key);
          // Inner blocks are evaluated whatever the outer decides, as innermost-first does.
          const body = render(node.children);
          const actual = lookup(frames, node.key);
          const kept =
            node.op === 'truthy'
              ? isTruthy(actual)
              : (String(actual) === node.expected) === (node.op === 'eq');
          const index = currentIndex();
          trace.push({
            file: options.file,
            line: lineColumnAt(source, node.offset).line,
            expression: node.raw,
            key: node.key,
            op: node.op,
            ...(node.expected !== undefined ? { expected: node.expected } : {}),
            actual,
            kept,
            ...(index !== undefined ? { element: index } : {}),
          });
          if (kept) out += body;
          break;
        }
      }
    }
    return out;
  };

  const text = deleteBlankLines(render(tree.nodes));
  trace.sort((a, b) => a.line - b.line || (a.element ?? 0) - (b.element ?? 0));
  const unclosed = tree.unclosed.map((u) => ({ raw: u.raw, ...lineColumnAt(source, u.offset) }));
  return { text, trace, unclosed, reads: [...reads] };
}
