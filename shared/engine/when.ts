/**
 * `when` conditions as evolcore's engine reads them (docs/engine.md §3, `evaluateWhen` in
 * evolclaw's manifest-engine.ts): `"always"`; for an object the first present key wins —
 * `and`, `or`, then with `var`: `eq`, `neq`, `in`, `nin`, then `any`, `all`; an object with
 * none of these is true. Anything else that is not null or undefined is true as well (the
 * real code looks up those keys on it and finds none). What makes the real code throw —
 * no `when`, `null`, `and: "x"`, `in: 5`, … — is a `crash`: evolcore then fails the message.
 */
import type { Json, Vars, WhenNode, WhenReport } from './types';
import { isTruthy } from './truthy';

/** A condition, parsed the way the real code will walk it. */
export type WhenSpec =
  | { readonly kind: 'always' }
  | { readonly kind: 'and' | 'or'; readonly clauses: readonly WhenSpec[] }
  | { readonly kind: 'eq' | 'neq'; readonly var: string; readonly value: Json }
  | {
      readonly kind: 'in' | 'nin';
      readonly var: string;
      readonly values: readonly Json[];
      /** Set when the list is a string: the real `includes` is then a substring test. */
      readonly text?: string;
    }
  | { readonly kind: 'any' | 'all'; readonly names: readonly string[] }
  /** Read as true although it says nothing (an object with no operator, a string other than "always"). */
  | { readonly kind: 'true'; readonly why: string }
  /** Evaluating it throws in evolcore (the message fails; docs/engine.md §3). */
  | { readonly kind: 'crash'; readonly why: string; readonly missing: boolean };

const has = (o: Readonly<Record<string, unknown>>, k: string): boolean => o[k] !== undefined;
const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v);

/** Parses a raw `when` (never fails: what cannot be evaluated is a `crash` node). */
export function parseWhen(raw: Json | undefined): WhenSpec {
  if (raw === undefined) return { kind: 'crash', why: '`when` is missing', missing: true };
  if (raw === null) return { kind: 'crash', why: '`when` is null', missing: true };
  if (raw === 'always') return { kind: 'always' };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      kind: 'true',
      why: `\`when\` is ${JSON.stringify(raw)}, not a condition; evolcore reads it as true`,
    };
  }
  const o = raw as Readonly<Record<string, Json>>;
  for (const key of ['and', 'or'] as const) {
    const list = o[key];
    if (!isTruthy(list) && !Array.isArray(list)) continue;
    if (!Array.isArray(list))
      return {
        kind: 'crash',
        why: `\`when.${key}\` must be a list of conditions, got ${describe(list)}`,
        missing: false,
      };
    return { kind: key, clauses: list.map((c) => parseWhen(c)) };
  }
  if (has(o, 'var')) {
    const name = String(o.var);
    for (const key of ['eq', 'neq'] as const)
      if (has(o, key)) return { kind: key, var: name, value: o[key] as Json };
    for (const key of ['in', 'nin'] as const) {
      if (!has(o, key)) continue;
      const list = o[key] as Json;
      if (Array.isArray(list)) return { kind: key, var: name, values: list };
      if (typeof list === 'string') return { kind: key, var: name, values: [], text: list };
      return { kind: 'crash', why: `\`when.${key}\` must be a list, got ${describe(list)}`, missing: false };
    }
  }
  for (const key of ['any', 'all'] as const) {
    const list = o[key];
    if (!isTruthy(list) && !Array.isArray(list)) continue;
    if (!Array.isArray(list))
      return {
        kind: 'crash',
        why: `\`when.${key}\` must be a list of var names, got ${describe(list)}`,
        missing: false,
      };
    return { kind: key, names: list.map((n) => String(n)) };
  }
  return {
    kind: 'true',
    why: has(o, 'var')
      ? '`when` names a var but no operator (eq, neq, in, nin); evolcore reads it as true'
      : '`when` has no operator (and, or, eq, neq, in, nin, any, all); evolcore reads it as true',
  };
}

type Read = WhenReport['reads'][number];

function read(vars: Vars, name: string): Read {
  // A plain lookup, as the real code does (a var named `constructor` finds Object's).
  const value: unknown = (vars as Record<string, unknown>)[name];
  return { name, value, present: value !== undefined };
}

/** The outcome of evaluating a condition: a tree of clauses, or the crash evolcore would hit. */
export interface WhenEvaluation {
  readonly result: boolean;
  readonly reads: readonly Read[];
  readonly tree: WhenNode;
  /** Set when the real engine throws here: the render fails (docs/engine.md §3). */
  readonly crash: { readonly why: string; readonly missing: boolean } | null;
}

function evalNode(
  spec: WhenSpec,
  vars: Vars,
  reads: Read[],
): { node: WhenNode; crash: WhenEvaluation['crash'] } {
  const leaf = (result: boolean, own: readonly Read[]): { node: WhenNode; crash: null } => {
    reads.push(...own);
    return { node: { kind: spec.kind, result, reads: own, children: [] }, crash: null };
  };
  switch (spec.kind) {
    case 'always':
    case 'true':
      return leaf(true, []);
    case 'crash':
      return {
        node: { kind: 'crash', result: null, reads: [], children: [] },
        crash: { why: spec.why, missing: spec.missing },
      };
    case 'and':
    case 'or': {
      const children: WhenNode[] = [];
      let result = spec.kind === 'and';
      let stopped = false;
      for (const clause of spec.clauses) {
        if (stopped) {
          children.push(skipped(clause));
          continue;
        }
        const r = evalNode(clause, vars, reads);
        children.push(r.node);
        if (r.crash) return { node: { kind: spec.kind, result: null, reads: [], children }, crash: r.crash };
        // every / some stop at the first clause that decides.
        if ((spec.kind === 'and' && !r.node.result) || (spec.kind === 'or' && r.node.result)) {
          result = spec.kind === 'or';
          stopped = true;
        }
      }
      return { node: { kind: spec.kind, result, reads: [], children }, crash: null };
    }
    case 'eq':
    case 'neq': {
      const r = read(vars, spec.var);
      const equal = spec.value === null ? r.value === null || r.value === undefined : r.value === spec.value;
      return leaf(spec.kind === 'eq' ? equal : !equal, [r]);
    }
    case 'in':
    case 'nin': {
      const r = read(vars, spec.var);
      const found =
        spec.text !== undefined ? spec.text.includes(String(r.value)) : spec.values.includes(r.value as Json);
      return leaf(spec.kind === 'in' ? found : !found, [r]);
    }
    case 'any':
    case 'all': {
      // Array.some / every: they stop at the first var that decides, and read no further.
      const own: Read[] = [];
      let result = spec.kind === 'all';
      for (const n of spec.names) {
        const r = read(vars, n);
        own.push(r);
        if (spec.kind === 'any' && isTruthy(r.value)) {
          result = true;
          break;
        }
        if (spec.kind === 'all' && !isTruthy(r.value)) {
          result = false;
          break;
        }
      }
      return leaf(result, own);
    }
  }
}

function skipped(spec: WhenSpec): WhenNode {
  const children = spec.kind === 'and' || spec.kind === 'or' ? spec.clauses.map(skipped) : [];
  return { kind: spec.kind, result: null, reads: [], children };
}

/** Evaluates a parsed condition against the vars, recording every var it reads. */
export function evaluateWhen(spec: WhenSpec, vars: Vars): WhenEvaluation {
  const reads: Read[] = [];
  const { node, crash } = evalNode(spec, vars, reads);
  return { result: crash ? false : node.result === true, reads, tree: node, crash };
}

/** Names of the vars a condition can read (every clause, in order, without repeats). */
export function whenVarNames(spec: WhenSpec): readonly string[] {
  const out = new Set<string>();
  const walk = (s: WhenSpec): void => {
    switch (s.kind) {
      case 'and':
      case 'or':
        s.clauses.forEach(walk);
        break;
      case 'eq':
      case 'neq':
      case 'in':
      case 'nin':
        out.add(s.var);
        break;
      case 'any':
      case 'all':
        s.names.forEach((n) => out.add(n));
        break;
      default:
        break;
    }
  };
  walk(spec);
  return [...out];
}
