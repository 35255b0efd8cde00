/**
 * The files below a Claude Code project's working directory, for the target picker: one folder
 * at a time (the tree opens lazily), and a bounded search by name. The project may come from a
 * colleague or a support bundle, so it is untrusted: a relative path with `..` is refused, a
 * folder is listed only when its real path is inside the real working directory (a link that
 * leads out is shown, not opened), and both answers are capped in entries, visits and time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
  ClaudeTargetEntry,
  ClaudeTargetFolder,
  ClaudeTargetSearch,
} from '../../shared/api/methods/claude-project';
import { ApiFailure } from '../../shared/api/errors';
import { isWithin } from '../services/write-scope';

/** Most entries one folder answer carries (the rest: `truncated`). */
export const MAX_FOLDER_ENTRIES = 2000;
/** Most matches one search returns. */
export const MAX_SEARCH_MATCHES = 200;
/** Most entries one search looks at, and how long it may take. */
export const MAX_SEARCH_VISITS = 50_000;
export const MAX_SEARCH_MS = 2000;
/** Folders a search does not walk into: huge and never what an operator means by "the file Claude reads". */
export const SEARCH_SKIPS: readonly string[] = ['.git', 'node_modules'];

/** `rel` as path segments, refusing what could leave the working directory. */
function segmentsOf(rel: string): string[] {
  if (rel.includes('\0')) throw new ApiFailure('invalid-input', 'folder holds a NUL byte');
  const parts = rel.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..') || path.isAbsolute(rel) || /^[a-zA-Z]:/.test(rel))
    throw new ApiFailure('invalid-input', `folder must be relative to the project, without "..": ${rel}`);
  return parts;
}

/** The real working directory, or a failure naming it. */
function realCwd(cwd: string): string {
  try {
    return fs.realpathSync(cwd);
  } catch {
    throw new ApiFailure('workspace-invalid', 'the working directory cannot be read', cwd);
  }
}

/** What an entry is, following a link only to see whether it is a file or a folder inside the project. */
function entryOf(root: string, folderAbs: string, d: fs.Dirent, rel: string): ClaudeTargetEntry {
  const entryPath = rel === '' ? d.name : `${rel}/${d.name}`;
  if (d.isFile()) return { name: d.name, path: entryPath, kind: 'file' };
  if (d.isDirectory()) return { name: d.name, path: entryPath, kind: 'folder' };
  if (d.isSymbolicLink()) {
    try {
      const real = fs.realpathSync(path.join(folderAbs, d.name));
      const st = fs.statSync(real);
      if (!isWithin(root, real)) return { name: d.name, path: entryPath, kind: 'outside' };
      if (st.isFile()) return { name: d.name, path: entryPath, kind: 'file' };
      if (st.isDirectory()) return { name: d.name, path: entryPath, kind: 'folder' };
    } catch {
      // A dangling or looping link: shown, but nothing to open.
    }
    return { name: d.name, path: entryPath, kind: 'outside' };
  }
  return { name: d.name, path: entryPath, kind: 'other' };
}

/** Folders first, then files, each by name as a person reads them. */
function byKindThenName(a: ClaudeTargetEntry, b: ClaudeTargetEntry): number {
  const fa = a.kind === 'folder' ? 0 : 1;
  const fb = b.kind === 'folder' ? 0 : 1;
  if (fa !== fb) return fa - fb;
  return a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });
}

/** Lists one folder below `cwd` (`''` for `cwd` itself). */
export async function listTargetFolder(cwd: string, folder: string): Promise<ClaudeTargetFolder> {
  const root = realCwd(cwd);
  const rel = segmentsOf(folder).join('/');
  const abs = path.join(root, ...rel.split('/').filter((s) => s !== ''));
  let real: string;
  try {
    real = fs.realpathSync(abs);
  } catch {
    throw new ApiFailure('workspace-invalid', `no such folder in the project: ${rel}`, abs);
  }
  if (!isWithin(root, real))
    throw new ApiFailure('invalid-input', `the folder leads outside the project: ${rel}`, abs);
  const entries: ClaudeTargetEntry[] = [];
  let truncated = false;
  let dir: fs.Dir;
  try {
    dir = await fs.promises.opendir(real);
  } catch {
    throw new ApiFailure('workspace-invalid', `the folder cannot be read: ${rel}`, abs);
  }
  for await (const d of dir) {
    if (entries.length >= MAX_FOLDER_ENTRIES) {
      truncated = true;
      break;
    }
    entries.push(entryOf(root, real, d, rel));
  }
  entries.sort(byKindThenName);
  return { folder: rel, entries, truncated };
}

/**
 * Files whose path below `cwd` contains `query` (case-insensitive), breadth first so the
 * shallow ones come first; skips SEARCH_SKIPS and links, stops at the caps and says so.
 */
export async function searchTargets(
  cwd: string,
  query: string,
  now: () => number = Date.now,
): Promise<ClaudeTargetSearch> {
  const root = realCwd(cwd);
  const needle = query.trim().toLowerCase();
  const matches: string[] = [];
  if (needle === '') return { query, matches, visited: 0, complete: true };
  const start = now();
  const queue: string[] = [''];
  let visited = 0;
  let complete = true;
  walk: while (queue.length > 0) {
    const rel = queue.shift() as string;
    let dir: fs.Dir;
    try {
      dir = await fs.promises.opendir(rel === '' ? root : path.join(root, ...rel.split('/')));
    } catch {
      continue;
    }
    try {
      for await (const d of dir) {
        visited += 1;
        const p = rel === '' ? d.name : `${rel}/${d.name}`;
        if (d.isDirectory()) {
          if (!SEARCH_SKIPS.includes(d.name)) queue.push(p);
        } else if (d.isFile() && p.toLowerCase().includes(needle)) {
          matches.push(p);
        }
        if (
          matches.length >= MAX_SEARCH_MATCHES ||
          visited >= MAX_SEARCH_VISITS ||
          now() - start > MAX_SEARCH_MS
        ) {
          complete = false;
          break walk;
        }
      }
    } finally {
      await dir.close().catch(() => undefined);
    }
  }
  return { query, matches, visited, complete };
}
