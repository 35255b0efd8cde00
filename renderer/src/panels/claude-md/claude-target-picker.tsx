/**
 * "Browse…" for the target file: a dialog with the folder tree below the project's working
 * directory (opened folder by folder) and a search by name, so the file Claude reads is picked,
 * not typed. Enter or a click chooses a file; Escape closes and gives focus back to the button.
 * The main side confines both to the working directory (claude-target-tree.ts).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ClaudeTargetSearch } from '../../../../shared/api/methods/claude-project';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { useApi } from '../../store/use-api';
import type { TargetFolderState } from './claude-target-rows';
import { treeKeyAction, visibleRows } from './claude-target-rows';
import type { ClaudeMdKey } from './messages';

/** Props of the picker. */
export interface ClaudeTargetPickerProps {
  readonly t: PanelTranslate<ClaudeMdKey>;
  readonly onChoose: (path: string) => void;
  readonly onClose: () => void;
}

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 200;

/** The dialog; mount it to open, unmount (via `onClose`) to close. */
export function ClaudeTargetPicker({ t, onChoose, onClose }: ClaudeTargetPickerProps): React.JSX.Element {
  const api = useApi();
  const [folders, setFolders] = useState<ReadonlyMap<string, TargetFolderState>>(new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState(0);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<ClaudeTargetSearch | null>(null);
  const titleId = useId();
  const searchRef = useRef<HTMLInputElement | null>(null);
  const treeRef = useRef<HTMLUListElement | null>(null);
  const dialogRef = useRef<HTMLDivElement | null>(null);

  /** Asks for one folder's listing; the answer (or why not) lands in `folders`. */
  const fetchFolder = useCallback(
    (folder: string): Promise<void> =>
      api
        .listClaudeTargets({ folder })
        .then((result) =>
          setFolders((m) =>
            new Map(m).set(
              folder,
              result.ok
                ? { kind: 'listed', folder: result.value }
                : { kind: 'error', message: result.error.message },
            ),
          ),
        ),
    [api],
  );

  // The working directory on open (no entry yet reads as loading); focus the search; give focus
  // back on close.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    void fetchFolder('');
    searchRef.current?.focus();
    return () => before?.focus();
  }, [fetchFolder]);

  // The search runs once typing pauses; a newer query replaces an older answer.
  useEffect(() => {
    if (query.trim() === '') return;
    let live = true;
    const timer = setTimeout(() => {
      void api.searchClaudeTargets({ query }).then((r) => {
        if (live && r.ok) setSearch(r.value);
      });
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, query]);

  const rows = useMemo(() => visibleRows(folders, expanded), [folders, expanded]);
  // An answer for an older query is not shown (the newer one is on its way).
  const shownSearch = search !== null && search.query === query ? search : null;
  const root = folders.get('');

  const expand = (path: string): void => {
    setExpanded((s) => new Set(s).add(path));
    if (!folders.has(path)) {
      setFolders((m) => new Map(m).set(path, { kind: 'loading' }));
      void fetchFolder(path);
    }
  };
  const collapse = (path: string): void =>
    setExpanded((s) => {
      const next = new Set(s);
      next.delete(path);
      return next;
    });
  const choose = (path: string): void => {
    onChoose(path);
    onClose();
  };
  const focusRow = (index: number): void => {
    setFocused(index);
    treeRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
  };

  const onTreeKey = (e: React.KeyboardEvent): void => {
    const action = treeKeyAction(e.key, focused, rows);
    if (action.kind === 'none') return;
    e.preventDefault();
    if (action.kind === 'move') focusRow(action.index);
    else if (action.kind === 'expand') expand(action.path);
    else if (action.kind === 'collapse') collapse(action.path);
    else choose(action.path);
  };

  return (
    <div
      className="claude-picker-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="claude-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="claude-target-picker"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h3 id={titleId}>{t('picker.title')}</h3>
        <label className="claude-picker-search">
          <span>{t('picker.search')}</span>
          <input
            ref={searchRef}
            type="search"
            spellCheck={false}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                dialogRef.current?.querySelector<HTMLElement>('.claude-picker-tree [tabindex="0"]')?.focus();
              }
            }}
            data-testid="claude-picker-search"
          />
        </label>
        {query.trim() !== '' ? (
          <SearchResults search={shownSearch} t={t} onChoose={choose} />
        ) : root?.kind === 'error' ? (
          <p className="panel-note warn" role="alert">
            {root.message}
          </p>
        ) : root?.kind !== 'listed' ? (
          <p className="panel-note">{t('picker.loading')}</p>
        ) : (
          <ul
            ref={treeRef}
            className="claude-picker-tree"
            role="tree"
            aria-label={t('picker.tree')}
            onKeyDown={onTreeKey}
            data-testid="claude-picker-tree"
          >
            {rows.map((row, i) => (
              <li
                key={row.entry.path}
                role="treeitem"
                aria-level={row.depth + 1}
                aria-expanded={row.entry.kind === 'folder' ? row.expanded : undefined}
                aria-selected={i === focused}
                aria-disabled={row.entry.kind === 'outside' || row.entry.kind === 'other' ? true : undefined}
                tabIndex={i === focused ? 0 : -1}
                data-index={i}
                data-path={row.entry.path}
                data-kind={row.entry.kind}
                className={`claude-picker-item kind-${row.entry.kind}`}
                style={{ paddingLeft: `${0.5 + row.depth * 1.1}em` }}
                onFocus={() => setFocused(i)}
                onClick={() => {
                  setFocused(i);
                  if (row.entry.kind === 'file') choose(row.entry.path);
                  else if (row.entry.kind === 'folder') (row.expanded ? collapse : expand)(row.entry.path);
                }}
              >
                <span aria-hidden="true" className="claude-picker-twisty">
                  {row.entry.kind === 'folder' ? (row.expanded ? '▾' : '▸') : ''}
                </span>
                {row.entry.name}
                {row.entry.kind === 'outside' && <span className="muted"> · {t('picker.outside')}</span>}
                {row.loading && <span className="muted"> · {t('picker.loading')}</span>}
              </li>
            ))}
          </ul>
        )}
        {root?.kind === 'listed' && root.folder.truncated && query.trim() === '' && (
          <p className="panel-note">{t('picker.truncated', { n: root.folder.entries.length })}</p>
        )}
        <div className="claude-picker-actions">
          <button type="button" onClick={onClose} data-testid="claude-picker-cancel">
            {t('picker.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The search's matches as a list (↑/↓, Enter). */
function SearchResults(props: {
  readonly search: ClaudeTargetSearch | null;
  readonly t: PanelTranslate<ClaudeMdKey>;
  readonly onChoose: (path: string) => void;
}) {
  const { search, t } = props;
  const [focused, setFocused] = useState(0);
  const listRef = useRef<HTMLUListElement | null>(null);
  if (search === null) return <p className="panel-note">{t('picker.searching')}</p>;
  if (search.matches.length === 0) return <p className="panel-note">{t('picker.none')}</p>;
  const focus = (i: number): void => {
    const index = Math.max(0, Math.min(search.matches.length - 1, i));
    setFocused(index);
    listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
  };
  return (
    <>
      <ul
        ref={listRef}
        className="claude-picker-tree"
        role="listbox"
        aria-label={t('picker.results')}
        data-testid="claude-picker-results"
        onKeyDown={(e) => {
          const moves: Record<string, number> = {
            ArrowDown: focused + 1,
            ArrowUp: focused - 1,
            Home: 0,
            End: search.matches.length - 1,
          };
          const to = moves[e.key];
          if (to !== undefined) {
            e.preventDefault();
            focus(to);
          } else if (e.key === 'Enter') {
            const path = search.matches[focused];
            if (path !== undefined) {
              e.preventDefault();
              props.onChoose(path);
            }
          }
        }}
      >
        {search.matches.map((path, i) => (
          <li
            key={path}
            role="option"
            aria-selected={i === focused}
            tabIndex={i === focused ? 0 : -1}
            data-index={i}
            data-path={path}
            className="claude-picker-item kind-file"
            onFocus={() => setFocused(i)}
            onClick={() => props.onChoose(path)}
          >
            {path}
          </li>
        ))}
      </ul>
      {!search.complete && (
        <p className="panel-note">
          {t('picker.partial', { n: search.matches.length, visited: search.visited })}
        </p>
      )}
    </>
  );
}
