/**
 * The engine's file-system port over `node:fs`: synchronous, errors as values, paths as
 * absolute `/`-separated strings (the engine is pure and never sees `node:fs`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DirEntry, EngineFs, EntryKind, FileStat, FsError } from '../../shared/engine';

function toError(err: unknown, target: string): FsError {
  const e = err as NodeJS.ErrnoException;
  const code = typeof e?.code === 'string' ? e.code : 'EIO';
  const what: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ELOOP: 'too many levels of symbolic links (a symlink loop)',
    ENOTDIR: 'not a directory',
    EISDIR: 'is a directory',
    EMFILE: 'too many open files',
  };
  return { error: code, message: `${what[code] ?? e?.message ?? String(err)}: ${target}` };
}

// isFile first: in a folder of 100,000 files that is one call per entry, not two.
function kindOf(d: fs.Dirent | fs.Stats): EntryKind {
  if (d.isFile()) return 'file';
  if (d.isSymbolicLink()) return 'symlink';
  if (d.isDirectory()) return 'directory';
  return 'other';
}

/** Turns an OS path into the engine's form (`/`-separated; Windows drive paths keep `C:`). */
export function toEnginePath(p: string): string {
  return path.resolve(p).split(path.sep).join('/');
}

/**
 * Files are opened non-blocking: a FIFO planted in a kit or a home (`kits/eck_manifest.json`,
 * a section's file) would otherwise block the open until some process writes to it, and with it
 * the render, the CLI and the app (issue 21). evolcore's own read would hang there; the
 * inspector reports the file as not a regular file instead. Windows has no such FIFOs.
 */
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/** What a non-regular file is, for the message. */
function kindWord(st: fs.Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return 'a folder';
  return 'not a regular file';
}

/** Reads a regular file as UTF-8 through one fd; `maxBytes` refuses a larger one unread. */
function readRegular(p: string, maxBytes: number): string | FsError {
  let fd: number | null = null;
  try {
    fd = fs.openSync(p, READ_FLAGS);
    const st = fs.fstatSync(fd);
    if (st.isDirectory()) return { error: 'EISDIR', message: `is a directory: ${p}` };
    if (!st.isFile()) return { error: 'ENOTREG', message: `not a regular file (${kindWord(st)}): ${p}` };
    if (st.size > maxBytes)
      return { error: 'EFBIG', message: `file too large to read (${st.size} bytes): ${p}` };
    return fs.readFileSync(fd, 'utf8');
  } catch (err) {
    return toError(err, p);
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/** Creates the Node adapter. */
export function createNodeFs(): EngineFs {
  return {
    stat(p: string): FileStat | FsError {
      try {
        const st = fs.statSync(p);
        const kind = kindOf(st);
        return { kind: kind === 'symlink' ? 'other' : kind, size: st.size, mtimeMs: st.mtimeMs };
      } catch (err) {
        return toError(err, p);
      }
    },
    // One open, one fstat, one read: what readFileSync does, with the kind and size checked between.
    readText: (p: string): string | FsError => readRegular(p, Number.POSITIVE_INFINITY),
    readTextLimited: (p: string, maxBytes: number): string | FsError => readRegular(p, maxBytes),
    byteLength: (text: string): number => Buffer.byteLength(text, 'utf8'),
    list(p: string): readonly DirEntry[] | FsError {
      try {
        return fs.readdirSync(p, { withFileTypes: true }).map((d) => ({ name: d.name, kind: kindOf(d) }));
      } catch (err) {
        return toError(err, p);
      }
    },
  };
}
