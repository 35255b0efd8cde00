/**
 * The message manifest's render modes: for each message item type, its sections'
 * `modeName` / `isDefault` (editable, each change a draft edit like any other field) and the
 * mode the type would render with — the agent config's `renderModes`, else the `isDefault` one.
 * Shown only for a manifest whose sections carry a `modeType`.
 */
import { useMemo } from 'react';
import type { MergedManifest, Vars } from '../../../../shared/engine';
import { renderModeRows } from '../../../../shared/manifest/render-modes';
import { setSectionField } from '../../../../shared/override/override-ops';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ManifestMessageKey } from './messages';
import type { DraftEdit } from './sections-table';

/** Props of the panel. */
export interface RenderModesPanelProps {
  readonly merged: MergedManifest | null;
  readonly vars: Vars;
  readonly readOnly: boolean;
  readonly onEdit: DraftEdit;
  readonly t: PanelTranslate<ManifestMessageKey>;
}

/** The panel; nothing when no section names a mode type. */
export function RenderModesPanel({ merged, vars, readOnly, onEdit, t }: RenderModesPanelProps) {
  const rows = useMemo(() => (merged === null ? [] : renderModeRows(merged.sections, vars)), [merged, vars]);
  if (rows.length === 0) return null;
  return (
    <section className="render-modes" data-testid="render-modes" aria-label={t('modes.title')}>
      <h3>{t('modes.title')}</h3>
      <p className="hint">{t('modes.hint')}</p>
      <table>
        <thead>
          <tr>
            <th>{t('modes.type')}</th>
            <th>{t('modes.active')}</th>
            <th>{t('modes.sections')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.type} data-testid={`mode-type-${row.type}`} data-active={row.active ?? ''}>
              <td>
                <code>{row.type}</code>
              </td>
              <td>
                {row.active === null ? (
                  <span className="muted">{t('modes.none')}</span>
                ) : (
                  <>
                    <strong>{row.active}</strong>{' '}
                    <span className="hint">
                      {t(row.source === 'config' ? 'modes.fromConfig' : 'modes.fromDefault')}
                    </span>
                  </>
                )}
                {row.activeUnmatched ? (
                  <div className="mode-warning" data-testid={`mode-unmatched-${row.type}`}>
                    {t('modes.unmatched', { mode: row.active ?? '' })}
                  </div>
                ) : null}
              </td>
              <td>
                <ul className="mode-sections">
                  {row.sections.map((s) => (
                    <li key={s.id} data-testid={`mode-section-${s.id}`}>
                      <code>{s.id}</code>{' '}
                      <label>
                        <input
                          size={12}
                          disabled={readOnly}
                          defaultValue={s.modeName ?? ''}
                          key={`${s.id}:${s.modeName ?? ''}`}
                          aria-label={t('modes.modeName', { id: s.id })}
                          data-testid={`mode-name-${s.id}`}
                          onBlur={(e) => {
                            const name = e.target.value.trim();
                            if (name === (s.modeName ?? '')) return;
                            onEdit(
                              (v, b) =>
                                setSectionField(v, b, s.id, 'modeName', name === '' ? undefined : name),
                              `modeName:${s.id}`,
                              { kind: 'mode', id: s.id },
                            );
                          }}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter') e.currentTarget.blur();
                          }}
                        />
                      </label>{' '}
                      <label>
                        <input
                          type="checkbox"
                          disabled={readOnly}
                          checked={s.isDefault}
                          data-testid={`mode-default-${s.id}`}
                          onChange={(e) => {
                            const on = e.target.checked;
                            onEdit((v, b) => setSectionField(v, b, s.id, 'isDefault', on), undefined, {
                              kind: 'mode',
                              id: s.id,
                            });
                          }}
                        />{' '}
                        {t('modes.isDefault')}
                      </label>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
