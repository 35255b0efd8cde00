/**
 * A folder named on a command line (`eck --home`, `serve --package-root`…) must be there: a
 * mistyped one would otherwise render silently against nothing. Usage errors,
 * exit status 2, one line naming the folder.
 */
import fs from 'node:fs';

/** What is wrong with the folder given to `--<option>`, or `null` when it is a folder (or not given). */
export function missingFolderProblem(option: string, dir: string | undefined): string | null {
  if (dir === undefined) return null;
  if (dir === '' || dir.includes('\0')) return `--${option} needs a folder`;
  try {
    return fs.statSync(dir).isDirectory() ? null : `--${option} ${dir} is not a folder`;
  } catch {
    return `--${option} ${dir} does not exist`;
  }
}
