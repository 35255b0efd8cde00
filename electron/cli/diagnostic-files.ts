/**
 * Every CLI message names its file: the engine's diagnostics carry `file` where it
 * knows it; the ones it cannot know are given theirs here — the vars file for `vars-*`
 * diagnostics, and the manifest file a section came from for section diagnostics.
 */
import type { Diagnostic, RenderReport } from '../../shared/engine';

/** The manifest file(s) a section of the merged manifest came from. */
function sectionFile(report: RenderReport, id: string): string | undefined {
  const merged = report.merged;
  const section = merged?.sections.find((s) => s.id === id);
  if (merged === undefined || merged === null || section === undefined) return undefined;
  if (section.origin !== 'base') return merged.overridePath;
  // A base section with fields changed by the override: either file may hold the fault.
  const touched = Object.values(section.fieldOrigins).includes('override');
  return touched ? `${merged.basePath} (+ ${merged.overridePath})` : merged.basePath;
}

/** The report's diagnostics, each with the file it is about wherever that can be told. */
export function diagnosticsWithFiles(report: RenderReport, varsFile: string | undefined): Diagnostic[] {
  return report.diagnostics.map((d) => {
    if (d.file !== undefined) return d;
    const file = d.code.startsWith('vars-')
      ? varsFile
      : d.section === undefined
        ? undefined
        : sectionFile(report, d.section);
    return file === undefined ? d : { ...d, file };
  });
}
