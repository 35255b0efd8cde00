/**
 * The notice that an unsaved draft was brought back after a reload: nothing comes
 * back silently, and Discard is one click away.
 */
import { useApp } from '../../store/store-context';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ManifestMessageKey } from './messages';

/** The notice, or nothing. */
export function DraftRestoredNotice({ t }: { readonly t: PanelTranslate<ManifestMessageKey> }) {
  const restored = useApp((s) => s.draftKeep.restored);
  const dismiss = useApp((s) => s.draftKeep.dismiss);
  const discard = useApp((s) => s.draft.discard);
  const language = useApp((s) => s.language);
  if (restored === null) return null;
  const when = new Date(restored.editedAt).toLocaleString(language === 'zh-CN' ? 'zh-CN' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <div className="save-outcome reload-notice" role="status" data-testid="draft-restored">
      <span title={restored.overridePath}>
        {t('keep.restored', { file: restored.manifestFile, when })}
        {restored.fileChanged ? ` ${t('keep.fileChanged')}` : ''}
      </span>{' '}
      <button type="button" onClick={dismiss} data-testid="draft-restored-dismiss">
        {t('action.dismiss')}
      </button>{' '}
      <button
        type="button"
        data-testid="draft-restored-discard"
        onClick={() => {
          discard();
          dismiss();
        }}
      >
        {t('action.discard')}
      </button>
    </div>
  );
}
