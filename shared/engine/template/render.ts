/**
 * Template rendering exactly as evolcore's engine does it (docs/engine.md §8;
 * `renderTemplate` in evolclaw's `src/eck/manifest-engine.ts`):
 *
 * 1. `{{#each KEY}}…{{/each}}`, outermost first: each element renders the body with the whole
 *    algorithm in scope `{...vars, ...element, "@index": i}` (scalar: `".": element`), `i` from 0;
 *    the results are concatenated. The expanded text goes through steps 2–4 again, so `{{…}}`
 *    inside an element's value is parsed (`each-value-reparsed`).
 * 2. Conditionals, innermost first, one at a time until nothing changes.
 * 3. `{{.}}`, `{{@index}}`, `{{word}}`: `0` → "0", other falsy → "", else `String(value)`.
 * 4. Lines whose `.trim()` is empty are deleted.
 *
 * The text is produced by the same operations in the same order, so it is the real text byte for
 * byte, quirks included. On top of that the renderer records what the inspector explains: every
 * conditional with its source line and the value it saw, the vars read, and the hazards.
 */
import type { ConditionalTrace, Vars } from '../types';
import { isTruthy } from '../truthy';

/** A hazard met while rendering (turned into diagnostics by the section renderer). */
export type TemplateHazard =
  | {
      readonly kind: 'each-value-reparsed';
      readonly each: string;
      readonly element: number;
      readonly var: string;
      readonly value: string;
      readonly line: number;
    }
  | { readonly kind: 'each-joined'; readonly each: string; readonly line: number; readonly elements: number }
  | { readonly kind: 'object-rendered'; readonly var: string; readonly text: string; readonly line: number }
  | { readonly kind: 'unclosed-block'; readonly raw: string; readonly line: number; readonly column: number };

/** What one render of a template records besides its text. */
export interface TemplateRecorder {
  readonly file: string;
  readonly trace: ConditionalTrace[];
  readonly reads: Set<string>;
  readonly hazards: TemplateHazard[];
}

/** Creates an empty recorder for one source file. */
export function createRecorder(file: string): TemplateRecorder {
  return { file, trace: [], reads: new Set(), hazards: [] };
}

/** Where the text being rendered sits in its source file (for line numbers). */
interface Place {
  /** 1-based line of the text's first character. */
  readonly line: number;
  /** 1-based `{{#each}}` element index the text renders for, if any (outermost first). */
  readonly element?: number;
  /** Nesting depth of `#each` (0 at the top): values substituted below 0 are parsed again. */
  readonly depth: number;
  /** The each block being rendered, for the reparse hazard. */
  readonly each?: string;
}

const EACH_OPEN = /\{\{#each\s+([A-Za-z_]\w*)\}\}/g;
const EACH_TOKEN = /\{\{#each\s+[A-Za-z_]\w*\}\}|\{\{\/each\}\}/g;
const INNER_CONDITIONAL = /\{\{\?(\w+)(?:(!=|=)([^}]*))?\}\}((?:(?!\{\{\?)[^])*?)\{\{\/\}\}/;
const SUBSTITUTION = /\{\{(\.|@index|\w+)\}\}/g;
const LEFT_OPEN = /\{\{\?\w+(?:(?:!=|=)[^}]*)?\}\}|\{\{#each\s+[A-Za-z_]\w*\}\}/g;

/** Number of `\n` in `text` in `[from, end)`. */
function newlinesBetween(text: string, from: number, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

const newlinesBefore = (text: string, end: number): number => newlinesBetween(text, 0, end);

/** A lookup as the real engine does it: plain property access (prototype members included). */
function lookup(vars: Vars, key: string): unknown {
  return (vars as Record<string, unknown>)[key];
}

/**
 * The vars an element of a list renders with, in `#each` and in a loop section alike: an
 * object's keys on top of the vars, anything else as `{{.}}`; `@index` counts from 0.
 */
function elementScope(vars: Vars, el: unknown, i: number): Vars {
  return el && typeof el === 'object' && !Array.isArray(el)
    ? { ...vars, ...(el as Record<string, unknown>), '@index': i }
    : { ...vars, '.': el, '@index': i };
}

/** A piece of the each-expanded text: copied from the source at `line`, or produced by an element. */
interface Segment {
  readonly start: number;
  readonly line: number;
  readonly copied: boolean;
  /** For a copied piece: the source text it starts at, to count lines inside it. */
  readonly text: string;
  readonly textStart: number;
}

/** An unresolved `{{?` opening in the text being rendered, with its source line. */
interface Anchor {
  offset: number;
  readonly line: number;
  /** True when the opening came from a substituted value, not the source. */
  readonly injected: boolean;
}

function expandEach(
  template: string,
  vars: Vars,
  strip: boolean,
  place: Place,
  rec: TemplateRecorder | null,
  segments: Segment[],
): string {
  let result = '';
  let cursor = 0;
  const open = new RegExp(EACH_OPEN.source, 'g');
  const token = new RegExp(EACH_TOKEN.source, 'g');
  let m: RegExpExecArray | null;
  const copy = (from: number, to: number): void => {
    if (to <= from) return;
    segments.push({
      start: result.length,
      line: place.line + newlinesBefore(template, from),
      copied: true,
      text: template,
      textStart: from,
    });
    result += template.slice(from, to);
  };
  while ((m = open.exec(template)) !== null) {
    const blockStart = m.index;
    const key = m[1] as string;
    const bodyStart = open.lastIndex;
    token.lastIndex = bodyStart;
    let depth = 1;
    let bodyEnd = -1;
    let blockEnd = -1;
    let t: RegExpExecArray | null;
    while ((t = token.exec(template)) !== null) {
      if (t[0].startsWith('{{#each')) depth++;
      else if (--depth === 0) {
        bodyEnd = t.index;
        blockEnd = token.lastIndex;
        break;
      }
    }
    if (bodyEnd === -1) break; // no closing tag: the rest stays literal (the real `break`)
    copy(cursor, blockStart);
    const body = template.slice(bodyStart, bodyEnd);
    const eachLine = place.line + newlinesBefore(template, blockStart);
    const bodyLine = place.line + newlinesBefore(template, bodyStart);
    rec?.reads.add(key);
    const list = lookup(vars, key);
    if (Array.isArray(list)) {
      const produced = result.length;
      for (let i = 0; i < list.length; i++) {
        const scope = elementScope(vars, list[i], i);
        result += render(
          body,
          scope,
          strip,
          { line: bodyLine, element: i + 1, depth: place.depth + 1, each: key },
          rec,
        );
      }
      if (result.length > produced) {
        segments.push({ start: produced, line: eachLine, copied: false, text: '', textStart: 0 });
      }
      if (rec && strip && list.length > 1 && /\n[^\S\n]*$/.test(body)) {
        rec.hazards.push({ kind: 'each-joined', each: key, line: eachLine, elements: list.length });
      }
    }
    cursor = blockEnd;
    open.lastIndex = blockEnd;
  }
  copy(cursor, template.length);
  return result;
}

/** The `{{?` openings of the expanded text, each with its source line. */
function anchorsOf(text: string, segments: readonly Segment[]): Anchor[] {
  const anchors: Anchor[] = [];
  let s = 0;
  for (let i = text.indexOf('{{?'); i !== -1; i = text.indexOf('{{?', i + 1)) {
    while (s + 1 < segments.length && (segments[s + 1] as Segment).start <= i) s++;
    const seg = segments[s];
    if (!seg) {
      anchors.push({ offset: i, line: 1, injected: false });
      continue;
    }
    const line = seg.copied
      ? seg.line + newlinesBetween(seg.text, seg.textStart, seg.textStart + (i - seg.start))
      : seg.line;
    anchors.push({ offset: i, line, injected: !seg.copied });
  }
  return anchors;
}

function resolveConditionals(
  text: string,
  vars: Vars,
  place: Place,
  rec: TemplateRecorder | null,
  anchors: Anchor[],
): string {
  let result = text;
  for (;;) {
    const m = INNER_CONDITIONAL.exec(result);
    if (m === null) return result;
    const [whole, key, op, value, body] = m as unknown as [
      string,
      string,
      string | undefined,
      string | undefined,
      string,
    ];
    const actual = lookup(vars, key);
    const kept =
      op === '=' ? String(actual) === value : op === '!=' ? String(actual) !== value : isTruthy(actual);
    const replacement = kept ? body : '';
    const at = m.index;
    const end = at + whole.length;
    if (rec) {
      rec.reads.add(key);
      const anchor = anchors.find((a) => a.offset === at);
      rec.trace.push({
        file: rec.file,
        line: anchor?.line ?? place.line,
        expression: whole.slice(0, whole.length - body.length - 5),
        key,
        op: op === '=' ? 'eq' : op === '!=' ? 'neq' : 'truthy',
        ...(op !== undefined ? { expected: value ?? '' } : {}),
        actual,
        kept,
        ...(place.element !== undefined ? { element: place.element } : {}),
      });
      // Openings inside the match are gone (only its own, and one in a value such as
      // `{{?a={{?b}}`); the body holds none (innermost); those after it move.
      const delta = replacement.length - whole.length;
      for (let i = anchors.length - 1; i >= 0; i--) {
        const a = anchors[i] as Anchor;
        if (a.offset >= end) a.offset += delta;
        else if (a.offset >= at) anchors.splice(i, 1);
      }
    }
    result = result.slice(0, at) + replacement + result.slice(end);
  }
}

function substitute(
  text: string,
  vars: Vars,
  place: Place,
  rec: TemplateRecorder | null,
  source: string,
): string {
  // The line of a tag: where it first appears in the source (offsets into the expanded text
  // no longer point there).
  const lineOf = (tag: string): number => {
    const at = source.indexOf(tag);
    return at < 0 ? place.line : place.line + newlinesBefore(source, at);
  };
  return text.replace(SUBSTITUTION, (match: string, key: string) => {
    const val = lookup(vars, key);
    if (rec && key !== '.' && key !== '@index') rec.reads.add(key);
    if (!isTruthy(val) && val !== 0) return '';
    if (val === 0) return '0';
    const out = String(val);
    if (rec) {
      if (typeof val === 'object' && out.includes('[object Object]'))
        rec.hazards.push({ kind: 'object-rendered', var: key, text: out, line: lineOf(match) });
      if (place.depth > 0 && out.includes('{{') && place.each !== undefined)
        rec.hazards.push({
          kind: 'each-value-reparsed',
          each: place.each,
          element: (place.element ?? 1) - 1,
          var: key,
          value: out,
          line: lineOf(match),
        });
    }
    return out;
  });
}

function deleteBlank(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n');
}

function render(
  template: string,
  vars: Vars,
  strip: boolean,
  place: Place,
  rec: TemplateRecorder | null,
): string {
  const segments: Segment[] = [];
  // Fast path: without `{{` nothing is a tag (most rule files and docs).
  let result = template.includes('{{') ? expandEach(template, vars, strip, place, rec, segments) : template;
  if (result.includes('{{?')) {
    const anchors = rec ? anchorsOf(result, segments) : [];
    result = resolveConditionals(result, vars, place, rec, anchors);
  }
  if (result.includes('{{')) result = substitute(result, vars, place, rec, template);
  return strip ? deleteBlank(result) : result;
}

/** Text that `{{@loop}}` stands for while a loop wrapper renders (the real engine's sentinel). */
export const LOOP_SENTINEL = '\x00ECLOOP\x00';

/**
 * Renders a template. `strip` deletes blank lines (the system prompt; message bodies keep them).
 * With a recorder, conditionals, reads and hazards are recorded (lines from `firstLine`).
 */
export function renderTemplate(
  template: string,
  vars: Vars,
  strip = true,
  rec: TemplateRecorder | null = null,
  element?: number,
): string {
  const text = render(
    template,
    vars,
    strip,
    { line: 1, depth: 0, ...(element !== undefined ? { element } : {}) },
    rec,
  );
  if (rec) {
    // An opening still there at the end had no closing tag: it went out as text.
    for (const m of text.matchAll(LEFT_OPEN)) {
      const at = template.indexOf(m[0]);
      if (at === -1) continue;
      const line = 1 + newlinesBefore(template, at);
      const column = at - (template.lastIndexOf('\n', at - 1) + 1) + 1;
      if (!rec.hazards.some((h) => h.kind === 'unclosed-block' && h.line === line && h.column === column))
        rec.hazards.push({ kind: 'unclosed-block', raw: m[0], line, column });
    }
  }
  return text;
}

/**
 * A loop section's text (docs/engine.md §9, `renderLoopSection`): the child per element in the
 * element's scope, joined by `separator`; the wrapper rendered with `{{@loop}}` as a sentinel
 * (appended on a new line when absent), which then becomes the joined result, unparsed.
 */
export function renderLoop(
  wrapper: string,
  child: string,
  forEach: unknown,
  vars: Vars,
  separator: unknown,
  wrapperRec: TemplateRecorder | null,
  childRec: TemplateRecorder | null,
): string {
  const list = lookup(vars, String(forEach));
  const parts: string[] = [];
  if (Array.isArray(list)) {
    for (let i = 0; i < list.length; i++) {
      const scope = elementScope(vars, list[i], i);
      parts.push(renderTemplate(child, scope, true, childRec, i + 1));
    }
  }
  const joined = parts.join(String(separator));
  const withSentinel = wrapper.includes('{{@loop}}')
    ? wrapper.split('{{@loop}}').join(LOOP_SENTINEL)
    : `${wrapper}\n${LOOP_SENTINEL}`;
  return renderTemplate(withSentinel, vars, true, wrapperRec).split(LOOP_SENTINEL).join(joined);
}
