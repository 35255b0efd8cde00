/**
 * `eck render`: the context text, or with `--json` the whole RenderReport (conformance
 * README: exit 0 rendered, 1 could not render, 2 usage error).
 */
import { renderContext } from '../../shared/engine';
import { createNodeFs } from '../services/node-fs';
import { commandScenario } from './scenario-args';
import { EXIT_FAILED, EXIT_OK, type CliIo } from './io';
import { diagnosticsWithFiles } from './diagnostic-files';
import { formatDiagnostic, formatFatal } from './format-diagnostic';

/** Runs `render`. */
export async function runRenderCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = commandScenario('render', argv, { json: 'boolean', 'write-debug': 'boolean' }, io, {
    positionals: false,
  });
  if (typeof parsed === 'number') return parsed;
  const { args, scenario } = parsed;
  const report = renderContext(scenario.input, createNodeFs());
  const diagnostics = diagnosticsWithFiles(report, scenario.varsFile);
  if (!report.rendered) {
    const fatal = diagnostics.find((d) => d.level === 'error');
    io.stderr(`eck render: ${fatal ? formatFatal(fatal) : 'the manifest could not be read'}\n`);
    return EXIT_FAILED;
  }
  if (args.options['write-debug']) {
    const { writeDebugSnapshot } = await import('./write-debug');
    const written = writeDebugSnapshot(scenario.input, report);
    if ('error' in written) {
      io.stderr(`eck render: ${written.error}\n`);
      return EXIT_FAILED;
    }
    io.stderr(
      written.files.length > 0
        ? `eck render: debug files written: ${written.files.join(', ')}\n`
        : `eck render: no debug files written: evolcore's render throws on this manifest before writing them\n`,
    );
  }
  if (args.options.json) {
    io.stdout(`${JSON.stringify({ ...report, diagnostics }, null, 2)}\n`);
  } else {
    io.stdout(report.context);
    for (const d of diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
  }
  return EXIT_OK;
}
