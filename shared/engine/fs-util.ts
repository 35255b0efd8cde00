/** Small helpers over the EngineFs port. */
import type { EngineFs, FileStat, FsError } from './types';

/** Narrows an fs result to its error. */
export function isFsError(v: unknown): v is FsError {
  return typeof v === 'object' && v !== null && 'error' in v && typeof (v as FsError).error === 'string';
}

/** Reads a text file, or returns null when it does not exist (other errors come back as values). */
export function readIfExists(fs: EngineFs, path: string): string | null | FsError {
  const text = fs.readText(path);
  if (isFsError(text)) return text.error === 'ENOENT' || text.error === 'ENOTDIR' ? null : text;
  return text;
}

/** Stat that folds "does not exist" into null. */
export function statIfExists(fs: EngineFs, path: string): FileStat | null | FsError {
  const st = fs.stat(path);
  if (isFsError(st)) return st.error === 'ENOENT' || st.error === 'ENOTDIR' ? null : st;
  return st;
}
