/**
 * An EngineFs that remembers what a render touched, so a bundle can carry exactly the files
 * one render read.
 */
import type { DirEntry, EngineFs, FileStat, FsError } from '../../shared/engine';

/** The fs plus what was read, stated and listed. */
export interface RecordingFs extends EngineFs {
  readonly readPaths: ReadonlySet<string>;
  readonly statPaths: ReadonlySet<string>;
  readonly listed: ReadonlyMap<string, readonly DirEntry[]>;
}

/** Wraps an fs; every call passes through unchanged. */
export function createRecordingFs(inner: EngineFs): RecordingFs {
  const readPaths = new Set<string>();
  const statPaths = new Set<string>();
  const listed = new Map<string, readonly DirEntry[]>();
  return {
    readPaths,
    statPaths,
    listed,
    stat(p: string): FileStat | FsError {
      const st = inner.stat(p);
      if (!('error' in st) && st.kind === 'file') statPaths.add(p);
      return st;
    },
    readText(p: string) {
      const text = inner.readText(p);
      if (typeof text === 'string') readPaths.add(p);
      return text;
    },
    list(p: string) {
      const entries = inner.list(p);
      if (!('error' in entries)) listed.set(p, entries);
      return entries;
    },
  };
}
