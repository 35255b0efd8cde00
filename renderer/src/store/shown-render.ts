/**
 * Which render the tabs show (the draft is what you see). While the Manifest tab's
 * override draft is unsaved and its render has come back, Timeline, Context and the status bar
 * show the draft's render, unless the person chose "Show saved". Selectors over the one store,
 * so every view agrees.
 */
import type { RenderResult } from '../../../shared/api';
import type { AppState } from './app-state';
import { reloadChanges } from './draft-reload-changes';
import type { DraftSession } from './draft-session';
import { currentDraft, sessionDirty } from './draft-session';

type DraftView = Pick<AppState, 'draft'>;

/** `true` while an unsaved draft exists (whether or not its render is back yet). */
export function hasDraft(s: DraftView): boolean {
  return s.draft.session !== null && sessionDirty(s.draft.session);
}

/** The draft's render, when a draft exists and it has been rendered. */
export function draftRender(s: DraftView): RenderResult | null {
  return hasDraft(s) ? (s.draft.renders?.draft ?? null) : null;
}

/** `true` when the tabs show the draft's render now. */
export function showsDraft(s: DraftView): boolean {
  return !s.draft.showSaved && draftRender(s) !== null;
}

/** The render the tabs show: the draft's, or the saved one. */
export function shownRender(s: Pick<AppState, 'draft' | 'render'>): RenderResult | null {
  return showsDraft(s) ? draftRender(s) : s.render;
}

/**
 * How many changes the draft makes to the file as loaded, as the band counts them: each
 * section entry added, removed or changed, and one for anything else (the mode, a top-level
 * field, text that does not parse). Two sections toggled are 2; undoing one makes it 1.
 */
export function draftChangeCount(session: DraftSession): number {
  if (!sessionDirty(session)) return 0;
  // No file yet counts as an empty one, so the first entries are each one change.
  const c = reloadChanges(session.pair.override?.text ?? '{}', currentDraft(session).text);
  const n = c.added.length + c.removed.length + c.changed.length + (c.other ? 1 : 0);
  // Dirty but nothing told apart (whitespace typed in expert mode) is still one change.
  return Math.max(1, n);
}
