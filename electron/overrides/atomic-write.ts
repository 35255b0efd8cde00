/**
 * Saving an override so that it is either the old one or the new one, never half of each, and
 * the previous version kept as `<name>.bak` (docs/design.md §Promises). The steps are the
 * app's one pinned write (services/pinned-write.ts: temp file, re-check, rename; links at the
 * target or the backup replaced, never followed); this file turns a failed step into the
 * UI's words. Every step's failure leaves the old file intact and no temp behind.
 */
import path from 'node:path';
import type { WriteFailureReason } from '../../shared/override/override-file';
import type { WriteOps } from '../services/pinned-write';
import { NODE_WRITE_OPS, WriteStepError, backupPathFor, writePinned } from '../services/pinned-write';

export type { WriteOps };
export { NODE_WRITE_OPS, backupPathFor };

/** A write that did not happen, with the reason in the UI's words. */
export class WriteFailure extends Error {
  readonly reason: WriteFailureReason;
  readonly code: string;

  constructor(reason: WriteFailureReason, code: string, message: string) {
    super(message);
    this.name = 'WriteFailure';
    this.reason = reason;
    this.code = code;
  }
}

const READ_ONLY = new Set(['EACCES', 'EPERM', 'EROFS']);
const FULL = new Set(['ENOSPC', 'EDQUOT']);

/** Turns an fs error into a WriteFailure saying what happened and that nothing changed. */
export function classifyWriteError(error: unknown, target: string, step: string): WriteFailure {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? 'EIO';
  const reason: WriteFailureReason = READ_ONLY.has(code)
    ? 'read-only'
    : FULL.has(code)
      ? 'disk-full'
      : 'io-error';
  const what =
    reason === 'read-only'
      ? `the folder ${path.dirname(target)} is not writable`
      : reason === 'disk-full'
        ? 'the disk is full'
        : error instanceof Error
          ? error.message
          : String(error);
  return new WriteFailure(
    reason,
    code,
    `could not save ${target} (${step}: ${what}); the file on disk is unchanged`,
  );
}

/** Where and how an override is written. */
export interface AtomicWriteOptions {
  /** The real folder write-scope approved (see `WriteTarget`). */
  readonly folder?: string;
  readonly ops?: WriteOps;
}

/**
 * Writes `text` to `target` atomically, keeping the previous version as `<target>.bak`.
 * Returns the backup's path (`null` when there was no previous file). Throws WriteFailure for
 * an fs failure and OutsideWorkspaceError when the folder changed under the write.
 */
export function writeFileAtomic(
  target: string,
  text: string,
  options: AtomicWriteOptions = {},
): string | null {
  try {
    return writePinned(target, text, { ...options, backup: true });
  } catch (error) {
    if (error instanceof WriteStepError) throw classifyWriteError(error.cause, target, error.step);
    throw error;
  }
}
