/**
 * The one band over a tab that shows a render. While an override draft is unsaved:
 * "Draft — not saved: 2 changes" with Undo (named), Save, Discard and Show saved / Show draft,
 * the tab showing the draft's render. Without a draft: the "Changes" list of the last var edit
 * or change on disk, kept until the next one.
 */
import { useApp } from '../store/store-context';
import { currentDraft, redoLabel, undoLabel } from '../store/draft-session';
import { draftChangeCount, draftRender, hasDraft, showsDraft } from '../store/shown-render';
import { usePanelT } from '../i18n/panel-messages';
import { ChangesList } from './changes-list';
import { redoText, undoText } from './edit-label-text';
import { renderBandMessages } from './render-band-messages';
import { useDraftUndoKeys } from './use-draft-undo-keys';
import './draft-band.css';

/** The draft band, or the Changes list when there is no draft. */
export function RenderBand() {
  const dirty = useApp(hasDraft);
  return dirty ? <DraftBand /> : <ChangesList />;
}

function DraftBand() {
  const t = usePanelT(renderBandMessages);
  const session = useApp((s) => s.draft.session);
  const shown = useApp(showsDraft);
  const pending = useApp((s) => draftRender(s) === null);
  const saving = useApp((s) => s.draft.saving);
  const outcome = useApp((s) => s.draft.outcome);
  const saveError = useApp((s) => s.draft.saveError);
  const undo = useApp((s) => s.draft.undo);
  const redo = useApp((s) => s.draft.redo);
  const save = useApp((s) => s.draft.save);
  const discard = useApp((s) => s.draft.discard);
  const setShowSaved = useApp((s) => s.draft.setShowSaved);
  const setTab = useApp((s) => s.setTab);
  useDraftUndoKeys();
  if (session === null) return null;
  const n = draftChangeCount(session);
  const parseError = currentDraft(session).parseError !== null;
  const undoing = undoLabel(session);
  const redoing = redoLabel(session);
  const text = shown
    ? n === 1
      ? t('band.draftOne')
      : t('band.draft', { n })
    : n === 1
      ? t('band.savedShownOne')
      : t('band.savedShown', { n });
  return (
    <section
      className={`draft-band${shown ? ' shows-draft' : ' shows-saved'}`}
      aria-label={t('band.label')}
      data-testid="draft-band"
      data-shown={shown ? 'draft' : 'saved'}
      data-changes={n}
    >
      <strong className="draft-band-text" data-testid="draft-band-text" aria-live="polite">
        {text}
      </strong>
      <span className="draft-band-file">{t('band.file', { file: session.pair.manifestFile })}</span>
      {pending ? <span className="draft-band-pending">{t('band.pending')}</span> : null}
      <span className="draft-band-actions">
        <button
          type="button"
          disabled={undoing === null}
          onClick={undo}
          data-testid="band-undo"
          title={undoText(t, undoing)}
        >
          {undoText(t, undoing)}
        </button>
        {redoing !== null ? (
          <button type="button" onClick={redo} data-testid="band-redo">
            {redoText(t, redoing)}
          </button>
        ) : null}
        <button
          type="button"
          className="primary"
          disabled={saving || parseError}
          onClick={() => void save()}
          data-testid="band-save"
        >
          {saving ? t('band.saving') : t('band.save')}
        </button>
        <button type="button" onClick={discard} data-testid="band-discard">
          {t('band.discard')}
        </button>
        <button
          type="button"
          disabled={pending}
          onClick={() => setShowSaved(shown)}
          data-testid="band-show-saved"
        >
          {shown ? t('band.showSaved') : t('band.showDraft')}
        </button>
        <button type="button" className="link" onClick={() => setTab('manifest')} data-testid="band-edit">
          {t('band.edit')}
        </button>
      </span>
      {saveError !== null ? (
        <span className="draft-band-error" role="alert">
          {t('band.saveFailed', { message: saveError.message })}
        </span>
      ) : outcome !== null && outcome.kind !== 'saved' ? (
        <span className="draft-band-error" role="alert" data-testid="band-not-saved">
          {t('band.notSaved')}
        </span>
      ) : null}
    </section>
  );
}
