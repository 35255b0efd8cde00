/**
 * The rows to mark in the Timeline: while the draft is shown, each row the draft
 * changes against the saved render; otherwise, for a few seconds after a var edit or a change
 * on disk, each row that render changed against the one before.
 */
import { useEffect, useMemo, useState } from 'react';
import type { SectionChange } from '../../../shared/override/draft-compare';
import { compareRenders } from '../../../shared/override/draft-compare';
import { showsDraft } from '../store/shown-render';
import { useApp } from '../store/store-context';

/** How long the markers of a var edit or a change on disk stay. */
export const RECENT_MARK_MS = 6000;

/** One marked row. */
export interface RowMarkData {
  readonly kind: 'draft' | 'recent';
  readonly change: SectionChange;
}

const NONE: ReadonlyMap<string, RowMarkData> = new Map();

function byId(kind: RowMarkData['kind'], rows: readonly SectionChange[]): ReadonlyMap<string, RowMarkData> {
  return new Map(rows.map((change) => [change.id, { kind, change }]));
}

/** The marks, by section id; the same map while nothing changes, so memoised rows stay. */
export function useRowMarks(): ReadonlyMap<string, RowMarkData> {
  const draftShown = useApp(showsDraft);
  const renders = useApp((s) => s.draft.renders);
  const note = useApp((s) => s.changeNote);
  const [fadedSeq, setFadedSeq] = useState<number | null>(null);
  useEffect(() => {
    if (note === null) return;
    const handle = setTimeout(() => setFadedSeq(note.seq), RECENT_MARK_MS);
    return () => clearTimeout(handle);
  }, [note]);
  const draftMarks = useMemo(() => {
    if (!draftShown || renders?.draft == null) return NONE;
    return byId('draft', compareRenders(renders.saved.report, renders.draft.report).changes);
  }, [draftShown, renders]);
  const recentMarks = useMemo(
    () => (note === null || note.seq === fadedSeq ? NONE : byId('recent', note.changes.rows)),
    [note, fadedSeq],
  );
  return draftShown ? draftMarks : recentMarks;
}
