/**
 * A `when` with each var's actual value, and the smallest change of vars that makes a false
 * one true (issue 4: `chatType = null`, so `chatType ≠ null` is false → set chatType to
 * private or group). Semantics of the operators: clarifications §3.
 */
import type { Json, WhenNode, WhenReport } from '../engine/types';
import { isTruthy } from '../engine/truthy';
import { parseWhen, type WhenSpec } from '../engine/when';
import { getVarSpec } from '../vars/catalog';
import type { ConditionExplanation, ConditionFix, VarChange, VarReading } from './types';

function reading(reads: WhenNode['reads'], name: string): VarReading {
  const r = reads.find((x) => x.name === name);
  const value = r?.value;
  return { name, value, present: r?.present ?? false, truthy: isTruthy(value) };
}

function explainNode(spec: WhenSpec, node: WhenNode | null, result: boolean): ConditionExplanation | null {
  const reads = node?.reads ?? [];
  switch (spec.kind) {
    case 'always':
      return { op: 'always', result: true };
    case 'true':
      return { op: 'true', result: true };
    case 'crash':
      return null;
    case 'eq':
    case 'neq':
      return { op: spec.kind, var: reading(reads, spec.var), expected: spec.value, result };
    case 'in':
    case 'nin':
      return { op: spec.kind, var: reading(reads, spec.var), values: spec.values, result };
    case 'any':
    case 'all':
      return { op: spec.kind, vars: spec.names.map((n) => reading(reads, n)), result };
    case 'and':
    case 'or':
      return {
        op: spec.kind,
        clauses: spec.clauses.map((c, i) => {
          const child = node?.children[i] ?? null;
          return child && child.result !== null ? explainNode(c, child, child.result) : null;
        }),
        result,
      };
  }
}

/** The condition of a section as operator + operands + values; null when invalid or not evaluated. */
export function explainCondition(report: WhenReport): ConditionExplanation | null {
  if (report.result === null) return null;
  return explainNode(parseWhen(report.expression), report.tree, report.result);
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
  if (cond.op === 'and' || cond.op === 'or') return fixCompound(cond.op, cond.clauses);
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

/**
 * The smallest change through `and` / `or`: for `and` every false clause must become true
 * (clauses never evaluated count as false, since evolcore would then reach them); for `or` the
 * clause whose fix changes the fewest vars is enough.
 */
function fixCompound(op: 'and' | 'or', clauses: readonly (ConditionExplanation | null)[]): ConditionFix {
  const fixes = clauses.map((c) => (c === null ? null : fixCondition(c)));
  if (op === 'or') {
    const possible = fixes.filter((f): f is ConditionFix => f !== null && !f.impossible);
    if (possible.length === 0) return { mode: 'all', changes: [], impossible: true };
    const size = (f: ConditionFix): number => (f.mode === 'one-of' ? 1 : f.changes.length);
    return possible.reduce((best, f) => (size(f) < size(best) ? f : best));
  }
  const changes: VarChange[] = [];
  let impossible = false;
  clauses.forEach((c, i) => {
    const f = fixes[i];
    if (c === null || f === null || f === undefined) return;
    if (f.impossible) impossible = true;
    // A one-of fix inside an and: its first change is enough.
    changes.push(...(f.mode === 'one-of' ? f.changes.slice(0, 1) : f.changes));
  });
  return { mode: 'all', changes, impossible };
}
