/**
 * The reference's notion of a "truthy" var: not `undefined`, `null`, `false`, `""` or `0`
 * (context-assembly.md, when 条件求值; clarifications §1). `NaN` is falsy too, as in JS.
 */
export function isTruthy(value: unknown): boolean {
  return Boolean(value);
}

/** True for a plain object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
