/**
 * The files in load order: level, the file in its include tree, status and load reason in
 * plain words, and a size bar against the 40,000-character warning. Click a row to select it.
 */
import { memo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { rowKeyAction } from '../../components/row-keys';
import type { ClaudeFileRow } from './claude-rows';
import type { ClaudeMdKey } from './messages';
import { isLoadedStatus, reasonWords, statusWords, whenBadge } from './status-words';

/** Props of the table. */
export interface ClaudeFilesTableProps {
  readonly rows: readonly ClaudeFileRow[];
  readonly selected: string | null;
  readonly hasTarget: boolean;
  readonly t: PanelTranslate<ClaudeMdKey>;
  readonly onSelect: (path: string) => void;
  /** Escape: no file selected. */
  readonly onClear: () => void;
}

const Row = memo(function Row(props: {
  readonly row: ClaudeFileRow;
  readonly selected: boolean;
  readonly hasTarget: boolean;
  readonly t: PanelTranslate<ClaudeMdKey>;
  readonly onSelect: (path: string) => void;
}) {
  const { row, t } = props;
  const f = row.file;
  const loaded = isLoadedStatus(f.status);
  const badge = whenBadge(f);
  return (
    <tr
      className={`claude-row status-${f.status}${props.selected ? ' selected' : ''}${loaded ? '' : ' not-loaded'}`}
      aria-selected={props.selected}
      tabIndex={0}
      data-testid="claude-file-row"
      data-path={f.path}
      data-status={f.status}
      data-row={f.index}
      onClick={() => props.onSelect(f.path)}
    >
      <td className="num">{f.index + 1}</td>
      <td data-testid="claude-file-phase">
        <span className={`claude-phase-tag phase-${badge}`}>{t(`phase.short.${badge}`)}</span>
      </td>
      <td>
        <span className={`claude-level level-${f.level}`}>{t(`level.${f.level}`)}</span>
      </td>
      <td className="claude-file-cell" title={f.path}>
        <span className="claude-tree" style={{ paddingLeft: `${row.indent * 1.25}em` }}>
          {row.branch !== '' && <span className="claude-branch">{row.branch}</span>}
          {row.contributes && <span className={`claude-swatch tint-${row.tint % 8}`} />}
          <span className="claude-display" data-testid="claude-file-name">
            {f.display}
          </span>
          {f.directive !== null && <code className="claude-directive">{f.directive}</code>}
        </span>
      </td>
      <td>
        <span className={`claude-status ${loaded ? 'ok' : 'skip'}`} data-testid="claude-file-status">
          {statusWords(t, f, props.hasTarget)}
        </span>
      </td>
      <td data-testid="claude-file-reason">{reasonWords(t, f, row.parentDisplay)}</td>
      <td className="claude-size">
        {f.bytes === null || !loaded ? (
          <span className="muted">{t('size.none')}</span>
        ) : (
          <span className="claude-size-cell" title={row.over ? t('size.over') : undefined}>
            <span className="claude-bar">
              <span
                className={`claude-bar-fill${row.over ? ' over' : ''}`}
                style={{ width: `${Math.max(row.share * 100, f.chars > 0 ? 1 : 0)}%` }}
              />
            </span>
            <span className={row.over ? 'warn' : undefined} data-testid="claude-file-chars">
              {t('size.chars', { chars: f.chars.toLocaleString() })}
            </span>
          </span>
        )}
      </td>
    </tr>
  );
});

/** The table. */
export function ClaudeFilesTable({ rows, selected, hasTarget, t, onSelect, onClear }: ClaudeFilesTableProps) {
  const body = useRef<HTMLTableSectionElement | null>(null);
  // ↑/↓, PageUp/PageDown, Home/End move the selection as in the Timeline; Escape clears it.
  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>): void => {
    const current = rows.findIndex((r) => r.file.path === selected);
    const action = rowKeyAction(e.key, current, rows.length);
    if (action.kind === 'move' || action.kind === 'open') {
      const row = rows[action.index];
      if (row === undefined) return;
      e.preventDefault();
      onSelect(row.file.path);
      body.current?.querySelector<HTMLElement>(`[data-row="${row.file.index}"]`)?.focus();
    } else if (action.kind === 'close') onClear();
  };
  return (
    <table className="claude-files" data-testid="claude-files">
      <thead>
        <tr>
          <th className="num">{t('col.order')}</th>
          <th>{t('col.phase')}</th>
          <th>{t('col.level')}</th>
          <th>{t('col.file')}</th>
          <th>{t('col.status')}</th>
          <th>{t('col.reason')}</th>
          <th>{t('col.size')}</th>
        </tr>
      </thead>
      <tbody ref={body} onKeyDown={onKeyDown}>
        {rows.map((row) => (
          <Row
            key={`${row.file.index}:${row.file.path}`}
            row={row}
            selected={row.file.path === selected}
            hasTarget={hasTarget}
            t={t}
            onSelect={onSelect}
          />
        ))}
      </tbody>
    </table>
  );
}
