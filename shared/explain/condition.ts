/**
 * A `when` with each var's actual value, and the smallest change of vars that makes a false
 * one true (issue 4: `chatType = null`, so `chatType ≠ null` is false → set chatType to
 * private or group). Semantics of the operators: clarifications §3.
 */
import type { Json, WhenReport } from '../engine/types';
import { isTruthy } from '../engine/truthy';
import { parseWhen } from '../engine/when';
import { getVarSpec } from '../vars/catalog';
import type { ConditionExplanation, ConditionFix, VarChange, VarReading } from './types';

function reading(report: WhenReport, name: string): VarReading {
  const r = report.reads.find((x) => x.name === name);
  const value = r?.value;
  return { name, value, present: r?.present ?? false, truthy: isTruthy(value) };
}

/** The condition of a section as operator + operands + values; null when invalid or not evaluated. */
export function explainCondition(report: WhenReport): ConditionExplanation | null {
  if (report.result === null) return null;
  const spec = parseWhen(report.expression);
  if ('error' in spec) return null;
  switch (spec.kind) {
    case 'always':
      return { op: 'always', result: true };
    case 'eq':
    case 'neq':
      return { op: spec.kind, var: reading(report, spec.var), expected: spec.value, result: report.result };
    case 'in':
    case 'nin':
      return { op: spec.kind, var: reading(report, spec.var), values: spec.values, result: report.result };
    case 'any':
    case 'all':
      return { op: spec.kind, vars: spec.names.map((n) => reading(report, n)), result: report.result };
  }
}

/** Known values of a var from the catalog (its allowed values, else its example). */
function knownValues(name: string): readonly unknown[] {
  const spec = getVarSpec(name);
  if (spec === undefined) return [];
  if (spec.allowed !== null) return spec.allowed.values;
  return spec.example !== undefined && spec.example !== null ? [spec.example] : [];
}

/** Truthy values to suggest for a var, from its type and known values. */
export function truthySuggestions(name: string): readonly unknown[] {
  const spec = getVarSpec(name);
  if (spec === undefined) return [];
  switch (spec.type) {
    case 'boolean':
      return [true];
    case 'number':
      return [1];
    default:
      return knownValues(name).filter(isTruthy);
  }
}

const notIn = (values: readonly unknown[], excluded: readonly unknown[]): readonly unknown[] =>
  values.filter((v) => !excluded.includes(v as Json));

/**
 * The smallest change that makes a condition true: only the vars that must change, each
 * with what to set. Null when the condition is already true (or unknown).
 */
export function fixCondition(cond: ConditionExplanation | null): ConditionFix | null {
  if (cond === null || cond.result) return null;
  const all = (changes: readonly VarChange[]): ConditionFix => ({ mode: 'all', changes, impossible: false });
  switch (cond.op) {
    case 'eq': {
      const name = cond.var.name;
      return all([
        cond.expected === null
          ? { kind: 'unset', var: name }
          : { kind: 'set', var: name, value: cond.expected },
      ]);
    }
    case 'neq': {
      const name = cond.var.name;
      if (cond.expected === null)
        return all([{ kind: 'set-any', var: name, suggestions: knownValues(name) }]);
      const not = [cond.expected];
      return all([{ kind: 'set-other', var: name, not, suggestions: notIn(knownValues(name), not) }]);
    }
    case 'in':
      if (cond.values.length === 0) return { mode: 'all', changes: [], impossible: true };
      return all([{ kind: 'set-one-of', var: cond.var.name, values: cond.values }]);
    case 'nin': {
      const name = cond.var.name;
      return all([
        {
          kind: 'set-other',
          var: name,
          not: cond.values,
          suggestions: notIn(knownValues(name), cond.values),
        },
      ]);
    }
    case 'any': {
      if (cond.vars.length === 0) return { mode: 'one-of', changes: [], impossible: true };
      const changes = cond.vars.map((v): VarChange => ({
        kind: 'make-truthy',
        var: v.name,
        suggestions: truthySuggestions(v.name),
      }));
      return { mode: cond.vars.length === 1 ? 'all' : 'one-of', changes, impossible: false };
    }
    case 'all':
      return all(
        cond.vars
          .filter((v) => !v.truthy)
          .map((v): VarChange => ({
            kind: 'make-truthy',
            var: v.name,
            suggestions: truthySuggestions(v.name),
          })),
      );
  }
}
