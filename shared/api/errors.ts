/**
 * Errors that cross the API as values, never as thrown exceptions.
 *
 * Why values: a thrown error reaches the renderer through `ipcMain.handle` with its message
 * only (docs/design.md §Style, GitHub Desktop and VS Code's ipcMain.ts), and a WebSocket carries no
 * exceptions at all. A `{ code, message, path? }` survives both transports intact.
 */
import type { WriteRefusal } from './refusal';

/** Stable codes the UI can switch on. */
export type ApiErrorCode =
  | 'unknown-method'
  | 'invalid-input'
  | 'invalid-message'
  | 'not-found'
  | 'outside-workspace'
  | 'read-error'
  | 'write-error'
  | 'render-failed'
  | 'workspace-invalid'
  | 'unauthorized'
  | 'conflict'
  /** The user stopped the work before it finished (e.g. a bundle export); nothing was written. */
  | 'cancelled'
  | 'internal';

/** An error as a value: what failed, in words, and the file it is about when there is one. */
export interface ApiError {
  readonly code: ApiErrorCode;
  readonly message: string;
  readonly path?: string;
  /** A refused write or delete: the facts, so the UI can say them in its language. */
  readonly refusal?: WriteRefusal;
}

/** The outcome of every API call: a value or an error, never an exception. */
export type ApiResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

/** Wraps a value as a successful result. */
export function ok<T>(value: T): ApiResult<T> {
  return { ok: true, value };
}

/** Wraps an error as a failed result. */
export function fail<T = never>(code: ApiErrorCode, message: string, path?: string): ApiResult<T> {
  return { ok: false, error: path === undefined ? { code, message } : { code, message, path } };
}

/**
 * Thrown by a handler on the main side to fail with a specific code; the dispatcher turns it
 * into an `ApiError` value. Handlers throw it instead of returning results so their bodies stay
 * plain functions of input → output.
 */
export class ApiFailure extends Error {
  readonly code: ApiErrorCode;
  readonly path: string | undefined;
  readonly refusal: WriteRefusal | undefined;

  constructor(code: ApiErrorCode, message: string, path?: string, refusal?: WriteRefusal) {
    super(message);
    this.name = 'ApiFailure';
    this.code = code;
    this.path = path;
    this.refusal = refusal;
  }

  /** The error as it travels. */
  toApiError(): ApiError {
    return {
      code: this.code,
      message: this.message,
      ...(this.path === undefined ? {} : { path: this.path }),
      ...(this.refusal === undefined ? {} : { refusal: this.refusal }),
    };
  }
}
