/**
 * The read-only file-system port of the pure layer: the engine, the CLAUDE.md assembly and the
 * lint read files through it and nothing else (docs/design.md §Shape: the engine is pure), so tests use an
 * in-memory tree (`memory-fs.ts`) and the Node side plugs in `node:fs`. Errors come back as
 * values, never thrown. Paths are absolute, `/`-separated.
 */

/** Kind of a directory entry or a stat result (symlinks already followed by `stat`). */
export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

/** One entry of a folder listing, as `readdir(..., { withFileTypes: true })` gives it. */
export interface DirEntry {
  readonly name: string;
  /** Kind without following symlinks: a `symlink` entry must be `stat`ed to know what it is. */
  readonly kind: EntryKind;
}

/** Result of `stat` (symlinks followed). */
export interface FileStat {
  readonly kind: Exclude<EntryKind, 'symlink'>;
  readonly size: number;
  readonly mtimeMs: number;
}

/** An I/O failure, as a value: `ENOENT`, `EACCES`, `ELOOP`, `EISDIR`, … */
export interface FsError {
  readonly error: string;
  readonly message: string;
}

/**
 * Reading files, synchronously on purpose: a render of the default kit must stay well under
 * 2 ms, and a sync port keeps the engine a plain function.
 */
export interface ReadOnlyFs {
  stat(path: string): FileStat | FsError;
  readText(path: string): string | FsError;
  list(path: string): readonly DirEntry[] | FsError;
  /**
   * Reads a text file unless it is larger than `maxBytes` (then an `EFBIG` error, unread).
   * Optional: without it the engine reads with `readText` and no size guard.
   */
  readTextLimited?(path: string, maxBytes: number): string | FsError;
  /** UTF-8 byte length of a text, natively (`Buffer.byteLength`); optional, the engine counts otherwise. */
  byteLength?(text: string): number;
}
