/**
 * The engine's file-system port over `node:fs`: synchronous, errors as values, paths as
 * absolute `/`-separated strings (the engine is pure and never sees `node:fs`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DirEntry, EngineFs, EntryKind, FileStat, FsError } from '../../shared/engine';
import { readTextCappedSync } from './capped-read';

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
  return { error: code, message: `${what[code] ?? e?.message ?? code}: ${target}` };
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
 * Reads a regular file as UTF-8 (capped-read.ts: opened non-blocking, so a FIFO planted in a kit
 * or a home — `kits/eck_manifest.json`, a section's file — is refused instead of blocking the
 * render, the CLI and the app; evolcore's own read would hang there). `maxBytes` refuses a
 * larger one unread.
 */
function readRegular(p: string, maxBytes: number): string | FsError {
  const read = readTextCappedSync(p, maxBytes);
  if (read.ok) return read.text;
  if (read.tooLarge !== undefined)
    return { error: 'EFBIG', message: `file too large to read (${read.tooLarge.bytes} bytes): ${p}` };
  if (read.code === 'ENOTREG')
    return { error: 'ENOTREG', message: `not a regular file (${read.kind ?? 'unknown kind'}): ${p}` };
  return toError({ code: read.code }, p);
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
