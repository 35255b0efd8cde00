/**
 * The Manifest tab: base, override and merged side by side for the current session
 * type's manifest file (or another one picked), the merged sections with each field's
 * origin, a plain form that edits a draft override, the draft's effect on the render, and a
 * save that writes only the minimal patch.
 */
import { useEffect, useMemo, useState } from 'react';
import { validateManifest } from '../../../../shared/manifest/validate';
import { overrideMode } from '../../../../shared/override/override-ops';
import { MonacoDiff } from '../../components/monaco/monaco-diff';
import { usePanelT } from '../../i18n/panel-messages';
import { currentDraft, sessionDirty } from '../../store/draft-session';
import { useApp, useAppStore } from '../../store/store-context';
import { useApi } from '../../store/use-api';
import { AddSectionForm } from './add-section-form';
import { DraftImpact } from './draft-impact';
import { ExpertSplit } from './expert-split';
import { FilePanes } from './file-panes';
import { BomLines } from '../../components/bom-note';
import { diagnosticsByFile, fileMarkers } from './file-markers';
import { baseJsonLikeMerged, mergedJson, mergedRows } from './merged-rows';
import { RenderModesPanel } from './render-modes-panel';
import { LazyMount } from './lazy-mount';
import { manifestMessages } from './messages';
import { ReloadNotice } from './reload-notice';
import { SaveOutcome } from './save-outcome';
import { SectionsTable } from './sections-table';
import { useDraftRenders } from './use-draft-renders';
import { VersionsPanel } from './versions-panel';
import { DraftRestoredNotice } from './draft-restored-notice';
import { useDraftUndoKeys } from '../../components/use-draft-undo-keys';
import { redoText, undoText } from '../../components/edit-label-text';
import { renderBandMessages } from '../../components/render-band-messages';
import { redoLabel, undoLabel } from '../../store/draft-session';
import './manifest.css';
import { useDark } from '../../theme/use-dark';

const DEFAULT_MANIFEST = 'eck_manifest.json';

/** `true` when `file` is inside `dir` (either separator). */
function isUnder(file: string, dir: string): boolean {
  const f = file.replace(/\\/g, '/');
  const d = dir.replace(/\\/g, '/').replace(/\/+$/, '');
  return f.startsWith(`${d}/`);
}

/** The Manifest panel. */
export default function ManifestPanel() {
  const t = usePanelT(manifestMessages);
  const tb = usePanelT(renderBandMessages);
  const dark = useDark();
  const api = useApi();
  const render = useApp((s) => s.render);
  const workspace = useApp((s) => s.workspace);
  const diskChange = useApp((s) => s.diskChange);
  const session = useApp((s) => s.draft.session);
  const loadError = useApp((s) => s.draft.loadError);
  const renders = useApp((s) => s.draft.renders);
  const expert = useApp((s) => s.draft.expert);
  const saving = useApp((s) => s.draft.saving);
  const outcome = useApp((s) => s.draft.outcome);
  const saveError = useApp((s) => s.draft.saveError);
  const renderError = useApp((s) => s.draft.renderError);
  const pickedFile = useApp((s) => s.draft.pickedFile);
  const reloadNotice = useApp((s) => s.draft.reloadNotice);
  const store = useAppStore();
  const load = useApp((s) => s.draft.load);
  const pickFile = useApp((s) => s.draft.pick);
  const undo = useApp((s) => s.draft.undo);
  const redo = useApp((s) => s.draft.redo);
  const discard = useApp((s) => s.draft.discard);
  const setExpert = useApp((s) => s.draft.setExpert);
  const save = useApp((s) => s.draft.save);
  const edit = useApp((s) => s.draft.edit);
  const type = useApp((s) => s.draft.type);
  const dismissOutcome = useApp((s) => s.draft.dismissOutcome);
  const dismissReloadNotice = useApp((s) => s.draft.dismissReloadNotice);
  const scenario = useApp((s) => s.scenario);
  const [versionsOpen, setVersionsOpen] = useState(false);
  // The row the expert panes beside the table scroll to.
  const [selectedRow, setSelectedRow] = useState<string | null>(null);

  const currentFile = render?.report.manifestFile ?? DEFAULT_MANIFEST;
  const file = pickedFile ?? currentFile;
  const dirty = session !== null && sessionDirty(session);
  const sessionFile = session?.pair.manifestFile ?? null;

  // Load the pair when the file changes; never drop a draft to follow the session type. A
  // draft of another workspace's override means nothing here (and must never be saved here).
  const home = workspace?.home ?? null;
  useEffect(() => {
    const otherHome = session !== null && home !== null && !isUnder(session.pair.overridePath, home);
    if (session === null || otherHome || (session.pair.manifestFile !== file && !sessionDirty(session)))
      void load(file);
  }, [load, file, home, session]);

  // The override changed on disk while nothing is edited (or once the draft is discarded): show theirs.
  useEffect(() => {
    const s = store.getState().draft.session;
    if (diskChange === null || s === null || sessionDirty(s)) return;
    const overridePath = s.pair.overridePath.replace(/\\/g, '/');
    if (diskChange.paths.some((p) => p.replace(/\\/g, '/') === overridePath))
      void load(s.pair.manifestFile, true);
  }, [store, load, diskChange, dirty]);

  useDraftRenders();

  useDraftUndoKeys();

  const draft = session === null ? null : currentDraft(session);
  const shown = renders?.draft ?? renders?.saved ?? null;
  const report = shown?.report ?? null;
  const merged = report?.merged ?? null;
  const rows = useMemo(
    () => (report === null || session === null ? [] : mergedRows(report, draft?.value ?? null, session.base)),
    [report, session, draft],
  );
  const issues = useMemo(
    () =>
      draft?.value == null || draft.parseError !== null
        ? []
        : validateManifest(
            draft.value,
            'override',
            session?.baseValue === undefined ? {} : { base: session.baseValue },
          ),
    [draft, session],
  );
  const markers = useMemo(() => {
    if (session === null || report === null) return { base: [], override: [] };
    const split = diagnosticsByFile(report, draft?.value ?? null);
    const savedSplit = renders?.saved ? diagnosticsByFile(renders.saved.report, null) : split;
    return {
      base: fileMarkers(session.pair.baseText ?? '', merged?.basePath ?? '', savedSplit.base),
      override: fileMarkers(draft?.text ?? '', merged?.overridePath ?? '', split.override, issues),
    };
  }, [session, report, renders, draft, merged, issues]);

  if (loadError !== null) {
    return (
      <p className="panel-note warn" role="alert">
        {t('panel.loadFailed', { file, message: loadError.message })}
      </p>
    );
  }
  if (session === null || draft === null) return <p className="panel-note">{t('panel.loading')}</p>;

  const replace = overrideMode(draft.value) === 'replace';
  const readOnly = draft.parseError !== null;
  const files = workspace?.manifestFiles.length ? workspace.manifestFiles : [currentFile];
  const unmatched = rows.filter((r) => r.unmatched !== null);
  const history = session.history;
  const draftReport = renders?.draft?.report ?? null;
  const savedReport = renders?.saved?.report ?? null;
  const maxOrder = rows.reduce((m, r) => Math.max(m, r.order ?? 0), 0);

  const form = (
    <>
      <SectionsTable
        rows={rows}
        replaceMode={replace}
        readOnly={readOnly}
        onEdit={edit}
        t={t}
        selected={selectedRow}
        onSelect={setSelectedRow}
      />
      <RenderModesPanel merged={merged} vars={report?.vars ?? {}} readOnly={readOnly} onEdit={edit} t={t} />

      <AddSectionForm
        api={api}
        takenIds={rows.map((r) => r.id)}
        pathVars={report?.pathVars ?? {}}
        suggestedOrder={Math.floor(maxOrder) + 5}
        readOnly={readOnly}
        onEdit={edit}
        t={t}
      />
    </>
  );
  const panes = (layout: 'row' | 'side') => (
    <FilePanes
      manifestFile={session.pair.manifestFile}
      basePath={session.pair.basePath}
      baseText={session.pair.baseText ?? ''}
      baseMarkers={markers.base}
      overridePath={session.pair.overridePath}
      overrideText={draft.text ?? ''}
      overrideExists={session.pair.override !== null}
      overrideMarkers={markers.override}
      mergedText={merged === null ? '' : mergedJson(merged)}
      expert={expert}
      dark={dark}
      onType={type}
      t={t}
      layout={layout}
      revealId={selectedRow}
    />
  );

  return (
    <div className="manifest-panel" data-testid="manifest-panel">
      <BomLines diagnostics={[...(savedReport?.diagnostics ?? []), ...(draftReport?.diagnostics ?? [])]} />
      <div className="manifest-toolbar" role="toolbar" aria-label={t('panel.label')}>
        <label className="field">
          <span>{t('file.label')}</span>
          <select
            value={sessionFile ?? file}
            disabled={dirty}
            title={dirty ? t('file.lockedHint') : undefined}
            data-testid="manifest-file"
            onChange={(e) => pickFile(e.target.value === currentFile ? null : e.target.value)}
          >
            {files.map((f) => (
              <option key={f} value={f}>
                {f === currentFile ? t('file.current', { file: f }) : f}
              </option>
            ))}
          </select>
        </label>
        <span className={`draft-state${dirty ? ' dirty' : ''}`} data-testid="draft-state">
          {dirty ? t('state.dirty') : t('state.clean')}
        </span>
        {/* Named: "Undo: disable persona" says what the click takes back. */}
        <button
          type="button"
          disabled={history.past.length === 0}
          onClick={undo}
          title={undoText(tb, undoLabel(session))}
          data-testid="undo"
        >
          {history.past.length === 0 ? t('action.undo') : undoText(tb, undoLabel(session))}
        </button>
        <button
          type="button"
          disabled={history.future.length === 0}
          onClick={redo}
          title={redoText(tb, redoLabel(session))}
          data-testid="redo"
        >
          {history.future.length === 0 ? t('action.redo') : redoText(tb, redoLabel(session))}
        </button>
        <button type="button" disabled={!dirty} onClick={discard} data-testid="discard">
          {t('action.discard')}
        </button>
        <label className="check">
          <input
            type="checkbox"
            checked={expert}
            data-testid="expert-mode"
            onChange={(e) => setExpert(e.target.checked)}
          />
          {t('action.expert')}
        </label>
        <span className="bar-spacer" />
        <button
          type="button"
          className="primary"
          disabled={!dirty || saving || draft.parseError !== null}
          onClick={() => void save()}
          data-testid="save-override"
        >
          {saving ? t('action.saving') : t('action.save')}
        </button>
      </div>

      {sessionFile !== null && sessionFile !== currentFile ? (
        <p className="panel-note">{t('file.notCurrent', { file: sessionFile, current: currentFile })}</p>
      ) : null}

      <ReloadNotice notice={reloadNotice} onDismiss={dismissReloadNotice} t={t} />
      <DraftRestoredNotice t={t} />

      <SaveOutcome
        outcome={outcome}
        error={saveError}
        draftText={draft.text ?? ''}
        dark={dark}
        t={t}
        onReloadTheirs={() => void load(session.pair.manifestFile)}
        onOverwrite={() => void save(true)}
        onDismiss={dismissOutcome}
        onShowVersions={() => setVersionsOpen(true)}
      />

      <VersionsPanel
        api={api}
        manifestFile={session.pair.manifestFile}
        currentHash={session.pair.override?.hash ?? null}
        scenario={scenario}
        dirty={dirty}
        dark={dark}
        open={versionsOpen}
        onToggle={setVersionsOpen}
        onRestored={() => void load(session.pair.manifestFile)}
        t={t}
      />

      {renderError !== null ? (
        <p className="panel-note warn" role="alert">
          {t('impact.failed', { message: renderError.message })}
        </p>
      ) : null}

      {draft.parseError !== null ? (
        <p className="panel-note warn" role="alert" data-testid="draft-parse-error">
          {t('callout.parseError', { ...draft.parseError })}
        </p>
      ) : null}

      {replace && merged !== null ? (
        <div className="mode-replace" role="note" data-testid="mode-replace">
          <strong>{t('mode.replace')}</strong>{' '}
          {merged.droppedByReplace.length > 0
            ? t('mode.dropped', { ids: merged.droppedByReplace.join(', ') })
            : t('mode.droppedNone')}
        </div>
      ) : null}

      {unmatched.length > 0 ? (
        <p className="panel-note warn" data-testid="unmatched-list">
          {t('callout.unmatchedList', {
            items: unmatched
              .map((r) =>
                r.unmatched?.near ? `${r.id} (${t('callout.didYouMean', { near: r.unmatched.near })})` : r.id,
              )
              .join('; '),
          })}
        </p>
      ) : null}

      {dirty && savedReport !== null && draftReport !== null ? (
        <DraftImpact saved={savedReport} draft={draftReport} dark={dark} t={t} />
      ) : dirty ? (
        <p className="panel-note">{t('impact.pending')}</p>
      ) : null}

      <p className="origin-legend">{t('origin.legend')}</p>
      {expert ? (
        <ExpertSplit label={t('expert.resize')} side={panes('side')}>
          {form}
        </ExpertSplit>
      ) : (
        <>
          {form}
          {panes('row')}
        </>
      )}

      {merged !== null ? (
        <details className="merged-diff" open>
          <summary>{t('action.showDiff')}</summary>
          <LazyMount height={420}>
            <MonacoDiff
              original={baseJsonLikeMerged(session.baseValue)}
              modified={mergedJson(merged)}
              language="json"
              dark={dark}
              height={420}
              testId="merged-diff"
              labels={{ original: t('state.base'), modified: t('state.merged') }}
            />
          </LazyMount>
        </details>
      ) : null}
    </div>
  );
}
