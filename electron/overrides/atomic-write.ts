/**
 * Writing a file so that it is either the old one or the new one, never half of each: a temp
 * file in the same folder (so the rename stays on one file system), flushed, then renamed
 * over the target; the previous version is kept as `<name>.bak` first (DESIGN.md,
 * non-negotiables). Every step's failure leaves the old file intact and no temp behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { WriteFailureReason } from '../../shared/override/override-file';
import { tempPathFor, writeNewFileSync } from '../services/temp-files';

/** The file operations used, injectable so tests can make any step fail. */
export interface WriteOps {
  writeFile(file: string, data: string): void;
  rename(from: string, to: string): void;
  unlink(file: string): void;
  copyFile(from: string, to: string): void;
  exists(file: string): boolean;
  mkdir(dir: string): void;
}

/** The real file system. The temp file is created exclusively and flushed before the rename. */
export const NODE_WRITE_OPS: WriteOps = {
  writeFile: (file, data) => writeNewFileSync(file, data),
  rename: (from, to) => fs.renameSync(from, to),
  unlink: (file) => fs.unlinkSync(file),
  copyFile: (from, to) => fs.copyFileSync(from, to),
  exists: (file) => fs.existsSync(file),
  mkdir: (dir) => fs.mkdirSync(dir, { recursive: true }),
};

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

/** Path of the backup kept beside `target`. */
export function backupPathFor(target: string): string {
  return `${target}.bak`;
}

/**
 * Writes `text` to `target` atomically, keeping the previous version as `<target>.bak`.
 * Returns the backup's path (`null` when there was no previous file). Throws WriteFailure.
 */
export function writeFileAtomic(target: string, text: string, ops: WriteOps = NODE_WRITE_OPS): string | null {
  const dir = path.dirname(target);
  // Random, of the app's pattern: stale ones are cleaned when the home is opened (temp-files.ts).
  const temp = tempPathFor(target);
  try {
    ops.mkdir(dir);
  } catch (error) {
    throw classifyWriteError(error, target, 'creating the folder');
  }
  const cleanup = (): void => {
    try {
      ops.unlink(temp);
    } catch {
      // Already gone or never created.
    }
  };
  try {
    ops.writeFile(temp, text);
  } catch (error) {
    cleanup();
    throw classifyWriteError(error, target, 'writing a temporary file');
  }
  let backup: string | null = null;
  if (ops.exists(target)) {
    backup = backupPathFor(target);
    try {
      ops.copyFile(target, backup);
    } catch (error) {
      cleanup();
      throw classifyWriteError(error, target, 'keeping a backup');
    }
  }
  try {
    ops.rename(temp, target);
  } catch (error) {
    cleanup();
    throw classifyWriteError(error, target, 'replacing the file');
  }
  return backup;
}
