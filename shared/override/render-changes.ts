/**
 * What one render changes against another, in the terms the Timeline's markers and the
 * "Changes" list use: the rows whose status, bytes or order moved, the change in
 * loaded bytes and files, and the lines the context gained and lost. One computation for the
 * draft against the saved override and for a render against the one before it.
 */
import type { RenderReport } from '../engine';
import type { SectionChange } from './draft-compare';
import { compareRenders } from './draft-compare';
import { lineChanges } from './line-changes';

/** The difference between two renders. */
export interface RenderChanges {
  /** Rows that differ, in the newer render's order (rows it no longer has last). */
  readonly rows: readonly SectionChange[];
  /** Loaded bytes and files, newer minus older (what the budgets count). */
  readonly bytesDelta: number;
  readonly filesDelta: number;
  /** Lines of the context text added and removed. */
  readonly linesAdded: number;
  readonly linesRemoved: number;
}

/** `before` → `after`. */
export function renderChanges(before: RenderReport, after: RenderReport): RenderChanges {
  const lines = lineChanges(before.context, after.context);
  return {
    rows: compareRenders(before, after).changes,
    bytesDelta: after.totals.bytes - before.totals.bytes,
    filesDelta: after.totals.files - before.totals.files,
    linesAdded: lines.added,
    linesRemoved: lines.removed,
  };
}

/** `true` when nothing a person would see differs. */
export function isUnchanged(c: RenderChanges): boolean {
  return (
    c.rows.length === 0 &&
    c.bytesDelta === 0 &&
    c.filesDelta === 0 &&
    c.linesAdded === 0 &&
    c.linesRemoved === 0
  );
}
