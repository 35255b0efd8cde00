/**
 * The `openInEditor` handler: checks that the path is a file or folder inside the opened
 * workspace (home or package root, symlinks resolved, so a link cannot point the OS at
 * `/etc`), then asks the OS to open it when an opener is given (Electron's `shell.openPath`).
 *
 * A home is untrusted input: `shell.openPath` runs whatever the OS associates with a
 * file, so a kit's `.desktop`, `.exe`, `.lnk`, `.command` or a macOS `.app` folder would run on
 * one click. Only regular files the app itself shows as text (markdown, JSON, plain text),
 * judged by the name the link finally resolves to, are opened; anything else — folders
 * included — is only revealed in its folder (`shell.showItemInFolder`), which runs nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpenInEditorResult } from '../../shared/api/open-in-editor';
import { ApiFailure } from '../../shared/api';
import { isWithin } from '../services/write-scope';

/** What the OS is asked to do with a path (Electron's `shell`); absent in serve mode. */
export interface PathOpener {
  /** Opens a file with its default app; resolves to an error message, or `''` on success. */
  open(absPath: string): Promise<string>;
  /** Shows the item selected in the OS's file manager; runs nothing. */
  reveal(absPath: string): void;
}

/** The roots a path must be inside. */
export interface WorkspaceRoots {
  readonly home: string;
  readonly packageRoot: string;
}

/**
 * Extensions of the files the app shows as text: kit documents, manifests, vars, snapshots,
 * CLAUDE.md rules. Lower-cased; a name without one of these is never handed to an opener.
 */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([
  '.md',
  '.markdown',
  '.json',
  '.jsonc',
  '.txt',
  '.text',
  '.log',
]);

/** `true` when the OS may open this real path as text (a regular file of a text extension). */
export function isOpenableAsText(realPath: string, stat: fs.Stats): boolean {
  return stat.isFile() && TEXT_EXTENSIONS.has(path.extname(realPath).toLowerCase());
}

function realOrNull(p: string): string | null {
  try {
    return fs.realpathSync(p);
  } catch {
    return null;
  }
}

/** Checks the path and opens it as text, reveals it, or only names it when there is no opener. */
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
  let stat: fs.Stats;
  try {
    stat = fs.statSync(real);
  } catch {
    throw new ApiFailure('not-found', 'no such file', abs);
  }
  const asText = isOpenableAsText(real, stat);
  const result = { path: abs, url: pathToFileURL(abs).toString() };
  if (opener === null) return { ...result, opened: false, revealed: false, asText };
  if (!asText) {
    // Never run it: show where it is, so the user decides what to do with it.
    opener.reveal(real);
    return { ...result, opened: false, revealed: true, asText };
  }
  const error = await opener.open(real);
  if (error !== '') throw new ApiFailure('internal', `the OS could not open it: ${error}`, abs);
  return { ...result, opened: true, revealed: false, asText };
}
