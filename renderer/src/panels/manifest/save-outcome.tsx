/**
 * What became of a save: saved (in words: what changed, that the previous version is kept, when
 * a running agent sees it), a conflict with its three ways out
 * (reload theirs, overwrite, compare), a refused draft, or a disk that would not take it.
 */
import { useState } from 'react';
import type { ApiError } from '../../../../shared/api';
import type { SaveOverrideResult } from '../../../../shared/override/override-file';
import { MonacoDiff } from '../../components/monaco/monaco-diff';
import { apiErrorText } from '../../i18n/api-error-text';
import { useApp } from '../../store/store-context';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ManifestMessageKey } from './messages';
import { changeWords } from './change-words';

/** Props of the notice. */
export interface SaveOutcomeProps {
  readonly outcome: SaveOverrideResult | null;
  readonly error: ApiError | null;
  /** The draft text, for "compare". */
  readonly draftText: string;
  readonly dark: boolean;
  readonly onReloadTheirs: () => void;
  readonly onOverwrite: () => void;
  readonly onDismiss: () => void;
  /** Opens the list of kept versions (the save message's "Show versions"). */
  readonly onShowVersions?: () => void;
  readonly t: PanelTranslate<ManifestMessageKey>;
}

/** The notice. */
export function SaveOutcome(props: SaveOutcomeProps) {
  const { outcome, error, t } = props;
  const [compare, setCompare] = useState(false);
  const language = useApp((s) => s.language);
  if (error !== null) {
    return (
      <div className="save-outcome failed" role="alert" data-testid="save-error">
        {t('save.error', { message: apiErrorText(error, language) })}{' '}
        <button type="button" onClick={props.onDismiss}>
          {t('action.dismiss')}
        </button>
      </div>
    );
  }
  if (outcome === null) return null;
  switch (outcome.kind) {
    case 'saved':
      return (
        <div className="save-outcome saved" role="status" data-testid="save-saved">
          <p>
            {/* What happened in words; the full paths only on hover. */}
            <span title={outcome.path} data-testid="save-words">
              {t('save.savedWords', { what: changeWords(outcome.change, t) })}
            </span>{' '}
            {outcome.keptVersion !== null ? (
              <span title={outcome.backupPath ?? undefined} data-testid="save-kept">
                {t('save.kept')}
              </span>
            ) : outcome.versionError !== null ? (
              <span title={outcome.backupPath ?? undefined} data-testid="save-kept-failed">
                {t('save.keptFailed', { message: outcome.versionError })}
              </span>
            ) : outcome.backupPath === null ? (
              <span>{t('save.keptNone')}</span>
            ) : null}
            {outcome.keptVersion !== null && props.onShowVersions !== undefined ? (
              <>
                {' '}
                <button
                  type="button"
                  className="link-button"
                  data-testid="save-show-versions"
                  onClick={props.onShowVersions}
                >
                  {t('save.showVersions')}
                </button>
              </>
            ) : null}
          </p>
          <p className="cache-note" data-testid="save-cache-note">
            {t('save.cacheWords')}
          </p>
          {outcome.warnings.length > 0 ? (
            <ul>
              {outcome.warnings.map((w) => (
                <li key={`${w.pointer}:${w.message}`}>
                  <code>{w.pointer || '/'}</code> {w.message}
                </li>
              ))}
            </ul>
          ) : null}
          <button type="button" onClick={props.onDismiss}>
            {t('action.dismiss')}
          </button>
        </div>
      );
    case 'conflict':
      return (
        <div className="save-outcome conflict" role="alert" data-testid="save-conflict">
          <p>{t(outcome.disk === null ? 'save.conflictDeleted' : 'save.conflict', { path: outcome.path })}</p>
          <div className="actions">
            <button type="button" data-testid="conflict-reload" onClick={props.onReloadTheirs}>
              {t('save.reloadTheirs')}
            </button>
            <button type="button" data-testid="conflict-overwrite" onClick={props.onOverwrite}>
              {t('save.overwrite')}
            </button>
            <button type="button" data-testid="conflict-compare" onClick={() => setCompare(!compare)}>
              {t('save.compare')}
            </button>
          </div>
          {compare ? (
            <>
              <p className="hint">{t('save.compareHint')}</p>
              <MonacoDiff
                original={outcome.disk?.text ?? ''}
                modified={props.draftText}
                language="json"
                dark={props.dark}
                height={300}
                testId="conflict-diff"
                labels={{ original: t('save.diffDisk'), modified: t('save.diffDraft') }}
              />
            </>
          ) : null}
        </div>
      );
    case 'invalid':
      return (
        <div className="save-outcome failed" role="alert" data-testid="save-invalid">
          <p>{t('save.invalid')}</p>
          <ul>
            {outcome.issues.map((i) => (
              <li key={`${i.pointer}:${i.message}`} className={i.level}>
                <code>{i.pointer || '/'}</code> {i.message}
              </li>
            ))}
          </ul>
          <button type="button" onClick={props.onDismiss}>
            {t('action.dismiss')}
          </button>
        </div>
      );
    case 'write-failed':
      return (
        <div className="save-outcome failed" role="alert" data-testid="save-failed">
          <p>{t(`save.failed.${outcome.reason}`)}</p>
          <p className="hint">{outcome.message}</p>
          <button type="button" onClick={props.onDismiss}>
            {t('action.dismiss')}
          </button>
        </div>
      );
  }
}
