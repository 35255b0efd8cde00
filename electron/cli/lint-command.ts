/**
 * `eck lint`: every diagnostic of a render plus the kit checks of `kit-lint`; exit 1 on any
 * error, so kit authors can run it in their CI.
 */
import { renderContext } from '../../shared/engine/render';
import { createNodeFs } from '../services/node-fs';
import { parseArgs } from './args';
import { SCENARIO_OPTIONS, scenarioFromArgs } from './scenario-args';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { diagnosticsWithFiles } from './diagnostic-files';
import { formatDiagnostic } from './format-diagnostic';
import { lintKit } from '../../shared/lint/kit-lint';
import { catalogVarKnowledge } from './var-knowledge';

/** Runs `lint`. */
export async function runLintCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { ...SCENARIO_OPTIONS, json: 'boolean' });
  if ('usageError' in args) {
    io.stderr(`eck lint: ${args.usageError}\n`);
    return EXIT_USAGE;
  }
  const scenario = scenarioFromArgs(args);
  if ('usageError' in scenario) {
    io.stderr(`eck lint: ${scenario.usageError}\n`);
    return EXIT_USAGE;
  }
  if ('error' in scenario) {
    io.stderr(`eck lint: ${scenario.error}\n`);
    return EXIT_FAILED;
  }
  const fs = createNodeFs();
  const report = renderContext(scenario.input, fs);
  const findings = [
    ...diagnosticsWithFiles(report, scenario.varsFile),
    ...(report.rendered ? lintKit(report, fs, catalogVarKnowledge) : []),
  ];
  if (args.options.json)
    io.stdout(`${JSON.stringify({ manifestFile: report.manifestFile, diagnostics: findings }, null, 2)}\n`);
  else {
    for (const d of findings) io.stdout(`${formatDiagnostic(d)}\n`);
    const errors = findings.filter((d) => d.level === 'error').length;
    io.stdout(`${findings.length} finding(s), ${errors} error(s)\n`);
  }
  return findings.some((d) => d.level === 'error') ? EXIT_FAILED : EXIT_OK;
}
