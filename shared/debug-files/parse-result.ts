/**
 * The outcome of a lenient parse, as a value: parsers of debug files never throw, because a
 * malformed file must mark its snapshot, not break the history list.
 */

/** Success, with notes on what was guessed or skipped; or a failure that says where. */
export type ParseResult<T> =
  | { readonly ok: true; readonly value: T; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly error: string; readonly line?: number; readonly column?: number };

/** A failure value. */
export function parseFailure(error: string, line?: number, column?: number): ParseResult<never> {
  return line === undefined
    ? { ok: false, error }
    : { ok: false, error, line, ...(column === undefined ? {} : { column }) };
}

/** One-line message of a failure, `line:column: error` when the position is known. */
export function describeFailure(result: {
  readonly error: string;
  readonly line?: number;
  readonly column?: number;
}): string {
  if (result.line === undefined) return result.error;
  return `${result.line}${result.column === undefined ? '' : `:${result.column}`}: ${result.error}`;
}
