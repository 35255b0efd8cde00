/**
 * The vars form's model: which control each catalog var gets, and how a field reads and writes
 * the vars object. "Unset" (the key is absent: evolcore did not inject the var) is kept apart
 * from `null` (injected as null, e.g. chatType in coding) and from the empty string.
 */
import type { VarSpec } from '../../../../shared/vars/catalog';

/** The control a var is edited with. */
export type ControlKind = 'select' | 'combo' | 'toggle' | 'text' | 'number' | 'json';

/** The control of a var: closed sets pick, open sets combine, objects and arrays are JSON. */
export function controlOf(spec: VarSpec): ControlKind {
  switch (spec.type) {
    case 'boolean':
      return 'toggle';
    case 'number':
      return 'number';
    case 'object':
    case 'array':
      return 'json';
    case 'string':
    case 'path':
      if (spec.allowed === null) return 'text';
      return spec.allowed.open ? 'combo' : 'select';
  }
}

/** A field's state in the vars object. */
export type FieldState =
  | { readonly kind: 'unset' }
  | { readonly kind: 'null' }
  | { readonly kind: 'value'; readonly value: unknown };

/** What the vars hold for `name`. */
export function fieldState(vars: Readonly<Record<string, unknown>>, name: string): FieldState {
  if (!Object.prototype.hasOwnProperty.call(vars, name) || vars[name] === undefined) return { kind: 'unset' };
  if (vars[name] === null) return { kind: 'null' };
  return { kind: 'value', value: vars[name] };
}

/**
 * The vars with `name` set to a state. A key already present keeps its place (so the JSON view
 * does not jump); a new key goes last; `unset` removes the key.
 */
export function withField(
  vars: Readonly<Record<string, unknown>>,
  name: string,
  next: FieldState,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const value = next.kind === 'null' ? null : next.kind === 'value' ? next.value : undefined;
  let placed = false;
  for (const [key, v] of Object.entries(vars)) {
    if (key !== name) out[key] = v;
    else if (next.kind !== 'unset') {
      out[key] = value;
      placed = true;
    } else placed = true;
  }
  if (!placed && next.kind !== 'unset') out[name] = value;
  return out;
}

/** The outcome of reading what a user typed into a control. */
export type ParsedInput =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

/** Reads a number field: any finite JSON number (`0` is legal: it renders empty, the lint warns). */
export function parseNumberInput(text: string): ParsedInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'a number' };
  const n = Number(trimmed);
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: 'a number' };
}

/** Reads a JSON field (objects such as capabilities, arrays such as items). */
export function parseJsonInput(text: string, type: 'object' | 'array'): ParsedInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const isArray = Array.isArray(value);
  if (type === 'array' && !isArray) return { ok: false, error: 'an array' };
  if (type === 'object' && (isArray || typeof value !== 'object' || value === null)) {
    return { ok: false, error: 'an object' };
  }
  return { ok: true, value };
}

/** The text a JSON field shows for a value. */
export function jsonInputText(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}

/** How a value of the wrong type for its control is shown (a hand-edited JSON may hold anything). */
export function mismatch(spec: VarSpec, value: unknown): boolean {
  switch (controlOf(spec)) {
    case 'toggle':
      return typeof value !== 'boolean';
    case 'number':
      return typeof value !== 'number';
    case 'json':
      return spec.type === 'array'
        ? !Array.isArray(value)
        : typeof value !== 'object' || Array.isArray(value);
    case 'select':
      return typeof value !== 'string' || !(spec.allowed?.values ?? []).includes(value);
    case 'combo':
    case 'text':
      return typeof value !== 'string';
  }
}
