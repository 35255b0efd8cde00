/**
 * The assembly's constants and the defaults of its input (docs/claude-md.md §19.1).
 */

import { normalizePath, resolvePath, toForwardSlashes } from '../base/posix-path';
import type { ClaudeMdInput, ResolvedClaudeMdInput } from './types';

/** claudemd.ts:93: the per-file size that earns a warning, not a refusal (§19.6). */
export const MAX_MEMORY_CHARACTER_COUNT = 40000;

/** claudemd.ts:537: an include at this depth or deeper is not loaded (§19.2). */
export const MAX_INCLUDE_DEPTH = 5;

/** Claude Code's managed folder on Linux (docs/claude-md.md §19.1). */
export const DEFAULT_MANAGED_DIR = '/etc/claude-code';

/**
 * Fills in defaults and normalises the paths of an input. A path may come typed on Windows
 * (`C:\Users\me`), so its backslashes become `/` here, once, before the `/`-only path library.
 */
export function resolveClaudeMdInput(input: ClaudeMdInput): ResolvedClaudeMdInput {
  const cwd = normalizePath(toForwardSlashes(input.cwd));
  const target = input.target ? resolvePath(cwd, toForwardSlashes(input.target)) : null;
  return {
    cwd,
    home: normalizePath(toForwardSlashes(input.home)),
    managedDir: normalizePath(toForwardSlashes(input.managedDir ?? DEFAULT_MANAGED_DIR)),
    target,
    settingSources: {
      user: input.settingSources?.user ?? true,
      project: input.settingSources?.project ?? true,
      local: input.settingSources?.local ?? true,
    },
    approveExternalIncludes: input.approveExternalIncludes ?? false,
    additionalDirectories: (input.additionalDirectories ?? []).map((d) =>
      resolvePath(cwd, toForwardSlashes(d)),
    ),
    additionalDirectoriesClaudeMd: input.additionalDirectoriesClaudeMd ?? false,
    env: input.env ?? {},
  };
}
