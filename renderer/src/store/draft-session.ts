/**
 * The Manifest tab's editing session over one manifest file: the pair as loaded, the base
 * sections edits compare with, and the undo history of drafts, each step with the name of the
 * edit that made it (Undo says what it takes back). Pure; the store holds one.
 */
import type { Json } from '../../../shared/engine';
import type { OverrideDraft } from '../../../shared/override/draft';
import { applyFormEdit, applyTextEdit, isDraftDirty, loadDraft } from '../../../shared/override/draft';
import type { History } from '../../../shared/override/history';
import { pushHistory, redoHistory, startHistory, undoHistory } from '../../../shared/override/history';
import type { ManifestFilePair, OverrideOnDisk } from '../../../shared/override/override-file';
import type { BaseSections, OverrideValue } from '../../../shared/override/override-ops';
import { indexBaseSections } from '../../../shared/override/override-ops';
import type { EditLabel } from './edit-label';
import { UNNAMED_EDIT } from './edit-label';

/** One undo step: the draft, and the edit that made it (`null` for the file as loaded). */
export interface DraftStep {
  readonly draft: OverrideDraft;
  readonly label: EditLabel | null;
}

/** One manifest file being edited. */
export interface DraftSession {
  readonly pair: ManifestFilePair;
  readonly base: BaseSections;
  /** The parsed base manifest (`undefined` when it is missing or broken). */
  readonly baseValue: Json | undefined;
  readonly history: History<DraftStep>;
}

function parseBase(text: string | null): Json | undefined {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** A session over a pair as loaded from disk, with no edits. */
export function openSession(pair: ManifestFilePair): DraftSession {
  const baseValue = parseBase(pair.baseText);
  return {
    pair,
    base: indexBaseSections(baseValue),
    baseValue,
    history: startHistory<DraftStep>({ draft: loadDraft(pair.override?.text ?? null), label: null }),
  };
}

/** The current draft. */
export const currentDraft = (s: DraftSession): OverrideDraft => s.history.present.draft;

/** `true` when saving would change the file. */
export const sessionDirty = (s: DraftSession): boolean => isDraftDirty(currentDraft(s));

/** What Undo would take back (`null`: nothing to undo). */
export const undoLabel = (s: DraftSession): EditLabel | null =>
  s.history.past.length === 0 ? null : (s.history.present.label ?? UNNAMED_EDIT);

/** What Redo would do again (`null`: nothing undone). */
export const redoLabel = (s: DraftSession): EditLabel | null => {
  const next = s.history.future[0];
  return next === undefined ? null : (next.label ?? UNNAMED_EDIT);
};

const withHistory = (s: DraftSession, history: History<DraftStep>): DraftSession =>
  history === s.history ? s : { ...s, history };

/**
 * Applies a form edit as one undo step named `label` (`key` merges repeated edits of one
 * field). A new edit drops what was undone: Redo has nothing left to do.
 */
export function sessionEdit(
  s: DraftSession,
  edit: (value: OverrideValue, base: BaseSections) => OverrideValue,
  key: string | null = null,
  label: EditLabel = UNNAMED_EDIT,
): DraftSession {
  const now = currentDraft(s);
  const next = applyFormEdit(now, (v) => edit(v, s.base));
  if (next.text === now.text && next.parseError === now.parseError) return s;
  return withHistory(s, pushHistory(s.history, { draft: next, label }, key));
}

/** Takes the expert editor's text (a run of typing is one undo step). */
export function sessionType(s: DraftSession, text: string): DraftSession {
  const now = currentDraft(s);
  if (text === (now.text ?? '')) return s;
  return withHistory(
    s,
    pushHistory(s.history, { draft: applyTextEdit(now, text), label: { kind: 'json' } }, 'expert'),
  );
}

/** One edit back. */
export const sessionUndo = (s: DraftSession): DraftSession => withHistory(s, undoHistory(s.history));

/** One edit forward again. */
export const sessionRedo = (s: DraftSession): DraftSession => withHistory(s, redoHistory(s.history));

/** Back to the file as loaded; undoable like any edit. */
export function sessionDiscard(s: DraftSession): DraftSession {
  if (!sessionDirty(s)) return s;
  const draft = loadDraft(s.pair.override?.text ?? null);
  return withHistory(s, pushHistory(s.history, { draft, label: { kind: 'discard' } }));
}

/** After a save: the saved file is the new starting point. */
export function sessionSaved(s: DraftSession, disk: OverrideOnDisk): DraftSession {
  return openSession({ ...s.pair, override: disk });
}

/** The save request for the draft; `null` when there is nothing to save or it does not parse. */
export function saveRequest(
  s: DraftSession,
  force = false,
): { manifestFile: string; text: string; expectedHash: string | null; force: boolean } | null {
  const draft = currentDraft(s);
  if (!sessionDirty(s) || draft.text === null || draft.parseError !== null) return null;
  return {
    manifestFile: s.pair.manifestFile,
    text: draft.text,
    expectedHash: s.pair.override?.hash ?? null,
    force,
  };
}
