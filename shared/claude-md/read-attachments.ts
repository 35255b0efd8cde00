/**
 * What Claude Code 2.1.197 attaches after Claude reads a file (its nested memory): with a
 * fresh `processed` set, in this order —
 *  1. the Managed, then (userSettings) User conditional rules whose `paths` match the file
 *     relative to the working directory;
 *  2. for each folder from below the working directory down to the file's folder: its
 *     CLAUDE.md and .claude/CLAUDE.md (projectSettings), CLAUDE.local.md (localSettings),
 *     its unconditional rules, then its conditional rules matching the file (relative to
 *     that folder); includes never leave the working directory here;
 *  3. for the working directory and each folder above it, their conditional rules matching
 *     the file (relative to the folder holding `.claude`).
 * A file already attached, or the file just read itself, is not attached again.
 */

import type { MemoryInfo, MemoryLoader } from './memory-loader';
import { dirnamePath, joinPath, rootOf } from '../base/posix-path';
import { testTarget } from './rule-target';
import type { ClaudeMdLevel, ResolvedClaudeMdInput } from './types';

/** One file attached after the Read, with its row. */
export type ReadAttachment = MemoryInfo;

/** Runs the Read phase on `loader` (already switched to the `read` phase). */
export function collectReadAttachments(loader: MemoryLoader, opts: ResolvedClaudeMdInput): ReadAttachment[] {
  const target = opts.target!;
  const { cwd, home, managedDir, settingSources: on } = opts;
  const processed = new Set<string>();
  const attachedPaths = new Set<string>();
  const out: ReadAttachment[] = [];

  const attach = (infos: readonly MemoryInfo[]): void => {
    for (const info of infos) {
      if (attachedPaths.has(info.path)) continue;
      if (info.path === target) {
        info.draft.status = 'cycle';
        info.draft.detail = 'The file Claude just read: it is not attached to itself.';
        continue;
      }
      attachedPaths.add(info.path);
      out.push(info);
    }
  };
  /** Conditional rules of `rulesDir` whose `paths`, relative to `base`, match the target. */
  const conditional = (
    rulesDir: string,
    level: ClaudeMdLevel,
    external: boolean,
    base: string,
    set = processed,
  ) => {
    loader.quiet = true;
    const infos = loader.processRules(
      {
        rulesDir,
        level,
        reason: 'path_glob_match',
        includeExternal: external,
        conditional: true,
        globBase: base,
      },
      set,
    );
    loader.quiet = false;
    return infos.filter((info) => {
      const test = safeTest(info.globs!, base, target);
      info.draft.reason = 'path_glob_match';
      info.draft.testedPath = test.tested;
      info.draft.detail = test.detail;
      info.draft.status = test.matched ? 'conditional-matched' : 'conditional-not-matched';
      return test.matched;
    });
  };
  const file = (path: string, kind: 'claude-md' | 'dot-claude-md' | 'local-md', level: ClaudeMdLevel) => {
    const stat = loader.fsStat(path);
    if (stat === null) {
      loader.searched.push(path);
      return [];
    }
    const infos = loader.processFile(
      { path, kind, level, reason: 'nested_traversal', includeExternal: false },
      processed,
    );
    for (const info of infos) {
      info.draft.detail =
        info.parent === null
          ? 'Attached after the Read: its folder lies between the working directory and the file read.'
          : `Attached after the Read: included by ${loader.displayOf(info.parent)} (${info.draft.directive}).`;
    }
    return infos;
  };

  attach(conditional(joinPath(managedDir, '.claude/rules'), 'managed', false, cwd));
  if (on.user) attach(conditional(joinPath(home, '.claude/rules'), 'user', true, cwd));
  const { nestedDirs, cwdLevelDirs } = foldersForTarget(target, cwd, (p) => loader.resolve(p));
  for (const dir of nestedDirs) {
    const found: MemoryInfo[] = [];
    if (on.project) {
      found.push(...file(joinPath(dir, 'CLAUDE.md'), 'claude-md', 'project'));
      found.push(...file(joinPath(dir, '.claude/CLAUDE.md'), 'dot-claude-md', 'project'));
    }
    if (on.local) found.push(...file(joinPath(dir, 'CLAUDE.local.md'), 'local-md', 'local'));
    // Unconditional rules run on a copy of `processed`, so the conditional pass after them
    // still sees every rule file; the copy is merged back afterwards (as Claude Code does).
    const copy = new Set(processed);
    const rulesDir = joinPath(dir, '.claude/rules');
    if (loader.fsStat(rulesDir) === null) loader.searched.push(rulesDir);
    loader.hideDeferred = true;
    const plain = loader.processRules(
      {
        rulesDir,
        level: 'project',
        reason: 'nested_traversal',
        includeExternal: false,
        conditional: false,
        globBase: dir,
      },
      copy,
    );
    loader.hideDeferred = false;
    for (const info of plain) {
      info.draft.detail =
        'Attached after the Read: a rule of a folder between the working directory and the file read.';
    }
    found.push(...plain, ...conditional(rulesDir, 'project', false, dir));
    for (const key of copy) processed.add(key);
    attach(found);
  }
  for (const dir of cwdLevelDirs) attach(conditional(joinPath(dir, '.claude/rules'), 'project', false, dir));
  return out;
}

/**
 * The folders a Read visits: below `cwd` down to the file's folder (string-prefix test, as
 * Claude Code does), and `cwd` with every folder above it but the root, outermost first.
 */
export function foldersForTarget(
  target: string,
  cwd: string,
  realpath: (path: string) => string,
): { nestedDirs: string[]; cwdLevelDirs: string[] } {
  let dir = dirnamePath(target);
  if (!dir.startsWith(cwd)) {
    const real = realpath(dir);
    if (real.startsWith(cwd)) dir = real;
  }
  const nestedDirs: string[] = [];
  for (let d = dir; d !== cwd && d !== rootOf(d); d = dirnamePath(d))
    if (d.startsWith(cwd)) nestedDirs.push(d);
  const cwdLevelDirs: string[] = [];
  for (let d = cwd; d !== rootOf(d); d = dirnamePath(d)) cwdLevelDirs.push(d);
  return { nestedDirs: nestedDirs.reverse(), cwdLevelDirs: cwdLevelDirs.reverse() };
}

/** `testTarget`, where a path the matcher refuses counts as no match rather than an error. */
function safeTest(globs: readonly string[], base: string, target: string) {
  try {
    return testTarget(globs, base, target);
  } catch (error) {
    return { matched: false, tested: null, detail: `paths could not be tested: ${String(error)}` };
  }
}
