/**
 * The merged sections as a table with the plain editing form: on/off, order and moves, the
 * `when` editor, reset to base; each field marked with its origin (base / override).
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import type { Json } from '../../../../shared/engine';
import type { BaseSections, OverrideValue } from '../../../../shared/override/override-ops';
import {
  orderForDrop,
  orderForMove,
  resetSection,
  setSectionEnabled,
  setSectionField,
} from '../../../../shared/override/override-ops';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { EditLabel } from '../../store/edit-label';
import type { MergedRow } from './merged-rows';
import type { ManifestMessageKey } from './messages';
import { WhenEditor } from './when-editor';
import { whenSummary } from './when-summary';

/** A draft edit with its undo-merge key and its name (what Undo says it takes back). */
export type DraftEdit = (
  edit: (value: OverrideValue, base: BaseSections) => OverrideValue,
  key?: string,
  label?: EditLabel,
) => void;

/** Props of the table. */
export interface SectionsTableProps {
  readonly rows: readonly MergedRow[];
  readonly replaceMode: boolean;
  readonly readOnly: boolean;
  readonly onEdit: DraftEdit;
  readonly t: PanelTranslate<ManifestMessageKey>;
  /** The row the expert panes scroll to; a click or focus in a row selects it. */
  readonly selected?: string | null;
  readonly onSelect?: (id: string) => void;
}

/** Where a dragged section would land: before `beforeId`, or at the end when it is null. */
interface DropTarget {
  readonly dragged: string;
  readonly beforeId: string | null;
}

/** The id that a drop on `row` at `clientY` lands before: this row's upper half, or the next row. */
function beforeIdAt(
  rows: readonly MergedRow[],
  row: MergedRow,
  el: HTMLElement,
  clientY: number,
): string | null {
  const box = el.getBoundingClientRect();
  if (clientY < box.top + box.height / 2) return row.id;
  const i = rows.findIndex((r) => r.id === row.id);
  return rows[i + 1]?.id ?? null;
}

function OrderCell({
  row,
  rows,
  readOnly,
  onEdit,
  t,
  onDragStart,
  onDragEnd,
}: { row: MergedRow; onDragStart: () => void; onDragEnd: () => void } & SectionsTableProps) {
  const move = (direction: 'up' | 'down'): void => {
    const order = orderForMove(rows, row.id, direction);
    if (order !== null)
      onEdit((v, b) => setSectionField(v, b, row.id, 'order', order), undefined, {
        kind: 'order',
        id: row.id,
      });
  };
  return (
    <td className="order-cell">
      {/* The drag handle (the ↑ ↓ buttons are its keyboard way); the row is the drag image. */}
      <span
        className={`drag-handle${readOnly ? ' is-disabled' : ''}`}
        draggable={!readOnly}
        title={t('action.drag', { id: row.id })}
        aria-hidden="true"
        data-testid={`drag-${row.id}`}
        onDragStart={(e) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', row.id);
          const tr = e.currentTarget.closest('tr');
          if (tr !== null) e.dataTransfer.setDragImage(tr, 8, 8);
          onDragStart();
        }}
        onDragEnd={onDragEnd}
      >
        ⋮⋮
      </span>
      <input
        type="number"
        step="any"
        aria-label={`${t('col.order')} ${row.id}`}
        data-testid={`order-${row.id}`}
        disabled={readOnly}
        defaultValue={row.order ?? ''}
        key={String(row.order)}
        onBlur={(e) => {
          const n = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(n) && n !== row.order) {
            onEdit((v, b) => setSectionField(v, b, row.id, 'order', n), undefined, {
              kind: 'order',
              id: row.id,
            });
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
      <button
        type="button"
        disabled={readOnly}
        title={t('action.up')}
        aria-label={t('action.up')}
        onClick={() => move('up')}
      >
        ↑
      </button>
      <button
        type="button"
        disabled={readOnly}
        title={t('action.down')}
        aria-label={t('action.down')}
        onClick={() => move('down')}
      >
        ↓
      </button>
    </td>
  );
}

/** Columns of the table, so the editor's row spans them all. */
const COLUMN_COUNT = 7;

/**
 * The `when` editor of one section, in a row of its own under it: it spans the table, so
 * opening it never widens the When column and moves the others. Focus goes into it
 * on open; Escape closes it.
 */
function WhenEditorRow({
  row,
  readOnly,
  onEdit,
  onClose,
  t,
}: {
  readonly row: MergedRow;
  readonly readOnly: boolean;
  readonly onEdit: DraftEdit;
  readonly onClose: () => void;
  readonly t: PanelTranslate<ManifestMessageKey>;
}) {
  const cell = useRef<HTMLTableCellElement | null>(null);
  useEffect(() => {
    cell.current?.querySelector<HTMLElement>('select, input, button')?.focus();
  }, []);
  return (
    <tr className="when-editor-row" data-testid={`when-row-${row.id}`}>
      <td
        colSpan={COLUMN_COUNT}
        ref={cell}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }}
      >
        <WhenEditor
          when={row.when}
          t={t}
          disabled={readOnly}
          testId={`when-${row.id}`}
          onChange={(when: Json | undefined) =>
            onEdit((v, b) => setSectionField(v, b, row.id, 'when', when), `when:${row.id}`, {
              kind: 'condition',
              id: row.id,
            })
          }
        />
        <button type="button" onClick={onClose} data-testid={`close-when-${row.id}`}>
          {t('action.closeWhen')}
        </button>
      </td>
    </tr>
  );
}

/** The table. */
export function SectionsTable(props: SectionsTableProps) {
  const { rows, replaceMode, readOnly, onEdit, t, selected, onSelect } = props;
  const [editingWhen, setEditingWhen] = useState<string | null>(null);
  // The Change buttons, so closing the editor (Escape, Done) puts focus back where it started.
  const whenButtons = useRef(new Map<string, HTMLButtonElement>());
  const closeWhen = (id: string): void => {
    setEditingWhen(null);
    whenButtons.current.get(id)?.focus();
  };
  const [drop, setDrop] = useState<DropTarget | null>(null);
  const finishDrop = (): void => {
    if (drop === null) return;
    const order = orderForDrop(rows, drop.dragged, drop.beforeId);
    const id = drop.dragged;
    setDrop(null);
    if (order !== null)
      onEdit((v, b) => setSectionField(v, b, id, 'order', order), undefined, { kind: 'order', id });
  };
  // Once per render, not per row: a drop that would change nothing shows no line.
  const dropChanges = drop !== null && orderForDrop(rows, drop.dragged, drop.beforeId) !== null;
  const dropClass = (row: MergedRow, i: number): string => {
    if (drop === null || !dropChanges) return '';
    if (drop.beforeId === row.id) return ' drop-before';
    return drop.beforeId === null && i === rows.length - 1 ? ' drop-after' : '';
  };
  return (
    <table className="manifest-sections" data-testid="manifest-sections">
      <thead>
        <tr>
          <th>{t('col.order')}</th>
          <th>{t('col.section')}</th>
          <th>{t('col.on')}</th>
          <th>{t('col.when')}</th>
          <th>{t('col.status')}</th>
          <th>{t('col.fields')}</th>
          <th>{t('col.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <Fragment key={row.id}>
            <tr
              data-testid={`section-row-${row.id}`}
              data-origin={row.origin}
              data-status={row.status ?? 'absent'}
              className={`origin-${row.origin}${row.unmatched ? ' unmatched' : ''}${drop?.dragged === row.id ? ' is-dragged' : ''}${dropClass(row, i)}${selected === row.id ? ' is-selected' : ''}`}
              data-selected={selected === row.id ? 'true' : undefined}
              onClick={() => onSelect?.(row.id)}
              onFocus={() => onSelect?.(row.id)}
              onDragOver={(e) => {
                if (drop === null) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                const beforeId = beforeIdAt(rows, row, e.currentTarget, e.clientY);
                if (beforeId !== drop.beforeId) setDrop({ ...drop, beforeId });
              }}
              onDrop={(e) => {
                e.preventDefault();
                finishDrop();
              }}
            >
              <OrderCell
                row={row}
                {...props}
                onDragStart={() => setDrop({ dragged: row.id, beforeId: row.id })}
                onDragEnd={() => setDrop(null)}
              />
              <td>
                <div className="section-id">{row.id}</div>
                {row.description ? <div className="section-desc">{row.description}</div> : null}
                {row.origin === 'added' && row.unmatched === null ? (
                  <span className="callout added">{t('callout.added')}</span>
                ) : null}
                {row.unmatched ? (
                  <span className="callout unmatched" data-testid={`unmatched-${row.id}`}>
                    {t('callout.unmatched')}
                    {row.unmatched.near ? ` — ${t('callout.didYouMean', { near: row.unmatched.near })}` : ''}
                  </span>
                ) : null}
              </td>
              <td>
                <input
                  type="checkbox"
                  role="switch"
                  aria-label={t('toggle.label', { id: row.id })}
                  data-testid={`toggle-${row.id}`}
                  checked={row.enabled}
                  disabled={readOnly}
                  onChange={(e) => {
                    const on = e.target.checked;
                    onEdit((v, b) => setSectionEnabled(v, b, row.id, on), undefined, {
                      kind: on ? 'enable' : 'disable',
                      id: row.id,
                    });
                  }}
                />
              </td>
              <td className="when-cell">
                <code>{whenSummary(t, row.when)}</code>{' '}
                <button
                  type="button"
                  disabled={readOnly}
                  aria-expanded={editingWhen === row.id}
                  data-testid={`edit-when-${row.id}`}
                  ref={(el) => {
                    if (el === null) whenButtons.current.delete(row.id);
                    else whenButtons.current.set(row.id, el);
                  }}
                  onClick={() => (editingWhen === row.id ? closeWhen(row.id) : setEditingWhen(row.id))}
                >
                  {editingWhen === row.id ? t('action.closeWhen') : t('action.editWhen')}
                </button>
              </td>
              <td>
                <span
                  className={`status-badge status-${row.status ?? 'absent'}`}
                  data-testid={`status-${row.id}`}
                >
                  {t(`status.${row.status ?? 'absent'}`)}
                </span>
              </td>
              <td>
                <div className="field-origins">
                  {row.fields.map((f) => (
                    <span
                      key={f.field}
                      className={`field-chip from-${f.origin}`}
                      title={t(`origin.${f.origin}`)}
                      data-origin={f.origin}
                    >
                      {f.field}
                    </span>
                  ))}
                </div>
              </td>
              <td className="nowrap">
                <button
                  type="button"
                  data-testid={`reset-${row.id}`}
                  disabled={readOnly || replaceMode || !row.hasEntry}
                  title={replaceMode ? t('mode.resetDisabled') : t('action.resetHint')}
                  onClick={() =>
                    onEdit((v) => resetSection(v, row.id), undefined, {
                      // Resetting a section the override added takes it out of the manifest.
                      kind: row.origin === 'added' ? 'remove' : 'reset',
                      id: row.id,
                    })
                  }
                >
                  {t('action.reset')}
                </button>
              </td>
            </tr>
            {editingWhen === row.id ? (
              <WhenEditorRow
                key={`${row.id}:when`}
                row={row}
                readOnly={readOnly}
                onEdit={onEdit}
                onClose={() => closeWhen(row.id)}
                t={t}
              />
            ) : null}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
