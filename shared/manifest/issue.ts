/**
 * A finding of the manifest validator: where (a JSON Pointer into the parsed file) and why.
 */
import { isPlainObject } from '../base/is-plain-object';

/**
 * `error`: the engine would mark the section `invalid`, drop the entry or ignore the file
 * (docs/engine.md §3, §4, §11). `warning`: the engine tolerates it but it is almost surely a
 * mistake (a typo'd field, a missing `needsInjection`, a string where a boolean belongs).
 */
export type IssueLevel = 'error' | 'warning';

/** One finding, e.g. `{ pointer: '/sections/3/when', message: '…', level: 'error' }`. */
export interface ManifestIssue {
  readonly pointer: string;
  readonly message: string;
  readonly level: IssueLevel;
}

/** A finding about one field of a section, before it is placed in the file. */
export interface FieldIssue {
  /** The field the finding is about (`when`, `loop/forEach`), or `null` for the section itself. */
  readonly field: string | null;
  readonly message: string;
  readonly level: IssueLevel;
}

/** Escapes one JSON Pointer segment (RFC 6901). */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A plain-object test that rejects arrays and null, as JSON objects go (the base's). */
export const isRecord = isPlainObject;

/** A short rendering of a value for messages. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (isRecord(value)) return 'an object';
  return JSON.stringify(value) ?? String(value);
}
