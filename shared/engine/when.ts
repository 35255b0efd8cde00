/**
 * `when` conditions: parsing (what makes one invalid) and evaluation (clarifications §3,
 * reference "when 条件求值").
 */
import type { Json, Vars, WhenReport } from './types';
import { isPlainObject, isTruthy } from './truthy';

/** A parsed, valid condition. */
export type WhenSpec =
  | { readonly kind: 'always' }
  | { readonly kind: 'eq' | 'neq'; readonly var: string; readonly value: Json }
  | { readonly kind: 'in' | 'nin'; readonly var: string; readonly values: readonly Json[] }
  | { readonly kind: 'any' | 'all'; readonly names: readonly string[] };

const OPERATORS = ['eq', 'neq', 'in', 'nin', 'any', 'all'] as const;

/** Parses a raw `when`; returns the reason when it is invalid. */
export function parseWhen(raw: Json | undefined): WhenSpec | { readonly error: string } {
  if (raw === undefined) return { error: '`when` is missing' };
  if (typeof raw === 'string') {
    return raw === 'always'
      ? { kind: 'always' }
      : { error: `\`when\` string must be "always", got ${JSON.stringify(raw)}` };
  }
  if (!isPlainObject(raw)) return { error: '`when` must be "always" or a condition object' };
  const present = OPERATORS.filter((op) => Object.hasOwn(raw, op));
  if (present.length !== 1) {
    return {
      error:
        present.length === 0
          ? '`when` object has no operator (eq, neq, in, nin, any, all)'
          : `\`when\` object has several operators (${present.join(', ')})`,
    };
  }
  const op = present[0] as (typeof OPERATORS)[number];
  const obj = raw as Record<string, Json>;
  if (op === 'any' || op === 'all') {
    const names = obj[op];
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
      return { error: `\`when.${op}\` must be a list of var names` };
    }
    return { kind: op, names: names as string[] };
  }
  const name = obj.var;
  if (typeof name !== 'string' || name === '') return { error: `\`when.${op}\` needs a \`var\` name` };
  const value = obj[op] as Json;
  if (op === 'in' || op === 'nin') {
    if (!Array.isArray(value)) return { error: `\`when.${op}\` must be a list` };
    return { kind: op, var: name, values: value };
  }
  return { kind: op, var: name, value };
}

function read(vars: Vars, name: string): { name: string; value: unknown; present: boolean } {
  // Own properties only: `toString` is not a var just because objects have one.
  const value = Object.hasOwn(vars, name) ? vars[name] : undefined;
  return { name, value, present: value !== undefined };
}

/** Evaluates a valid condition against the vars, recording every var it reads. */
export function evaluateWhen(spec: WhenSpec, vars: Vars): { result: boolean; reads: WhenReport['reads'] } {
  switch (spec.kind) {
    case 'always':
      return { result: true, reads: [] };
    case 'eq':
    case 'neq': {
      const r = read(vars, spec.var);
      // eq:null matches "not injected": null or undefined (reference).
      const equal = spec.value === null ? r.value === null || r.value === undefined : r.value === spec.value;
      return { result: spec.kind === 'eq' ? equal : !equal, reads: [r] };
    }
    case 'in':
    case 'nin': {
      const r = read(vars, spec.var);
      const found = spec.values.includes(r.value as Json);
      return { result: spec.kind === 'in' ? found : !found, reads: [r] };
    }
    case 'any':
    case 'all': {
      const reads = spec.names.map((n) => read(vars, n));
      // any:[] is false, all:[] is true (decision §3): Array.some / Array.every.
      const result =
        spec.kind === 'any' ? reads.some((r) => isTruthy(r.value)) : reads.every((r) => isTruthy(r.value));
      return { result, reads };
    }
  }
}

/** Names of the vars a condition reads. */
export function whenVarNames(spec: WhenSpec): readonly string[] {
  switch (spec.kind) {
    case 'always':
      return [];
    case 'any':
    case 'all':
      return spec.names;
    default:
      return [spec.var];
  }
}
