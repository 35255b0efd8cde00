/**
 * The History table's columns of one snapshot, from its parsed vars and manifest report.
 * Either may be missing or unreadable; each column is `null` when nothing tells it.
 */
import { HISTORY_COLUMN_TABLE, readColumns } from './history-columns';
import type { ColumnTable, SnapshotColumns } from './history-columns';
import type { ParsedManifestReport } from '../debug-files/parse-manifest-report';
import type { ParsedVarsFile } from '../debug-files/parse-vars';

/**
 * Fills the columns: each stored descriptor of the table reads its own value (its source is
 * written beside it in history-columns.ts). A planted table gives a planted column its place.
 */
export function snapshotColumns(
  vars: ParsedVarsFile | null,
  report: ParsedManifestReport | null,
  contextFileBytes: number | null,
  table: ColumnTable = HISTORY_COLUMN_TABLE,
): SnapshotColumns {
  // The table's type makes this the stored columns' record (a planted table adds its own).
  return readColumns(table, { vars, report, contextFileBytes }) as SnapshotColumns;
}

/**
 * Which session type renders exactly these sections, and with which manifest file; `null` when
 * none does or more than one does. Built from the open workspace (electron/history/session-guess.ts).
 */
export type SessionGuess = (
  sectionIds: readonly string[],
) => { readonly sessionType: string; readonly manifestFile: string } | null;

/**
 * The columns with a guessed session type where the files record none (evolcore's format, see
 * docs/engine.md §14): the same inference as replay's choice of manifest, marked as a guess.
 */
export function withGuessedSession(
  columns: SnapshotColumns,
  report: ParsedManifestReport | null,
  guess: SessionGuess | undefined,
): SnapshotColumns {
  if (columns.sessionType !== null || report === null) return columns;
  return withGuessedSessionOf(
    columns,
    report.sections.map((s) => s.id),
    guess,
  );
}

/**
 * The same from the recorded section ids alone: the archive keeps them with a snapshot whose
 * files record no session type, and guesses when its row is built (electron/history/archive-facts.ts).
 */
export function withGuessedSessionOf(
  columns: SnapshotColumns,
  sectionIds: readonly string[],
  guess: SessionGuess | undefined,
): SnapshotColumns {
  if (columns.sessionType !== null || sectionIds.length === 0 || !guess) return columns;
  const found = guess(sectionIds);
  return found === null
    ? columns
    : { ...columns, sessionType: found.sessionType, sessionInferredFrom: found.manifestFile };
}
