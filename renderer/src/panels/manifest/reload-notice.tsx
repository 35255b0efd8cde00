/**
 * The notice that the override was reloaded because it changed on disk, naming what changed:
 * until now only the status bar's "Changed on disk" hinted at it.
 */
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ManifestMessageKey } from './messages';
import type { ReloadChanges } from '../../store/draft-reload-changes';

/** Props of the notice. */
export interface ReloadNoticeProps {
  readonly notice: { readonly path: string; readonly changes: ReloadChanges } | null;
  readonly onDismiss: () => void;
  readonly t: PanelTranslate<ManifestMessageKey>;
}

/** The notice, or nothing. */
export function ReloadNotice({ notice, onDismiss, t }: ReloadNoticeProps) {
  if (notice === null) return null;
  const { added, removed, changed, other } = notice.changes;
  const parts = [
    added.length > 0 ? t('reload.added', { ids: added.join(', ') }) : null,
    removed.length > 0 ? t('reload.removed', { ids: removed.join(', ') }) : null,
    changed.length > 0 ? t('reload.changed', { ids: changed.join(', ') }) : null,
    other ? t('reload.other') : null,
  ].filter((p): p is string => p !== null);
  return (
    <div className="save-outcome reload-notice" role="status" data-testid="reload-notice">
      <span>
        {t('reload.title', { path: notice.path })} {parts.join(' · ')}
      </span>{' '}
      <button type="button" onClick={onDismiss} data-testid="reload-notice-dismiss">
        {t('action.dismiss')}
      </button>
    </div>
  );
}
