/**
 * The one dispatch table both transports call: `ipcMain.handle` in Electron and the
 * WebSocket / HTTP of `serve` (docs/design.md §Shape).
 *
 * Every input is checked against the shape limits (input-limits.ts) and parsed with its zod
 * schema before the handler runs; whatever goes wrong
 * (unknown method, bad input, a handler that throws) comes back as an `ApiError` value.
 */
import { z } from 'zod';
import type { ApiResult, MethodName, MethodOutput, ParsedInput } from '../../shared/api';
import { ApiFailure, fail, isMethodName, methodInputs, ok } from '../../shared/api';
import { inputLimitProblem } from './input-limits';

/** A handler: parsed input in, output (or a promise of it) out; throws ApiFailure to fail. */
export type Handler<M extends MethodName> = (
  input: ParsedInput<M>,
) => MethodOutput<M> | Promise<MethodOutput<M>>;

/** One handler per method: the compiler refuses a table with a method missing. */
export type HandlerTable = { readonly [M in MethodName]: Handler<M> };

/** Calls a method by name with untrusted input. Never rejects. */
export type Dispatch = (method: unknown, input: unknown) => Promise<ApiResult<unknown>>;

/** Options of the dispatcher. */
export interface DispatchOptions {
  /** Told about unexpected exceptions (not ApiFailure), e.g. to log them. */
  readonly onInternalError?: (method: string, error: unknown) => void;
}

/** Builds the dispatcher over a handler table. */
export function createDispatcher(table: HandlerTable, options: DispatchOptions = {}): Dispatch {
  return async (method, input) => {
    if (!isMethodName(method)) {
      return fail('unknown-method', `unknown method ${JSON.stringify(method)}`);
    }
    return run(method, table, input, options);
  };
}

async function run<M extends MethodName>(
  method: M,
  table: HandlerTable,
  input: unknown,
  options: DispatchOptions,
): Promise<ApiResult<unknown>> {
  // Shape limits first: a schema (and later every answer carrying the value) walks it recursively.
  const tooBig = inputLimitProblem(input);
  if (tooBig !== null) return fail('invalid-input', `${method}: the input holds ${tooBig}`);
  const schema = methodInputs[method];
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    return fail('invalid-input', `${method}: ${z.prettifyError(parsed.error)}`);
  }
  const handler = table[method] as Handler<M>;
  try {
    return ok(await handler(parsed.data as ParsedInput<M>));
  } catch (error) {
    if (error instanceof ApiFailure) return { ok: false, error: error.toApiError() };
    // Node refusing an argument (a NUL byte in a path a schema let through) is bad input, not a bug.
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === 'ERR_INVALID_ARG_VALUE' || code === 'ERR_INVALID_ARG_TYPE')
      return fail('invalid-input', `${method}: an argument was refused (${code})`);
    options.onInternalError?.(method, error);
    return fail('internal', `${method} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
