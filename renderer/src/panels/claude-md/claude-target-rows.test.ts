import { describe, expect, it } from 'vitest';
import type { ClaudeTargetEntry } from '../../../../shared/api/methods/claude-project';
import type { TargetFolderState } from './claude-target-rows';
import { treeKeyAction, visibleRows } from './claude-target-rows';

const entry = (path: string, kind: ClaudeTargetEntry['kind']): ClaudeTargetEntry => ({
  name: path.split('/').pop() ?? path,
  path,
  kind,
});
const listed = (folder: string, entries: ClaudeTargetEntry[]): TargetFolderState => ({
  kind: 'listed',
  folder: { folder, entries, truncated: false },
});

const folders = new Map<string, TargetFolderState>([
  ['', listed('', [entry('src', 'folder'), entry('docs', 'folder'), entry('README.md', 'file')])],
  ['src', listed('src', [entry('src/api', 'folder'), entry('src/main.ts', 'file')])],
  ['src/api', { kind: 'loading' }],
]);

describe('the target tree', () => {
  it('shows the entries of expanded folders under their row, one level deeper', () => {
    const rows = visibleRows(folders, new Set(['src', 'src/api']));
    expect(
      rows.map(
        (r) => `${'  '.repeat(r.depth)}${r.entry.name}${r.expanded ? '/' : ''}${r.loading ? '…' : ''}`,
      ),
    ).toEqual(['src/', '  api/…', '  main.ts', 'docs', 'README.md']);
    expect(visibleRows(folders, new Set()).map((r) => r.entry.name)).toEqual(['src', 'docs', 'README.md']);
  });

  it('moves, opens, steps in and out, and chooses as a tree does', () => {
    const closed = visibleRows(folders, new Set());
    expect(treeKeyAction('ArrowRight', 0, closed)).toEqual({ kind: 'expand', path: 'src' });
    expect(treeKeyAction('Enter', 0, closed)).toEqual({ kind: 'expand', path: 'src' });
    expect(treeKeyAction('Enter', 2, closed)).toEqual({ kind: 'choose', path: 'README.md' });
    expect(treeKeyAction('ArrowDown', 2, closed)).toEqual({ kind: 'move', index: 2 });
    expect(treeKeyAction('ArrowUp', 0, closed)).toEqual({ kind: 'move', index: 0 });
    expect(treeKeyAction('End', 0, closed)).toEqual({ kind: 'move', index: 2 });
    expect(treeKeyAction('ArrowRight', 2, closed)).toEqual({ kind: 'none' });

    const open = visibleRows(folders, new Set(['src']));
    expect(treeKeyAction('ArrowRight', 0, open)).toEqual({ kind: 'move', index: 1 });
    expect(treeKeyAction('ArrowLeft', 2, open)).toEqual({ kind: 'move', index: 0 });
    expect(treeKeyAction('ArrowLeft', 0, open)).toEqual({ kind: 'collapse', path: 'src' });
    expect(treeKeyAction('Enter', 2, open)).toEqual({ kind: 'choose', path: 'src/main.ts' });
    expect(treeKeyAction('ArrowDown', 0, [])).toEqual({ kind: 'none' });
  });
});
