/**
 * The `when` editor's model: a condition as the dropdowns see it, and back to JSON
 * (reference "when 条件求值"; docs/engine.md §3).
 */
import type { Json } from '../engine';
import type { VarType } from '../vars/catalog';

/** A value a `when` compares with. */
export type WhenScalar = string | number | boolean | null;

/**
 * A condition in the form's terms. `custom` holds anything the dropdowns cannot show;
 * `and` / `or` hold a list of clauses, each a form again (evolcore evaluates them with
 * every / some, first key wins: docs/engine.md §3).
 */
export type WhenForm =
  | { readonly kind: 'always' }
  | { readonly kind: 'and' | 'or'; readonly clauses: readonly WhenForm[] }
  | { readonly kind: 'eq' | 'neq'; readonly var: string; readonly value: WhenScalar }
  | { readonly kind: 'in' | 'nin'; readonly var: string; readonly values: readonly WhenScalar[] }
  | { readonly kind: 'any' | 'all'; readonly vars: readonly string[] }
  | { readonly kind: 'custom'; readonly raw: Json | undefined };

/** The kinds the dropdown offers, in its order. */
export const WHEN_FORM_KINDS = ['always', 'eq', 'neq', 'in', 'nin', 'any', 'all', 'and', 'or'] as const;

/** One of the dropdown's kinds. */
export type WhenFormKind = (typeof WHEN_FORM_KINDS)[number];

const isScalar = (v: Json | undefined): v is WhenScalar =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The form state of a condition as written. */
export function whenToForm(when: Json | undefined): WhenForm {
  if (when === 'always') return { kind: 'always' };
  if (when === null || typeof when !== 'object' || Array.isArray(when)) return { kind: 'custom', raw: when };
  const keys = Object.keys(when);
  const o = when as { readonly [key: string]: Json };
  if (keys.length === 1 && (keys[0] === 'and' || keys[0] === 'or')) {
    const list = o[keys[0]];
    if (Array.isArray(list)) return { kind: keys[0], clauses: list.map((c) => whenToForm(c)) };
    return { kind: 'custom', raw: when };
  }
  if (keys.length === 1 && (keys[0] === 'any' || keys[0] === 'all')) {
    const list = o[keys[0]];
    if (Array.isArray(list) && list.every((v) => typeof v === 'string')) {
      return { kind: keys[0], vars: list as readonly string[] };
    }
    return { kind: 'custom', raw: when };
  }
  if (keys.length !== 2 || typeof o.var !== 'string') return { kind: 'custom', raw: when };
  const op = keys.find((k) => k !== 'var');
  if ((op === 'eq' || op === 'neq') && isScalar(o[op])) return { kind: op, var: o.var, value: o[op] };
  if (op === 'in' || op === 'nin') {
    const list = o[op];
    if (Array.isArray(list) && list.every(isScalar)) return { kind: op, var: o.var, values: list };
  }
  return { kind: 'custom', raw: when };
}

/** The JSON a form state writes (`var` first, as the reference writes it). */
export function formToWhen(form: WhenForm): Json | undefined {
  switch (form.kind) {
    case 'always':
      return 'always';
    case 'eq':
    case 'neq':
      return { var: form.var, [form.kind]: form.value };
    case 'in':
    case 'nin':
      return { var: form.var, [form.kind]: [...form.values] };
    case 'any':
    case 'all':
      return { [form.kind]: [...form.vars] };
    case 'and':
    case 'or':
      // A clause with nothing written (custom undefined) has no JSON: it is left out.
      return {
        [form.kind]: form.clauses.map(formToWhen).filter((c): c is Json => c !== undefined),
      };
    case 'custom':
      return form.raw;
  }
}

/**
 * Switches the kind of a condition, keeping what carries over (the var, the values) so
 * changing `eq` to `in` keeps the value as a one-element list.
 */
export function changeWhenKind(form: WhenForm, kind: WhenFormKind, fallbackVar: string): WhenForm {
  if (kind === 'and' || kind === 'or') {
    if (form.kind === 'and' || form.kind === 'or') return { kind, clauses: form.clauses };
    // The condition so far becomes the first clause (a blank one when it said nothing).
    const first: WhenForm =
      form.kind === 'always' || form.kind === 'custom'
        ? { kind: 'neq', var: fallbackVar, value: null }
        : form;
    return { kind, clauses: [first] };
  }
  // Leaving and / or: the first clause carries over.
  if (form.kind === 'and' || form.kind === 'or')
    return changeWhenKind(form.clauses[0] ?? { kind: 'always' }, kind, fallbackVar);
  const varName = 'var' in form ? form.var : 'vars' in form ? (form.vars[0] ?? fallbackVar) : fallbackVar;
  const values: readonly WhenScalar[] =
    'values' in form ? form.values : 'value' in form && form.value !== null ? [form.value] : [];
  switch (kind) {
    case 'always':
      return { kind };
    case 'eq':
    case 'neq':
      return { kind, var: varName, value: 'value' in form ? form.value : (values[0] ?? null) };
    case 'in':
    case 'nin':
      return { kind, var: varName, values };
    case 'any':
    case 'all':
      return { kind, vars: 'vars' in form ? form.vars : [varName] };
  }
}

/**
 * A value typed in the form, read as the var's type: `true`/`false` for a boolean var, a
 * number for a number var, otherwise the text itself. The word `null` stands for "not
 * injected" (`eq: null`).
 */
export function parseScalarInput(text: string, type: VarType | undefined): WhenScalar {
  const t = text.trim();
  if (t === 'null') return null;
  if (type === 'boolean' && (t === 'true' || t === 'false')) return t === 'true';
  if (type === 'number' && t !== '' && Number.isFinite(Number(t))) return Number(t);
  return text;
}

/** A value as the form shows it in a text field (the inverse of `parseScalarInput`). */
export function showScalar(value: WhenScalar): string {
  return value === null ? 'null' : String(value);
}

/** A comma-separated list typed in the form (`owner, admin`), each read as the var's type. */
export function parseListInput(text: string, type: VarType | undefined): WhenScalar[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => parseScalarInput(s, type));
}
