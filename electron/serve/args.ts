/**
 * Command-line options of `serve` (`npm run serve -- [--home DIR] [--package-root DIR]
 * [--port N] [--no-open] [--no-build]`).
 */
import { parseArgs } from 'node:util';
import { missingFolderProblem } from '../services/folder-check';

/** Parsed options. */
export interface ServeArgs {
  readonly home: string | undefined;
  readonly packageRoot: string | undefined;
  /** A Claude Code project to open at start, in place of the ECK tabs. */
  readonly claudeProject: string | undefined;
  /** 0 = a free port. */
  readonly port: number;
  readonly open: boolean;
  /** Build the renderer first when it is missing or stale (off with --no-build, e.g. in the e2e runs). */
  readonly build: boolean;
  /** Archive the home's renders while serving (off with --no-archive, e.g. in the e2e runs). */
  readonly archive: boolean;
  readonly help: boolean;
}

/** One-paragraph usage text. */
export const SERVE_USAGE =
  'usage: npm run serve -- [--home DIR] [--package-root DIR] [--claude-project DIR] [--port N] [--no-open] [--no-build] [--no-archive]\n' +
  '  --home DIR          $EVOLCORE_HOME to inspect (default: $EVOLCORE_HOME, ~/.evolcore, the demo home)\n' +
  '  --package-root DIR  folder holding kits/ (default: this app)\n' +
  '  --claude-project DIR  open the CLAUDE.md layering of this Claude Code working directory\n' +
  '  --port N            port on 127.0.0.1 (default: a free one)\n' +
  '  --no-open           do not open the system browser (also when CI is set)\n' +
  '  --no-build          do not build the renderer first when it is missing or older than its sources\n' +
  "  --no-archive        do not copy the home's renders into the archive while serving (see eck archive)";

/** Parses argv; throws an Error with a one-line message on bad options. */
export function parseServeArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ServeArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      home: { type: 'string' },
      'package-root': { type: 'string' },
      'claude-project': { type: 'string' },
      port: { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      'no-archive': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be an integer from 0 to 65535, not ${values.port ?? ''}`);
  }
  const ci = env['CI'] !== undefined && env['CI'] !== '' && env['CI'] !== 'false' && env['CI'] !== '0';
  return {
    home: values.home,
    packageRoot: values['package-root'],
    claudeProject: values['claude-project'],
    port,
    open: !values['no-open'] && !ci,
    build: !values['no-build'],
    archive: !values['no-archive'],
    help: values.help,
  };
}

/**
 * The first folder option that names no folder (`--home`, `--package-root`,
 * `--claude-project`), as the one line to print before exiting 2; `null` when all are there.
 */
export function serveFolderProblem(args: ServeArgs): string | null {
  return (
    missingFolderProblem('home', args.home) ??
    missingFolderProblem('package-root', args.packageRoot) ??
    missingFolderProblem('claude-project', args.claudeProject)
  );
}
