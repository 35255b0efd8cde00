/**
 * `eck lint`: every diagnostic of a render plus the kit checks of `kit-lint`, over the
 * scenario's manifest and every other `eck_*.json` of the kit (the message manifest, the
 * auxiliary one, …; unless `--manifest` names one); exit 1 on any error, so kit authors can
 * run it in their CI.
 */
import type { Diagnostic, EngineFs } from '../../shared/engine';
import { renderContext, isFsError } from '../../shared/engine';
import { createNodeFs } from '../services/node-fs';
import { commandScenario } from './scenario-args';
import { EXIT_FAILED, EXIT_OK, type CliIo } from './io';
import { diagnosticsWithFiles } from './diagnostic-files';
import { formatDiagnostic } from './format-diagnostic';
import { lintKits } from '../../shared/lint/kit-lint';
import { joinPath } from '../../shared/base/posix-path';
import { catalogVarKnowledge } from './var-knowledge';

/** Runs `lint`. */
export async function runLintCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = commandScenario('lint', argv, { json: 'boolean' }, io);
  if (typeof parsed === 'number') return parsed;
  const { args, scenario } = parsed;
  const fs = createNodeFs();
  const report = renderContext(scenario.input, fs);
  const others =
    scenario.input.manifestFile === undefined
      ? otherManifestFiles(fs, scenario.input.packageRoot, report.manifestFile).map((manifestFile) =>
          renderContext({ ...scenario.input, manifestFile }, fs),
        )
      : [];
  const rendered = [report, ...others].filter((r) => r.rendered);
  const findings = dedupe([
    ...diagnosticsWithFiles(report, scenario.varsFile),
    // The other manifests ran with this scenario's vars: only their errors hold for the kit.
    ...others.flatMap((r) => r.diagnostics.filter((d) => d.level === 'error')),
    ...lintKits(rendered, fs, catalogVarKnowledge),
  ]);
  if (args.options.json)
    io.stdout(`${JSON.stringify({ manifestFile: report.manifestFile, diagnostics: findings }, null, 2)}\n`);
  else {
    for (const d of findings) io.stdout(`${formatDiagnostic(d)}\n`);
    const errors = findings.filter((d) => d.level === 'error').length;
    io.stdout(`${findings.length} finding(s), ${errors} error(s)\n`);
  }
  return findings.some((d) => d.level === 'error') ? EXIT_FAILED : EXIT_OK;
}

/** The kit's other manifest files (`kits/eck_*.json`), sorted; none when the folder cannot be listed. */
function otherManifestFiles(fs: EngineFs, packageRoot: string, chosen: string): string[] {
  const entries = fs.list(joinPath(packageRoot, 'kits'));
  if (isFsError(entries)) return [];
  return entries
    .filter((e) => e.kind !== 'directory' && /^eck_.*\.json$/.test(e.name) && e.name !== chosen)
    .map((e) => e.name)
    .sort();
}

/** The same finding once (two manifests sharing a file report its problems twice otherwise). */
function dedupe(ds: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => {
    const key = JSON.stringify([d.level, d.code, d.message, d.file ?? null]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
