/**
 * The override's kept versions in the Manifest tab: newest first with time, size and
 * what the save after it changed, in words; the selected one's diff against the file now and its
 * effect on the render; Restore (the same safe save, itself kept, so undoable). The list is a
 * listbox moved by ↑ ↓ Home End PageUp PageDown and Enter, as the History table is.
 */
import type { KeyboardEvent } from 'react';
import { useRef } from 'react';
import type { InspectorApi, Scenario } from '../../../../shared/api';
import type { OverrideVersion } from '../../../../shared/override/override-versions';
import { MonacoDiff } from '../../components/monaco/monaco-diff';
import { formatBytes } from '../../format/bytes';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { apiErrorText } from '../../i18n/api-error-text';
import { useApp } from '../../store/store-context';
import { rowKeyAction } from '../../components/row-keys';
import { changeWords } from './change-words';
import type { ManifestMessageKey } from './messages';
import { useOverrideVersions } from './use-override-versions';

/** Props of the list. */
export interface VersionsPanelProps {
  readonly api: InspectorApi;
  readonly manifestFile: string;
  readonly currentHash: string | null;
  readonly scenario: Scenario | null;
  /** A draft exists: restoring would drop it, so it waits for Save or Discard. */
  readonly dirty: boolean;
  readonly dark: boolean;
  readonly open: boolean;
  readonly onToggle: (open: boolean) => void;
  /** After a restore was written: the tab loads the file again. */
  readonly onRestored: () => void;
  readonly t: PanelTranslate<ManifestMessageKey>;
}

/** The list, its detail and Restore. */
export function VersionsPanel(props: VersionsPanelProps) {
  const { t } = props;
  const language = useApp((s) => s.language);
  const v = useOverrideVersions(
    props.api,
    props.manifestFile,
    props.currentHash,
    props.scenario,
    props.onRestored,
  );
  const listRef = useRef<HTMLUListElement | null>(null);
  const versions = v.list?.versions ?? [];
  const time = (ms: number): string =>
    new Date(ms).toLocaleString(language === 'zh-CN' ? 'zh-CN' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'medium',
    });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>): void => {
    const current = versions.findIndex((x) => x.id === v.selected);
    const action = rowKeyAction(e.key, current, versions.length);
    if (action.kind !== 'move' && action.kind !== 'open') return;
    const row = versions[action.index];
    if (row === undefined) return;
    e.preventDefault();
    v.select(row.id);
    listRef.current?.querySelector<HTMLElement>(`[data-version="${row.id}"]`)?.focus();
  };

  const selected = versions.find((x) => x.id === v.selected) ?? null;
  const focusable = selected?.id ?? versions[0]?.id ?? null;
  const what = (x: OverrideVersion): string =>
    `${changeWords(x.change, t)}${x.reason === 'restore' ? ` (${t('versions.reason.restore')})` : ''}`;

  return (
    <details
      className="override-versions"
      data-testid="versions"
      open={props.open}
      onToggle={(e) => props.onToggle((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary data-testid="versions-summary">{t('versions.title', { count: versions.length })}</summary>
      {v.list === null && v.listError === null ? <p className="panel-note">{t('versions.loading')}</p> : null}
      {v.listError !== null ? (
        <p className="panel-note warn" role="alert">
          {t('versions.failed', { message: apiErrorText(v.listError, language) })}
        </p>
      ) : null}
      {v.list !== null ? (
        <p className="hint">{t('versions.hint', { count: v.list.keepCount, days: v.list.keepDays })}</p>
      ) : null}
      {v.list !== null && versions.length === 0 ? <p className="panel-note">{t('versions.empty')}</p> : null}
      {versions.length > 0 ? (
        <>
          <p className="hint" id="versions-keys">
            {t('versions.keys')}
          </p>
          <ul
            ref={listRef}
            className="versions-list"
            role="listbox"
            aria-label={t('versions.list')}
            aria-describedby="versions-keys"
            data-testid="versions-list"
            onKeyDown={onKeyDown}
          >
            {versions.map((x) => (
              <li
                key={x.id}
                role="option"
                aria-selected={x.id === v.selected}
                tabIndex={x.id === focusable ? 0 : -1}
                className={x.id === v.selected ? 'selected' : undefined}
                data-version={x.id}
                data-testid="version-row"
                onClick={() => v.select(x.id)}
              >
                <span className="version-time">{time(x.keptAt)}</span>
                <span className="version-size">{formatBytes(x.bytes)}</span>
                <span className="version-what">{what(x)}</span>
                {x.current ? <span className="version-current">{t('versions.current')}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {selected !== null ? (
        <section
          className="version-detail"
          aria-label={t('versions.selected', { time: time(selected.keptAt) })}
        >
          {v.readError !== null ? (
            <p className="panel-note warn" role="alert">
              {t('versions.failed', { message: apiErrorText(v.readError, language) })}
            </p>
          ) : null}
          {v.read !== null && v.read.version.id === selected.id ? (
            <>
              <p data-testid="version-restore-what">
                {t('versions.restoreWhat', { what: changeWords(v.read.change, t) })}
              </p>
              <h4>{t('versions.effect')}</h4>
              <p>
                {t('versions.effectBytes', {
                  now: formatBytes(v.read.contextBytesNow),
                  restored: formatBytes(v.read.contextBytesRestored),
                })}
              </p>
              {v.read.sections.filter((s) => s.before !== s.after).length === 0 ? (
                <p data-testid="version-effect-none">{t('versions.effectNone')}</p>
              ) : (
                <table className="impact-changes" data-testid="version-effect">
                  <thead>
                    <tr>
                      <th>{t('versions.col.section')}</th>
                      <th>{t('versions.col.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {v.read.sections
                      .filter((s) => s.before !== s.after)
                      .map((s) => (
                        <tr key={s.id}>
                          <td>{s.id}</td>
                          <td>
                            {t(`status.${s.before ?? 'absent'}` as ManifestMessageKey)} →{' '}
                            {t(`status.${s.after ?? 'absent'}` as ManifestMessageKey)}
                          </td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              )}
              <MonacoDiff
                original={v.read.currentText ?? ''}
                modified={v.read.text}
                language="json"
                dark={props.dark}
                height={260}
                testId="version-diff"
                labels={{ original: t('versions.diffNow'), modified: t('versions.diffVersion') }}
              />
            </>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="primary"
              data-testid="version-restore"
              disabled={props.dirty || v.restoring || selected.current}
              title={props.dirty ? t('versions.restoreDirty') : undefined}
              onClick={() => void v.restore()}
            >
              {v.restoring ? t('versions.restoring') : t('versions.restore')}
            </button>
            {props.dirty ? <span className="hint">{t('versions.restoreDirty')}</span> : null}
          </div>
        </section>
      ) : null}
      <RestoreResult state={v} time={time} t={t} />
    </details>
  );
}

function RestoreResult({
  state,
  time,
  t,
}: {
  readonly state: ReturnType<typeof useOverrideVersions>;
  readonly time: (ms: number) => string;
  readonly t: PanelTranslate<ManifestMessageKey>;
}) {
  const language = useApp((s) => s.language);
  if (state.restoreError !== null)
    return (
      <p className="save-outcome failed" role="alert">
        {t('versions.restoreFailed', { message: apiErrorText(state.restoreError, language) })}
      </p>
    );
  const r = state.restored?.result;
  if (r === undefined || state.restored === null) return null;
  switch (r.kind) {
    case 'saved':
      return (
        <p className="save-outcome saved" role="status" data-testid="version-restored" title={r.path}>
          {t('versions.restored', { time: time(state.restored.keptAt), what: changeWords(r.change, t) })}
        </p>
      );
    case 'conflict':
      return (
        <p className="save-outcome conflict" role="alert" data-testid="version-restore-conflict">
          {t('versions.restoreConflict')}
        </p>
      );
    case 'invalid':
      return (
        <p className="save-outcome failed" role="alert">
          {t('versions.restoreInvalid')}
        </p>
      );
    case 'write-failed':
      return (
        <p className="save-outcome failed" role="alert" title={r.message}>
          {t(`save.failed.${r.reason}`)}
        </p>
      );
  }
}
