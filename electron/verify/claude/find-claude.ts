/**
 * Where the user's Claude Code is: `--claude PATH` when given, else `claude` on the
 * PATH, else the places its installers put it (the native installer's `~/.local/bin`, the old
 * local install `~/.claude/local`, Homebrew, `/usr/local/bin`). Every place looked at is kept
 * for the "not found" answer.
 */
import fs from 'node:fs';
import path from 'node:path';

export type ClaudeLookup =
  | { readonly found: true; readonly file: string }
  | { readonly found: false; readonly looked: readonly string[] };

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds `claude`. `env` and `home` are seams for the tests. */
export function findClaude(explicit: string | undefined, env: NodeJS.ProcessEnv, home: string): ClaudeLookup {
  if (explicit !== undefined) {
    const file = path.resolve(explicit);
    return isExecutableFile(file) ? { found: true, file } : { found: false, looked: [file] };
  }
  const names = process.platform === 'win32' ? ['claude.exe', 'claude.cmd'] : ['claude'];
  const dirs = [
    ...(env['PATH'] ?? '').split(path.delimiter).filter((d) => d !== ''),
    path.join(home, '.local', 'bin'),
    path.join(home, '.claude', 'local'),
    '/opt/homebrew/bin',
    '/usr/local/bin',
  ];
  const looked: string[] = [];
  for (const dir of dirs) {
    for (const name of names) {
      const file = path.join(dir, name);
      if (looked.includes(file)) continue;
      looked.push(file);
      if (isExecutableFile(file)) return { found: true, file };
    }
  }
  return { found: false, looked };
}
