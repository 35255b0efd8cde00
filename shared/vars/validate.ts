/**
 * Type check of a vars object against the catalog, for inline errors in the vars editor.
 * Unknown vars are not errors here (evolcore passes vars the catalog may not know); the
 * editor flags them with `findUnknownVars`.
 */

import { getVarSpec } from './catalog';
import type { VarSpec } from './catalog';

/** One problem with a vars object; `path` is a JSON Pointer (`/chatType`, `/items/2`). */
export interface VarsError {
  readonly path: string;
  readonly message: string;
}

/** Escapes a key for a JSON Pointer (RFC 6901). */
function pointerKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

/** The expected type in words: `"private" | "group" | null`, `boolean`, `string | null`. */
function expectation(v: VarSpec): string {
  const closed = v.allowed !== null && !v.allowed.open;
  const parts = closed
    ? v.allowed.values.map((x) => JSON.stringify(x))
    : [v.type === 'path' ? 'a path string' : v.type];
  if (v.nullable) parts.push('null');
  return parts.join(' | ');
}

function matchesType(v: VarSpec, value: unknown): boolean {
  switch (v.type) {
    case 'string':
    case 'path':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
  }
}

/** The error for one known var's value, or `null`. `undefined` means "not injected": fine. */
function checkVar(v: VarSpec, value: unknown): string | null {
  if (value === undefined) return null;
  if (value === null) return v.nullable ? null : `${v.name} must be ${expectation(v)}, not null`;
  if (!matchesType(v, value)) {
    const base = `${v.name} must be ${expectation(v)}, got ${describeValue(value)}`;
    // evolclaw's builder writes strings here (capabilities joined with 、): an object or a list
    // is a shape it never produces, and a template would show it as [object Object] or a, b.
    if ((v.type === 'string' || v.type === 'path') && typeof value === 'object')
      return `${base}; evolcore's builder never writes that type here, so a template would not show what you expect`;
    return base;
  }
  if (v.allowed !== null && !v.allowed.open && !v.allowed.values.includes(value as string)) {
    return `${v.name} must be ${expectation(v)}, got ${describeValue(value)}`;
  }
  return null;
}

/**
 * Type errors of `vars` against the catalog: a non-object is one error at the root; each known
 * var with a value of the wrong type, or outside a closed set of values, is one error at its key.
 */
export function validateVars(vars: unknown): VarsError[] {
  if (typeof vars !== 'object' || vars === null || Array.isArray(vars)) {
    return [{ path: '', message: `vars must be an object, got ${describeValue(vars)}` }];
  }
  const errors: VarsError[] = [];
  for (const [name, value] of Object.entries(vars)) {
    const v = getVarSpec(name);
    if (v === undefined) continue;
    const message = checkVar(v, value);
    if (message !== null) errors.push({ path: `/${pointerKey(name)}`, message });
  }
  return errors;
}
