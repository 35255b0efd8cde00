/**
 * "Clean older than 24 h" asks first, showing what it would delete: how many snapshots, their
 * files and size, the oldest and the newest with their file times, and that it judges by those
 * times. Nothing goes until Confirm; the focus starts on Cancel, so Enter deletes nothing.
 */
import { useEffect, useRef } from 'react';
import type { CleanResultShape } from '../../../../shared/api/history-models';
import { formatBytes } from '../../format/bytes';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { HistoryMessageKey } from './messages';

export function CleanPreview(props: {
  readonly clean: CleanResultShape;
  readonly language: string;
  readonly t: PanelTranslate<HistoryMessageKey>;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}): React.JSX.Element {
  const { clean, t } = props;
  const cancel = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    cancel.current?.focus();
  }, []);
  const time = (ms: number): string =>
    new Date(ms).toLocaleString(props.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div
      className="history-banner history-clean"
      role="alertdialog"
      aria-labelledby="history-clean-ask-text"
      aria-describedby="history-clean-basis"
      data-testid="history-clean-ask"
    >
      <div className="history-clean-text">
        <p id="history-clean-ask-text" data-testid="history-clean-summary">
          {clean.count === 0
            ? t('cleanNone')
            : t('cleanAsk', { count: clean.count, files: clean.files, size: formatBytes(clean.bytes) })}
        </p>
        {clean.oldest !== null && clean.newest !== null ? (
          <p data-testid="history-clean-range">
            {t('cleanRange', {
              oldest: clean.oldest.key,
              oldestTime: time(clean.oldest.mtime),
              newest: clean.newest.key,
              newestTime: time(clean.newest.mtime),
            })}
          </p>
        ) : null}
        <p id="history-clean-basis" className="history-soft" data-testid="history-clean-basis">
          {t('cleanBasis')}
        </p>
      </div>
      {clean.count > 0 ? (
        <button type="button" onClick={props.onConfirm} data-testid="history-clean-yes">
          {t('cleanYes', { count: clean.count })}
        </button>
      ) : null}
      <button ref={cancel} type="button" onClick={props.onCancel} data-testid="history-clean-cancel">
        {clean.count === 0 ? t('close') : t('cancel')}
      </button>
    </div>
  );
}
