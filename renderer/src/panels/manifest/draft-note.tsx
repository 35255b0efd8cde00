/**
 * A note for the Timeline and Context tabs while an override draft is unsaved: the render
 * with the draft beside the render without it (what changes, the bytes, the cache prefix, the
 * context diff), and a way back to the Manifest tab.
 */
import { usePanelT } from '../../i18n/panel-messages';
import { sessionDirty } from '../../store/draft-session';
import { useApp } from '../../store/store-context';
import { DraftImpact } from './draft-impact';
import { manifestMessages } from './messages';
import { useDraftRenders } from './use-draft-renders';
import './manifest.css';
import { useDark } from '../../theme/use-dark';

/** The note; renders nothing without an unsaved draft. */
export function DraftRenderNote() {
  const t = usePanelT(manifestMessages);
  const dark = useDark();
  const setTab = useApp((s) => s.setTab);
  const session = useApp((s) => s.draft.session);
  const renders = useApp((s) => s.draft.renders);
  useDraftRenders();
  if (session === null || !sessionDirty(session)) return null;
  const saved = renders?.saved.report ?? null;
  const draft = renders?.draft?.report ?? null;
  return (
    <details className="draft-note" data-testid="draft-note">
      <summary>
        {t('note.summary', { file: session.pair.manifestFile })}{' '}
        <button type="button" onClick={() => setTab('manifest')}>
          {t('note.open')}
        </button>
      </summary>
      {saved !== null && draft !== null ? (
        <DraftImpact saved={saved} draft={draft} dark={dark} t={t} />
      ) : (
        <p>{t('impact.pending')}</p>
      )}
    </details>
  );
}
