/**
 * Guesses the session type of a snapshot in evolcore's format, whose files record neither the
 * session type nor the manifest (docs/engine.md §14), for the History table's Session column.
 * Each session type of the workspace is rendered once; its merged manifest lists
 * its sections in order, and a recorded list equal to exactly one type's is that type. The
 * same evidence replay uses to pick the manifest (infer-manifest.ts).
 */
import type { RenderReport } from '../../shared/engine';
import type { SessionGuess } from '../../shared/history/snapshot-columns';

/** Builds the guess from one render per session type (`render(type)`; renders that fail are skipped). */
export function sessionGuesser(
  sessionTypes: readonly string[],
  render: (sessionType: string) => RenderReport,
): SessionGuess {
  const byIds = new Map<string, { types: Set<string>; manifestFile: string }>();
  for (const sessionType of sessionTypes) {
    let report: RenderReport;
    try {
      report = render(sessionType);
    } catch {
      continue; // A workspace that cannot render this type tells nothing about it.
    }
    if (!report.rendered || report.sections.length === 0) continue;
    const key = JSON.stringify(report.sections.map((s) => s.id));
    const entry = byIds.get(key);
    if (entry === undefined)
      byIds.set(key, { types: new Set([sessionType]), manifestFile: report.manifestFile });
    else entry.types.add(sessionType);
  }
  return (ids) => {
    const entry = byIds.get(JSON.stringify(ids));
    // Two types rendering the same sections (one falls back to the other's manifest): no guess.
    if (entry === undefined || entry.types.size !== 1) return null;
    const [sessionType] = entry.types;
    return sessionType === undefined ? null : { sessionType, manifestFile: entry.manifestFile };
  };
}
