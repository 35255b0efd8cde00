/**
 * A `when` with each var's actual value, and the smallest change of vars that makes a false
 * one true (`chatType = null`, so `chatType ≠ null` is false → set chatType to
 * private or group). Semantics of the operators: docs/engine.md §3.
 */
import type { Json, Vars, WhenNode, WhenReport } from '../engine';
import { isTruthy, evaluateWhen, parseWhen, type WhenSpec } from '../engine';
import { getVarSpec } from '../vars/catalog';
import type { ConditionExplanation, ConditionFix, VarChange, VarReading } from './types';

type Reads = WhenNode['reads'];

function reading(reads: Reads, fallback: Reads, name: string): VarReading {
  // A leaf's own reads first; a report without a clause tree only has the whole condition's.
  const r = reads.find((x) => x.name === name) ?? fallback.find((x) => x.name === name);
  const value = r?.value;
  return { name, value, present: r?.present ?? false, truthy: isTruthy(value) };
}

/** What explaining a clause can draw on besides its own node. */
interface ExplainScope {
  /** Every read of the whole condition (reports written before clause trees carry only these). */
  readonly fallback: Reads;
  /** The render's vars, to explain clauses evolcore never reached; undefined when unknown. */
  readonly vars: Vars | undefined;
}

function explainNode(
  spec: WhenSpec,
  node: WhenNode | null,
  result: boolean,
  scope: ExplainScope,
): ConditionExplanation | null {
  const reads = node?.reads ?? [];
  const get = (name: string): VarReading => reading(reads, scope.fallback, name);
  switch (spec.kind) {
    case 'always':
      return { op: 'always', result: true };
    case 'true':
      return { op: 'true', result: true };
    case 'crash':
      return null;
    case 'eq':
    case 'neq':
      return { op: spec.kind, var: get(spec.var), expected: spec.value, result };
    case 'in':
    case 'nin':
      return { op: spec.kind, var: get(spec.var), values: spec.values, result };
    case 'any':
    case 'all':
      return { op: spec.kind, vars: spec.names.map(get), result };
    case 'and':
    case 'or': {
      const reached: boolean[] = [];
      const clauses = spec.clauses.map((c, i) => {
        const child = node?.children[i] ?? null;
        if (child !== null && child.result !== null) {
          reached.push(true);
          return explainNode(c, child, child.result, scope);
        }
        reached.push(false);
        return unreached(c, scope);
      });
      return { op: spec.kind, clauses, reached, result };
    }
  }
}

/**
 * A clause evolcore did not evaluate, explained as it would be with the same vars: the smallest
 * change of an `and` must fix it too, since fixing an earlier clause makes evolcore reach it.
 */
function unreached(spec: WhenSpec, scope: ExplainScope): ConditionExplanation | null {
  if (scope.vars === undefined) return null;
  const ev = evaluateWhen(spec, scope.vars);
  if (ev.crash) return null;
  return explainNode(spec, ev.tree, ev.result, { fallback: ev.reads, vars: scope.vars });
}

/**
 * The condition of a section as operator + operands + values; null when invalid or not
 * evaluated. With the render's vars, clauses evolcore never reached are explained too.
 */
export function explainCondition(report: WhenReport, vars?: Vars): ConditionExplanation | null {
  if (report.result === null) return null;
  const spec = parseWhen(report.expression);
  const tree = report.tree ?? (vars !== undefined ? evaluateWhen(spec, vars).tree : null);
  return explainNode(spec, tree, report.result, { fallback: report.reads, vars });
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
    for (const change of f.mode === 'one-of' ? f.changes.slice(0, 1) : f.changes) {
      const same = changes.find((x) => x.var === change.var);
      if (same === undefined) changes.push(change);
      // Two clauses asking one var for different things: no single value may satisfy both.
      else if (JSON.stringify(same) !== JSON.stringify(change))
        impossible = impossible || conflicts(same, change);
    }
  });
  return { mode: 'all', changes, impossible };
}

/** Whether two changes of one var cannot both hold (two different exact values, or unset vs set). */
function conflicts(a: VarChange, b: VarChange): boolean {
  const exact = (c: VarChange): { value: unknown } | null =>
    c.kind === 'set' ? { value: c.value } : c.kind === 'unset' ? { value: null } : null;
  const x = exact(a);
  const y = exact(b);
  if (x !== null && y !== null) return x.value !== y.value;
  const pinned = x ?? y;
  const other = x !== null ? b : a;
  if (pinned === null) return false;
  if (other.kind === 'set-other') return other.not.includes(pinned.value as Json);
  if (other.kind === 'set-one-of') return !other.values.includes(pinned.value as Json);
  if (other.kind === 'set-any') return pinned.value === null;
  if (other.kind === 'make-truthy') return !isTruthy(pinned.value);
  return false;
}
