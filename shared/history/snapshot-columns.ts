/**
 * The History table's columns of one snapshot, from its parsed vars and manifest report.
 * Either may be missing or unreadable; each column is `null` when nothing tells it.
 */
import type { SnapshotColumns } from './history-types';
import type { ParsedManifestReport } from '../debug-files/parse-manifest-report';
import type { ParsedVarsFile } from '../debug-files/parse-vars';

function text(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function sessionTypeOfVars(vars: Readonly<Record<string, unknown>>): string | null {
  const session = vars.session;
  const nested =
    typeof session === 'object' && session !== null
      ? (session as Record<string, unknown>).sessionType
      : undefined;
  return text(vars.sessionType) ?? text(nested);
}

function recordedAtOf(vars: ParsedVarsFile | null): number | null {
  if (!vars?.recordedAt) return null;
  const ms = Date.parse(vars.recordedAt);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Fills the columns. The session type comes from the report (the render's own choice), else
 * from the vars (`sessionType`, `session.sessionType`); `contextBytes` from the context file's
 * size, else the report's count (0 for evolcore's format, which writes no file for an empty
 * context); `truncated` from any cut folder or over-total section.
 */
export function snapshotColumns(
  vars: ParsedVarsFile | null,
  report: ParsedManifestReport | null,
  contextFileBytes: number | null,
): SnapshotColumns {
  const v = vars?.vars ?? {};
  const sections = report?.sections ?? null;
  const loaded = sections
    ? sections.filter((s) => s.used ?? (s.status === 'ok' ? (s.files ?? 1) > 0 : false)).length
    : null;
  const truncated = report
    ? report.sections.some((s) => s.truncated === true || s.status === 'over-total') ||
      (report.totals?.overTotal.length ?? 0) > 0
    : null;
  return {
    sessionType: report?.sessionType ?? sessionTypeOfVars(v),
    sessionInferredFrom: null,
    chatType: text(v.chatType),
    channel: text(v.channel),
    peer: text(v.peerName) ?? text(v.peerKey) ?? text(v.peerId),
    peerKey: text(v.peerKey),
    manifestFile: report?.manifestFile ?? null,
    sectionsLoaded: loaded,
    sectionsTotal: sections ? sections.length : null,
    // evolcore writes no context file for an empty context: its report says the format.
    contextBytes: contextFileBytes ?? report?.contextBytes ?? (report?.source === 'evolcore' ? 0 : null),
    truncated,
    budgetBytes: report?.totals?.maxBytes ?? null,
    recordedAt: recordedAtOf(vars),
  };
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
 * clarifications §14): the same inference as replay's choice of manifest, marked as a guess.
 */
export function withGuessedSession(
  columns: SnapshotColumns,
  report: ParsedManifestReport | null,
  guess: SessionGuess | undefined,
): SnapshotColumns {
  if (columns.sessionType !== null || report === null || report.sections.length === 0 || !guess)
    return columns;
  const found = guess(report.sections.map((s) => s.id));
  return found === null
    ? columns
    : { ...columns, sessionType: found.sessionType, sessionInferredFrom: found.manifestFile };
}
