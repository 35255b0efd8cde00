/**
 * The target picker's tree as rows, and what a key does to it (the WAI-ARIA tree pattern, as
 * VS Code's explorer behaves): ↑/↓ move, Home/End jump, → opens a folder or steps into it,
 * ← closes it or steps out to its parent, Enter chooses a file or toggles a folder. Pure, so
 * the keyboard is tested without a browser.
 */
import type { ClaudeTargetEntry, ClaudeTargetFolder } from '../../../../shared/api/methods/claude-project';

/** A folder as the picker holds it: loading, listed, or why it could not be. */
export type TargetFolderState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'listed'; readonly folder: ClaudeTargetFolder }
  | { readonly kind: 'error'; readonly message: string };

/** A visible row of the tree. */
export interface TargetRow {
  readonly entry: ClaudeTargetEntry;
  readonly depth: number;
  readonly expanded: boolean;
  /** An expanded folder whose listing has not arrived. */
  readonly loading: boolean;
}

/** The rows shown: the working directory's entries, and those of every expanded folder below its row. */
export function visibleRows(
  folders: ReadonlyMap<string, TargetFolderState>,
  expanded: ReadonlySet<string>,
): TargetRow[] {
  const rows: TargetRow[] = [];
  const walk = (folder: string, depth: number): void => {
    const state = folders.get(folder);
    if (state?.kind !== 'listed') return;
    for (const entry of state.folder.entries) {
      const open = entry.kind === 'folder' && expanded.has(entry.path);
      rows.push({
        entry,
        depth,
        expanded: open,
        loading: open && folders.get(entry.path)?.kind === 'loading',
      });
      if (open) walk(entry.path, depth + 1);
    }
  };
  walk('', 0);
  return rows;
}

/** What a key does. */
export type TreeKeyAction =
  | { readonly kind: 'move'; readonly index: number }
  | { readonly kind: 'expand'; readonly path: string }
  | { readonly kind: 'collapse'; readonly path: string }
  | { readonly kind: 'choose'; readonly path: string }
  | { readonly kind: 'none' };

/** The action of `key` on the row at `index` (−1: none focused yet). */
export function treeKeyAction(key: string, index: number, rows: readonly TargetRow[]): TreeKeyAction {
  if (rows.length === 0) return { kind: 'none' };
  const row = rows[index];
  const clamp = (i: number): TreeKeyAction => ({
    kind: 'move',
    index: Math.max(0, Math.min(rows.length - 1, i)),
  });
  switch (key) {
    case 'ArrowDown':
      return clamp(index + 1);
    case 'ArrowUp':
      return clamp(index < 0 ? 0 : index - 1);
    case 'Home':
      return clamp(0);
    case 'End':
      return clamp(rows.length - 1);
    case 'ArrowRight':
      if (row?.entry.kind !== 'folder') return { kind: 'none' };
      if (!row.expanded) return { kind: 'expand', path: row.entry.path };
      return rows[index + 1]?.depth === row.depth + 1 ? clamp(index + 1) : { kind: 'none' };
    case 'ArrowLeft': {
      if (row === undefined) return { kind: 'none' };
      if (row.expanded) return { kind: 'collapse', path: row.entry.path };
      for (let i = index - 1; i >= 0; i -= 1) if ((rows[i]?.depth ?? 0) < row.depth) return clamp(i);
      return { kind: 'none' };
    }
    case 'Enter':
      if (row === undefined) return { kind: 'none' };
      if (row.entry.kind === 'file') return { kind: 'choose', path: row.entry.path };
      if (row.entry.kind === 'folder')
        return row.expanded
          ? { kind: 'collapse', path: row.entry.path }
          : { kind: 'expand', path: row.entry.path };
      return { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}
