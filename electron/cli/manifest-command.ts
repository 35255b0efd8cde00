/**
 * `eck manifest`: the merged manifest of the scenario as JSON, every field with its value
 * and its origin (base / override), plus what a `mode: replace` dropped.
 */
import { renderContext } from '../../shared/engine';
import { createNodeFs } from '../services/node-fs';
import { commandScenario } from './scenario-args';
import { EXIT_FAILED, EXIT_OK, type CliIo } from './io';
import { diagnosticsWithFiles } from './diagnostic-files';
import { formatFatal } from './format-diagnostic';

/** Runs `manifest`. */
export async function runManifestCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = commandScenario('manifest', argv, {}, io);
  if (typeof parsed === 'number') return parsed;
  const { scenario } = parsed;
  const report = renderContext(scenario.input, createNodeFs());
  const merged = report.merged;
  if (!merged) {
    const fatal = diagnosticsWithFiles(report, scenario.varsFile).find((d) => d.level === 'error');
    io.stderr(`eck manifest: ${fatal ? formatFatal(fatal) : 'the manifest could not be read'}\n`);
    return EXIT_FAILED;
  }
  const out = {
    manifestFile: merged.file,
    base: merged.basePath,
    override: merged.overridePath,
    overrideState: merged.overrideState,
    mode: merged.mode,
    totalMaxFiles: { value: merged.totalMaxFiles, origin: merged.limitOrigins.totalMaxFiles },
    totalMaxBytes: { value: merged.totalMaxBytes, origin: merged.limitOrigins.totalMaxBytes },
    droppedByReplace: merged.droppedByReplace,
    sections: merged.sections.map((s) => ({
      id: s.id,
      origin: s.origin,
      fields: Object.fromEntries(
        Object.entries(s.raw).map(([k, v]) => [k, { value: v, origin: s.fieldOrigins[k] ?? 'base' }]),
      ),
    })),
    diagnostics: diagnosticsWithFiles(report, scenario.varsFile),
  };
  io.stdout(`${JSON.stringify(out, null, 2)}\n`);
  return EXIT_OK;
}
