/**
 * The rows of the Claude Code project's file list: every file in load order, its place in the
 * include tree (indent and branch glyph), its size against the 40,000-character warning, and
 * the tint of its block in the assembled text.
 */
import { MAX_MEMORY_CHARACTER_COUNT } from '../../../../shared/claude-md/claude-md-input';
import type { ClaudeMdFile, ClaudeMdReport } from '../../../../shared/claude-md/types';

/** One row of the list. */
export interface ClaudeFileRow {
  readonly file: ClaudeMdFile;
  /** Include depth: 0 for a top file. */
  readonly indent: number;
  /** `├─ ` or `└─ ` for includes (the last include of its parent gets `└─ `), `''` for top files. */
  readonly branch: string;
  /** How many files this one includes (directly). */
  readonly children: number;
  /** The including file's short name, for "Included by …". */
  readonly parentDisplay: string | null;
  /** Characters as a share of the warning, 0..1 (the bar is capped; `over` says it overflows). */
  readonly share: number;
  readonly over: boolean;
  /** `true` when the file has a block in the assembled text. */
  readonly contributes: boolean;
  /** Index among the contributing files, for the tint colour; -1 when none. */
  readonly tint: number;
}

/** Builds the rows of a report. */
export function claudeFileRows(report: ClaudeMdReport): ClaudeFileRow[] {
  const files = report.files;
  const displayOf = new Map(files.map((f) => [f.path, f.display]));
  const children = new Map<string, number>();
  // The last row of each parent, to end its branch with `└─`.
  const lastChild = new Map<string, number>();
  files.forEach((f, i) => {
    if (f.parent === null) return;
    children.set(f.parent, (children.get(f.parent) ?? 0) + 1);
    lastChild.set(`${f.parent}\u0000${f.depth}`, i);
  });
  let tint = 0;
  return files.map((file, i) => {
    const contributes = file.span !== null;
    const isLast = file.parent !== null && lastChild.get(`${file.parent}\u0000${file.depth}`) === i;
    return {
      file,
      indent: file.depth,
      branch: file.parent === null ? '' : isLast ? '└─ ' : '├─ ',
      children: children.get(file.path) ?? 0,
      parentDisplay: file.parent === null ? null : (displayOf.get(file.parent) ?? file.parent),
      share: Math.min(1, file.chars / MAX_MEMORY_CHARACTER_COUNT),
      over: file.warning !== null,
      contributes,
      tint: contributes ? tint++ : -1,
    };
  });
}

/** The setting source that switches a level (for "Not loaded: … is off"). */
export function settingSourceOf(level: ClaudeMdFile['level']): string {
  switch (level) {
    case 'user':
      return 'userSettings';
    case 'project':
      return 'projectSettings';
    case 'local':
      return 'localSettings';
    case 'managed':
      return 'managed';
  }
}
