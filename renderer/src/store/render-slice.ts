/**
 * The render slice: the last good render, a failed one on top of it, and the last change on
 * disk (the last good render stays on screen when a file breaks).
 */
import type { DiskChange, RenderResult } from '../../../shared/api';
import type { SliceCreator } from './app-state';
import type { ContextHistory } from './context-history';
import { NO_CONTEXT_HISTORY, nextContextHistory } from './context-history';
import type { RenderChangeNote } from './render-change-note';
import { nextChangeNote } from './render-change-note';

/** State and actions of renders. */
export interface RenderSlice {
  /** The newest render that succeeded (`report.rendered`). */
  readonly render: RenderResult | null;
  /** The newest render when it failed (base manifest missing or broken); null once one succeeds. */
  readonly failedRender: RenderResult | null;
  /** Highest `seq` applied, to drop results that arrive out of order. */
  readonly renderSeq: number;
  /** The `seq` the latest `setScenario` answered: a pushed render older than it is stale. */
  readonly awaitedSeq: number;
  readonly diskChange: DiskChange | null;
  /** The good renders' context and the last different one (the prompt-cache marker). */
  readonly contextHistory: ContextHistory;
  /** What the last var edit or change on disk changed in the render. */
  readonly changeNote: RenderChangeNote | null;
  applyRender(result: RenderResult): void;
  /** Notes the `seq` a `setScenario` answered; its render arrives as a pushed event. */
  awaitRender(seq: number): void;
  applyDiskChange(change: DiskChange): void;
}

/** The pure update of `applyRender`. */
export function nextRenderState(
  state: Pick<RenderSlice, 'render' | 'failedRender' | 'renderSeq'>,
  result: RenderResult,
): Pick<RenderSlice, 'render' | 'failedRender' | 'renderSeq'> {
  if (result.seq <= state.renderSeq) return state;
  if (result.report.rendered) return { render: result, failedRender: null, renderSeq: result.seq };
  return { render: state.render, failedRender: result, renderSeq: result.seq };
}

/** Creates the render slice. */
export const createRenderSlice: SliceCreator<RenderSlice> = () => (set) => ({
  render: null,
  failedRender: null,
  renderSeq: 0,
  awaitedSeq: 0,
  diskChange: null,
  contextHistory: NO_CONTEXT_HISTORY,
  changeNote: null,
  // A render older than the scenario last asked for would show an earlier keystroke's vars
  // (the transports do not promise to order pushed events against answers).
  applyRender: (result) =>
    set((s) => {
      if (result.seq < s.awaitedSeq) return s;
      const next = nextRenderState(s, result);
      if (next === s || next.render === s.render || next.render === null) return next;
      return {
        ...next,
        contextHistory: nextContextHistory(s.contextHistory, next.render.report.context),
        changeNote: nextChangeNote(s.changeNote, s.render, next.render),
      };
    }),
  awaitRender: (seq) => set((s) => (seq > s.awaitedSeq ? { awaitedSeq: seq } : s)),
  applyDiskChange: (change) => set({ diskChange: change }),
});
