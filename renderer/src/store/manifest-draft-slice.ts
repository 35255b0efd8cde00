/**
 * The manifest draft slice: the window's override draft, in the app store so it survives a
 * switch of tab (the Timeline, Context and History tabs read it too), with the actions that
 * call the main side: load a manifest file pair, render with the draft, save. Nested under
 * `draft` (its `saving`, `outcome`… would read ambiguously beside the other slices' fields).
 */
import type { ApiError, Scenario } from '../../../shared/api';
import type { ManifestFilePair, SaveOverrideResult } from '../../../shared/override/override-file';
import type { DraftRenders } from '../../../shared/api/methods/override';
import type { BaseSections, OverrideValue } from '../../../shared/override/override-ops';
import type { SliceCreator } from './app-state';
import type { EditLabel } from './edit-label';
import type { ReloadChanges } from './draft-reload-changes';
import { isNoChange, reloadChanges } from './draft-reload-changes';
import type { DraftSession } from './draft-session';
import {
  currentDraft,
  openSession,
  saveRequest,
  sessionDirty,
  sessionDiscard,
  sessionEdit,
  sessionRedo,
  sessionSaved,
  sessionType,
  sessionUndo,
} from './draft-session';

/** State of the draft. */
export interface ManifestDraftData {
  readonly session: DraftSession | null;
  readonly loadError: ApiError | null;
  /** Renders without and with the draft, for the scenario and text in `rendersKey`. */
  readonly renders: DraftRenders | null;
  readonly rendersKey: string | null;
  readonly saving: boolean;
  readonly outcome: SaveOverrideResult | null;
  readonly saveError: ApiError | null;
  /** The last draft render that failed (the form still works; the comparison is stale). */
  readonly renderError: ApiError | null;
  readonly expert: boolean;
  /** Set when the override was reloaded because it changed on disk: what changed, until dismissed. */
  readonly reloadNotice: { readonly path: string; readonly changes: ReloadChanges } | null;
  /** Another manifest file than the current session type's (`null`: follow it). */
  readonly pickedFile: string | null;
  /** "Show saved": the tabs show the saved render although a draft exists. */
  readonly showSaved: boolean;
}

/** Actions of the draft. */
export interface ManifestDraftActions {
  /** `fromDisk`: the watcher saw the override change; a different file than shown sets `reloadNotice`. */
  load(manifestFile: string, fromDisk?: boolean): Promise<void>;
  dismissReloadNotice(): void;
  /** One undo step named `label` (`key` merges repeated edits of one field). */
  edit(
    edit: (value: OverrideValue, base: BaseSections) => OverrideValue,
    key?: string,
    label?: EditLabel,
  ): void;
  type(text: string): void;
  undo(): void;
  redo(): void;
  discard(): void;
  setExpert(expert: boolean): void;
  setShowSaved(showSaved: boolean): void;
  /** `salt` changes when the files on disk do (the seq of the last pushed render). */
  refreshRenders(scenario: Scenario, salt: number): Promise<void>;
  /** Chooses another manifest file than the current session type's (`null`: follow it). */
  pick(file: string | null): void;
  save(force?: boolean): Promise<void>;
  dismissOutcome(): void;
}

/** State and actions of the draft. */
export type ManifestDraft = ManifestDraftData & ManifestDraftActions;

/** The key a render pair is for: scenario, file and draft text. */
export function rendersKeyOf(scenario: Scenario, session: DraftSession, salt: number): string {
  const draft = currentDraft(session);
  const text = sessionDirty(session) ? draft.text : undefined;
  return JSON.stringify([salt, scenario, session.pair.manifestFile, text === undefined ? '<saved>' : text]);
}

/** The slice: the draft under one key. */
export interface ManifestDraftSlice {
  readonly draft: ManifestDraft;
}

/** Creates the draft slice; its actions call `api`. */
export const createManifestDraftSlice: SliceCreator<ManifestDraftSlice> = (api) => (setApp, getApp) => {
  let renderSeq = 0;
  let loadSeq = 0;
  const get = (): ManifestDraft => getApp().draft;
  const set = (patch: Partial<ManifestDraftData>): void =>
    setApp((s) => ({ draft: { ...s.draft, ...patch } }));
  const update = (f: (s: DraftSession) => DraftSession): void => {
    const s = get().session;
    // Any edit shows its effect again: "Show saved" holds only until the draft changes.
    if (s !== null) set({ session: f(s), outcome: null, showSaved: false });
  };
  const pairLoaded = (pair: ManifestFilePair): void =>
    set({ session: openSession(pair), loadError: null, renders: null, rendersKey: null, outcome: null });
  return {
    draft: {
      session: null,
      loadError: null,
      renders: null,
      rendersKey: null,
      saving: false,
      outcome: null,
      saveError: null,
      renderError: null,
      expert: false,
      reloadNotice: null,
      pickedFile: null,
      showSaved: false,
      pick: (file) => set({ pickedFile: file }),
      async load(manifestFile, fromDisk = false) {
        const seq = ++loadSeq;
        const askedOn = get().session;
        const r = await api.loadManifestPair({ manifestFile });
        if (seq !== loadSeq) return;
        const now = get().session;
        // The user started editing while this answer was on its way (a watcher reload, a late
        // load of the panel): their edit wins; a stale base is caught by the save's own check.
        // A load asked with a draft open ("reload theirs") still replaces it.
        const editedSince = now !== null && sessionDirty(now) && (askedOn === null || !sessionDirty(askedOn));
        if (editedSince) return;
        // The same file as loaded, nothing edited (our own save coming back from the watcher):
        // keep the session and what the last save said.
        const same =
          r.ok &&
          now !== null &&
          !sessionDirty(now) &&
          now.pair.overridePath === r.value.overridePath &&
          now.pair.basePath === r.value.basePath &&
          (now.pair.override?.hash ?? null) === (r.value.override?.hash ?? null) &&
          now.pair.baseText === r.value.baseText;
        if (same) return;
        if (!r.ok) {
          set({ loadError: r.error, session: null });
          return;
        }
        // Say what the watcher's reload changed; any other load (another file, "reload theirs")
        // was asked for, and clears an old notice.
        const changes =
          fromDisk && now !== null && now.pair.overridePath === r.value.overridePath
            ? reloadChanges(now.pair.override?.text ?? null, r.value.override?.text ?? null)
            : null;
        pairLoaded(r.value);
        set({
          reloadNotice:
            changes === null || isNoChange(changes) ? null : { path: r.value.overridePath, changes },
        });
      },
      edit: (edit, key, label) => update((s) => sessionEdit(s, edit, key ?? null, label)),
      type: (text) => update((s) => sessionType(s, text)),
      undo: () => update(sessionUndo),
      redo: () => update(sessionRedo),
      discard: () => update(sessionDiscard),
      setExpert: (expert) => set({ expert }),
      setShowSaved: (showSaved) => set({ showSaved }),
      async refreshRenders(scenario, salt) {
        const session = get().session;
        if (session === null) return;
        const key = rendersKeyOf(scenario, session, salt);
        if (key === get().rendersKey) return;
        const seq = ++renderSeq;
        const draft = currentDraft(session);
        const r = await api.renderDraft({
          scenario,
          manifestFile: session.pair.manifestFile,
          ...(sessionDirty(session) ? { overrideText: draft.text } : {}),
        });
        if (seq !== renderSeq) return;
        if (r.ok) set({ renders: r.value, rendersKey: key, renderError: null });
        else set({ renderError: r.error });
      },
      async save(force = false) {
        const session = get().session;
        if (session === null || get().saving) return;
        const request = saveRequest(session, force);
        if (request === null) return;
        set({ saving: true, saveError: null });
        const r = await api.saveOverride(request);
        if (!r.ok) {
          set({ saving: false, saveError: r.error });
          return;
        }
        const outcome = r.value;
        const now = get().session;
        if (outcome.kind === 'saved' && now !== null) {
          set({ saving: false, outcome, session: sessionSaved(now, outcome.disk), rendersKey: null });
        } else set({ saving: false, outcome });
      },
      dismissOutcome: () => set({ outcome: null, saveError: null }),
      dismissReloadNotice: () => set({ reloadNotice: null }),
    },
  };
};
