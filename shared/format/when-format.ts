/**
 * The vocabulary of a section's `when`: the one string it may be, the operators of a condition
 * object and their descriptions (docs/engine.md §3).
 */
import type { Bilingual } from './bilingual';

/** The one string `when` may be. */
export const WHEN_ALWAYS = 'always';

/** Operators of a `{var, <op>}` condition. */
export const VAR_OPERATORS = ['eq', 'neq', 'in', 'nin'] as const;

/** Operators that take a list of var names. */
export const LIST_OPERATORS = ['any', 'all'] as const;

/** Every condition operator: a condition object carries exactly one (docs/engine.md §3). */
export const WHEN_OPERATORS = [...VAR_OPERATORS, ...LIST_OPERATORS] as const;

/** A condition operator. */
export type WhenOperator = (typeof WHEN_OPERATORS)[number];

/** The operators that combine conditions (evaluated first, `and` before `or`, as evolcore does). */
export const COMPOUND_OPERATORS = ['and', 'or'] as const;

/** Descriptions of the condition operators. */
export const WHEN_OPERATOR_DOCS: { readonly [K in WhenOperator | 'var']: Bilingual } = {
  var: { en: 'Name of the var the condition tests.', zh: '条件判断的变量名' },
  eq: {
    en: 'vars.X === V; eq: null matches "not injected" (null/undefined).',
    zh: '`vars.X === V`；`eq:null` 匹配"未注入"（null/undefined）',
  },
  neq: { en: 'vars.X !== V; neq: null matches "injected".', zh: '`vars.X !== V`；`neq:null` 匹配"已注入"' },
  in: { en: 'vars.X is in the list.', zh: '`vars.X` 在数组内' },
  nin: { en: 'vars.X is not in the list.', zh: '`vars.X` 不在数组内' },
  any: {
    en: 'Any of the named vars is truthy (an empty list is false).',
    zh: '任一为真值（真值：非 undefined/null/false/""/0）',
  },
  all: {
    en: 'All the named vars are truthy (an empty list is true).',
    zh: '全为真值（真值：非 undefined/null/false/""/0）',
  },
};
