/**
 * The Manifest tab's editing session over one manifest file: the pair as loaded, the base
 * sections edits compare with, and the undo history of drafts. Pure; the store holds one.
 */
import type { Json } from '../../../shared/engine';
import type { OverrideDraft } from '../../../shared/override/draft';
import { applyFormEdit, applyTextEdit, isDraftDirty, loadDraft } from '../../../shared/override/draft';
import type { History } from '../../../shared/override/history';
import { pushHistory, redoHistory, startHistory, undoHistory } from '../../../shared/override/history';
import type { ManifestFilePair, OverrideOnDisk } from '../../../shared/override/override-file';
import type { BaseSections, OverrideValue } from '../../../shared/override/override-ops';
import { indexBaseSections } from '../../../shared/override/override-ops';

/** One manifest file being edited. */
export interface DraftSession {
  readonly pair: ManifestFilePair;
  readonly base: BaseSections;
  /** The parsed base manifest (`undefined` when it is missing or broken). */
  readonly baseValue: Json | undefined;
  readonly history: History<OverrideDraft>;
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
    history: startHistory(loadDraft(pair.override?.text ?? null)),
  };
}

/** The current draft. */
export const currentDraft = (s: DraftSession): OverrideDraft => s.history.present;

/** `true` when saving would change the file. */
export const sessionDirty = (s: DraftSession): boolean => isDraftDirty(s.history.present);

const withHistory = (s: DraftSession, history: History<OverrideDraft>): DraftSession =>
  history === s.history ? s : { ...s, history };

/** Applies a form edit as one undo step (`key` merges repeated edits of one field). */
export function sessionEdit(
  s: DraftSession,
  edit: (value: OverrideValue, base: BaseSections) => OverrideValue,
  key: string | null = null,
): DraftSession {
  const next = applyFormEdit(s.history.present, (v) => edit(v, s.base));
  if (next.text === s.history.present.text && next.parseError === s.history.present.parseError) return s;
  return withHistory(s, pushHistory(s.history, next, key));
}

/** Takes the expert editor's text (a run of typing is one undo step). */
export function sessionType(s: DraftSession, text: string): DraftSession {
  if (text === (s.history.present.text ?? '')) return s;
  return withHistory(s, pushHistory(s.history, applyTextEdit(s.history.present, text), 'expert'));
}

/** One edit back. */
export const sessionUndo = (s: DraftSession): DraftSession => withHistory(s, undoHistory(s.history));

/** One edit forward again. */
export const sessionRedo = (s: DraftSession): DraftSession => withHistory(s, redoHistory(s.history));

/** Back to the file as loaded; undoable like any edit. */
export function sessionDiscard(s: DraftSession): DraftSession {
  if (!sessionDirty(s)) return s;
  return withHistory(s, pushHistory(s.history, loadDraft(s.pair.override?.text ?? null)));
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
  const draft = s.history.present;
  if (!sessionDirty(s) || draft.text === null || draft.parseError !== null) return null;
  return {
    manifestFile: s.pair.manifestFile,
    text: draft.text,
    expectedHash: s.pair.override?.hash ?? null,
    force,
  };
}
