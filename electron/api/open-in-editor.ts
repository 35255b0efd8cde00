/**
 * The `openInEditor` handler: checks that the path is a file or folder inside the opened
 * workspace (home or package root, symlinks resolved, so a link cannot point the OS at
 * `/etc`), then asks the OS to open it when an opener is given (Electron's `shell.openPath`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpenInEditorResult } from '../../shared/api/open-in-editor';
import { ApiFailure } from '../../shared/api';

/** Opens a path with the OS; resolves to an error message, or `''` on success (`shell.openPath`). */
export type PathOpener = (absPath: string) => Promise<string>;

/** The roots a path must be inside. */
export interface WorkspaceRoots {
  readonly home: string;
  readonly packageRoot: string;
}

function realOrNull(p: string): string | null {
  try {
    return fs.realpathSync(p);
  } catch {
    return null;
  }
}

function isWithin(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Checks the path and opens it (or only names it when there is no opener). */
export async function openInEditor(
  roots: WorkspaceRoots,
  requested: string,
  opener: PathOpener | null,
): Promise<OpenInEditorResult> {
  const abs = path.resolve(roots.packageRoot, requested);
  const real = realOrNull(abs);
  if (real === null) throw new ApiFailure('not-found', 'no such file', abs);
  const inside = [roots.home, roots.packageRoot].some((root) => {
    const r = realOrNull(root);
    return r !== null && isWithin(r, real);
  });
  if (!inside) {
    throw new ApiFailure(
      'outside-workspace',
      'only files under the home or the package root can be opened',
      abs,
    );
  }
  const result = { path: abs, url: pathToFileURL(abs).toString() };
  if (opener === null) return { ...result, opened: false };
  const error = await opener(real);
  if (error !== '') throw new ApiFailure('internal', `the OS could not open it: ${error}`, abs);
  return { ...result, opened: true };
}
