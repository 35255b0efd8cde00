/**
 * The CLAUDE.md assembly's file-system port over `node:fs`: the engine's Node adapter plus
 * `realpath`, which symlink cycle detection needs (claude-md-layering.md §19.2).
 */
import fs from 'node:fs';
import type { ClaudeFs } from '../../shared/claude-md/types';
import { createNodeFs, toEnginePath } from '../services/node-fs';

/** Creates the Node adapter; errors come back as values, like the rest of the port. */
export function createNodeClaudeFs(): ClaudeFs {
  return {
    ...createNodeFs(),
    realpath(p: string) {
      try {
        return toEnginePath(fs.realpathSync.native(p));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
        return { error: code, message: `${code}: cannot resolve ${p}` };
      }
    },
  };
}
