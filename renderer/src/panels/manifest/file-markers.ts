/**
 * Which file each diagnostic belongs to, and its markers there: the engine names the file for
 * file-level findings; a section finding without a file goes to the override when the
 * override writes that section, else to the base.
 */
import type { Diagnostic, RenderReport } from '../../../../shared/engine';
import type { ManifestIssue } from '../../../../shared/manifest/issue';
import type { TextMarker } from '../../../../shared/override/locate';
import { markersForFile } from '../../../../shared/override/locate';
import type { OverrideValue } from '../../../../shared/override/override-ops';
import { overrideEntry } from '../../../../shared/override/override-ops';
import type { EditorMarker } from '../../components/monaco/monaco-editor';

/** Diagnostics of a render split by manifest file (others, about kit files, are left out). */
export function diagnosticsByFile(
  report: RenderReport,
  value: OverrideValue | null,
): { base: Diagnostic[]; override: Diagnostic[] } {
  const merged = report.merged;
  const base: Diagnostic[] = [];
  const override: Diagnostic[] = [];
  const basePath = merged?.basePath ?? '';
  const overridePath = merged?.overridePath ?? '';
  for (const d of report.diagnostics) {
    if (d.file === basePath) base.push(d);
    else if (d.file === overridePath && overridePath !== '') override.push(d);
    else if (d.file === undefined && d.section !== undefined) {
      const written = value !== null && overrideEntry(value, d.section) !== null;
      (written ? override : base).push({ ...d, file: written ? overridePath : basePath });
    }
  }
  return { base, override };
}

/** Markers as the editor takes them. */
export function toEditorMarkers(markers: readonly TextMarker[]): EditorMarker[] {
  return markers.map((m) => ({
    line: m.line,
    column: m.column,
    endLine: m.endLine,
    endColumn: m.endColumn,
    message: m.source === 'schema' ? m.message : `${m.message} [${m.source}]`,
    severity: m.level,
  }));
}

/** The markers of one manifest file's text. */
export function fileMarkers(
  text: string,
  file: string,
  diagnostics: readonly Diagnostic[],
  issues: readonly ManifestIssue[] = [],
): EditorMarker[] {
  return toEditorMarkers(markersForFile(text, file, diagnostics, issues));
}
