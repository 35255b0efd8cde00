/**
 * What the newest render changed against the one before it, after a var edit or a change on
 * disk: the Timeline marks those rows for a few seconds and its "Changes" list
 * keeps the note until the next change. Renders of another kind (a workspace opened, the first
 * one asked for) start over and note nothing.
 */
import type { RenderResult, RenderTrigger } from '../../../shared/api';
import type { RenderChanges } from '../../../shared/override/render-changes';
import { isUnchanged, renderChanges } from '../../../shared/override/render-changes';

/** The note of one change. */
export interface RenderChangeNote {
  readonly trigger: Extract<RenderTrigger, 'scenario' | 'disk'>;
  /** `renderedAt` of the newer render (the markers fade a few seconds after it). */
  readonly at: number;
  readonly seq: number;
  readonly changes: RenderChanges;
}

/**
 * The note after `next` replaced `previous`: a new note when it changed something visible,
 * the old note kept when it changed nothing (a re-render of the same text), `null` when the
 * render is not a var edit or a change on disk.
 */
export function nextChangeNote(
  note: RenderChangeNote | null,
  previous: RenderResult | null,
  next: RenderResult,
): RenderChangeNote | null {
  if (next.trigger !== 'scenario' && next.trigger !== 'disk') return null;
  if (previous === null || previous === next) return note;
  const changes = renderChanges(previous.report, next.report);
  if (isUnchanged(changes)) return note;
  return { trigger: next.trigger, at: next.renderedAt, seq: next.seq, changes };
}
