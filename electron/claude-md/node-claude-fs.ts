/**
 * The CLAUDE.md assembly's file-system port over `node:fs`: the engine's Node adapter plus
 * `realpath`, which symlink handling needs (docs/claude-md.md §19.2), and a `list` in raw
 * directory order. Node's `readdir` sorts its result (libuv's scandir), but Claude Code 2.1.197
 * (a Bun binary) walks rules folders in the order the file system returns them, so the listing
 * here reads the directory stream itself (`opendir`), which keeps that order.
 */
import fs from 'node:fs';
import type { ClaudeFs, DirEntry, FsError } from '../../shared/claude-md/types';
import { createNodeFs, toEnginePath } from '../services/node-fs';

function errorOf(err: unknown, what: string, p: string): FsError {
  const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
  return { error: code, message: `${code}: cannot ${what} ${p}` };
}

/** The entries of a folder in raw `readdir` order (`.` and `..` left out). */
export function listRaw(p: string): readonly DirEntry[] | FsError {
  let dir: fs.Dir;
  try {
    dir = fs.opendirSync(p);
  } catch (err) {
    return errorOf(err, 'list', p);
  }
  const entries: DirEntry[] = [];
  try {
    for (let d = dir.readSync(); d !== null; d = dir.readSync()) {
      const kind = d.isSymbolicLink()
        ? 'symlink'
        : d.isDirectory()
          ? 'directory'
          : d.isFile()
            ? 'file'
            : 'other';
      entries.push({ name: d.name, kind });
    }
  } catch (err) {
    return errorOf(err, 'list', p);
  } finally {
    dir.closeSync();
  }
  return entries;
}

/** Creates the Node adapter; errors come back as values, like the rest of the port. */
export function createNodeClaudeFs(): ClaudeFs {
  return {
    ...createNodeFs(),
    list: listRaw,
    realpath(p: string) {
      try {
        return toEnginePath(fs.realpathSync.native(p));
      } catch (err) {
        return errorOf(err, 'resolve', p);
      }
    },
  };
}
