/**
 * Shape rules of a section's `when` (docs/engine.md §3): `"always"`, an object with exactly
 * one operator, or `and` / `or` over a list of such conditions (evolclaw's kits gate most
 * sections so), checked clause by clause.
 */

import { suggestVarName } from '../vars/suggest';
import { getVarSpec } from '../vars/catalog';
import { COMPOUND_OPERATORS as COMPOUND, VAR_OPERATORS, WHEN_ALWAYS, WHEN_OPERATORS } from '../format';
import { isRecord, show } from './issue';
import type { FieldIssue } from './issue';

/** A warning for a var name the catalog does not know, naming the closest known one. */
export function unknownVarWarning(field: string, name: string): FieldIssue | null {
  if (getVarSpec(name) !== undefined) return null;
  const suggestion = suggestVarName(name);
  const hint = suggestion === null ? 'not a known var' : `not a known var; did you mean "${suggestion}"?`;
  return { field, message: `"${name}" is ${hint}`, level: 'warning' };
}

/** Findings about a `when` that is present; `field` is the pointer of `when` in its section. */
export function checkWhen(when: unknown, field = 'when'): FieldIssue[] {
  const error = (message: string): FieldIssue[] => [{ field, message, level: 'error' }];
  if (typeof when === 'string') {
    return when === WHEN_ALWAYS
      ? []
      : error(`when must be "always" or a condition object, not ${show(when)}`);
  }
  if (!isRecord(when)) return error(`when must be "always" or a condition object, not ${show(when)}`);
  const compound = COMPOUND.filter((op) => Object.hasOwn(when, op));
  const [join] = compound;
  if (join !== undefined) {
    const others = [...compound.slice(1), ...WHEN_OPERATORS.filter((op) => Object.hasOwn(when, op))];
    if (others.length > 0)
      return error(`when has several operators (${[join, ...others].join(', ')}); exactly one is allowed`);
    const clauses = when[join];
    if (!Array.isArray(clauses))
      return error(`when.${join} must be a list of conditions, not ${show(clauses)}`);
    return clauses.flatMap((c: unknown, i) => checkWhen(c, `${field}/${join}/${i}`));
  }
  const ops = WHEN_OPERATORS.filter((op) => Object.hasOwn(when, op));
  const [op] = ops;
  if (op === undefined)
    return error(`when has no operator; use one of ${[...WHEN_OPERATORS, ...COMPOUND].join(', ')}`);
  if (ops.length > 1) return error(`when has several operators (${ops.join(', ')}); exactly one is allowed`);

  if ((VAR_OPERATORS as readonly string[]).includes(op)) {
    const name = when.var;
    if (typeof name !== 'string' || name === '') return error(`when.${op} needs "var": the name of a var`);
    if ((op === 'in' || op === 'nin') && !Array.isArray(when[op])) {
      return error(`when.${op} must be a list of values, not ${show(when[op])}`);
    }
    const warning = unknownVarWarning(`${field}/var`, name);
    return warning === null ? [] : [warning];
  }

  // any / all: a list of var names, each tested for truthiness.
  const names = when[op];
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) {
    return error(`when.${op} must be a list of var names, not ${show(names)}`);
  }
  const issues: FieldIssue[] = [];
  names.forEach((name: string, i) => {
    const warning = unknownVarWarning(`${field}/${op}/${i}`, name);
    if (warning !== null) issues.push(warning);
  });
  return issues;
}
