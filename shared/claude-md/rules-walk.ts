/**
 * Lists the `.md` files of a rules folder (§19.10 "`.claude/rules/` 递归遍历"): depth-first,
 * entries of each folder sorted by name in UTF-16 code-unit order with files and folders
 * interleaved (clarifications "Order of files"); symlinked folders followed once, by their
 * resolved path, so a link back up the tree cannot loop; a missing or unreadable folder is
 * not an error.
 */

import type { ClaudeFs } from './types';
import { comparisonKey, join } from './posix-path';

/** Files found, as reached (links not resolved), and whether the folder itself exists. */
export interface RulesListing {
  readonly exists: boolean;
  readonly files: readonly string[];
}

/** Walks `rulesDir`. */
export function listRuleFiles(fs: ClaudeFs, rulesDir: string): RulesListing {
  const files: string[] = [];
  const visited = new Set<string>();
  const walk = (dir: string): boolean => {
    const real = fs.realpath(dir);
    const key = comparisonKey(typeof real === 'string' ? real : dir);
    if (visited.has(key)) return true;
    visited.add(key);
    const entries = fs.list(dir);
    if ('error' in entries) return false;
    const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of sorted) {
      const path = join(dir, entry.name);
      let kind = entry.kind;
      if (kind === 'symlink') {
        const stat = fs.stat(path);
        if ('error' in stat) continue;
        kind = stat.kind;
      }
      if (kind === 'directory') walk(path);
      else if (kind === 'file' && entry.name.endsWith('.md')) files.push(path);
    }
    return true;
  };
  const exists = walk(rulesDir);
  return { exists, files };
}
