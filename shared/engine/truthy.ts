/**
 * evolcore's notion of a "truthy" var (`isTruthy` in evolclaw's manifest-engine.ts): an array
 * is truthy when it has elements; anything else unless `undefined`, `null`, `false`, `""` or
 * `0`. (`NaN` counts as truthy there; JSON cannot hold it.)
 */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null && value !== false && value !== '' && value !== 0;
}

// Kept here for the engine's callers; the one implementation is in shared/base.
export { isPlainObject } from '../base/is-plain-object';

/**
 * `Number(value)` for what the inspector shows, never throwing: a value whose conversion throws
 * (`{"toString": "x"}`) is NaN here. The render itself compares raw values the way evolcore's
 * code does, so it throws exactly where that code throws, and only there.
 */
export function numberOrNaN(value: unknown): number {
  try {
    return Number(value);
  } catch {
    return NaN;
  }
}
