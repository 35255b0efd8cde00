/**
 * `eck claude-md`: what Claude Code would load as CLAUDE.md memory for a working directory
 * (claude-md-layering.md, issue 8). Text output is the assembled text exactly as injected;
 * warnings go to stderr, never into it (clarifications "Warnings"). `--json` prints the
 * whole report. Exit 0 assembled, 1 cannot run (the folder is missing), 2 usage error.
 */
import os from 'node:os';
import { assembleClaudeMd } from '../../shared/claude-md/assemble';
import { DEFAULT_MANAGED_DIR } from '../../shared/claude-md/claude-md-input';
import type { ClaudeMdDiagnostic, SettingSources } from '../../shared/claude-md/types';
import { createNodeClaudeFs } from '../claude-md/node-claude-fs';
import { toEnginePath } from '../services/node-fs';
import { parseArgs, stringOption } from './args';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { missingFolderProblem } from '../services/folder-check';

const OPTIONS = {
  cwd: 'string',
  home: 'string',
  managed: 'string',
  target: 'string',
  'setting-sources': 'string',
  'approve-external-includes': 'boolean',
  json: 'boolean',
} as const;

/** Runs `claude-md`. */
export async function runClaudeMdCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const usage = (message: string): number => {
    io.stderr(`eck claude-md: ${message}\n`);
    return EXIT_USAGE;
  };
  if ('usageError' in args) return usage(args.usageError);
  if (args.positionals.length > 0) return usage(`unexpected argument ${args.positionals[0]}`);
  const cwdArg = stringOption(args, 'cwd');
  if (cwdArg === undefined) return usage('--cwd is required');
  const homeProblem = missingFolderProblem('home', stringOption(args, 'home'));
  if (homeProblem !== null) return usage(homeProblem);
  const sources = parseSettingSources(stringOption(args, 'setting-sources'));
  if ('error' in sources) return usage(sources.error);

  const fs = createNodeClaudeFs();
  const cwd = toEnginePath(cwdArg);
  const stat = fs.stat(cwd);
  if ('error' in stat || stat.kind !== 'directory') {
    io.stderr(
      `eck claude-md: working directory ${cwd} ${'error' in stat ? 'does not exist' : 'is not a folder'}\n`,
    );
    return EXIT_FAILED;
  }
  const home = stringOption(args, 'home');
  const managed = stringOption(args, 'managed');
  const report = assembleClaudeMd(
    {
      cwd,
      home: toEnginePath(home ?? os.homedir()),
      managedDir: managed === undefined ? DEFAULT_MANAGED_DIR : toEnginePath(managed),
      target: stringOption(args, 'target') ?? null,
      settingSources: sources,
      approveExternalIncludes: args.options['approve-external-includes'] === true,
    },
    fs,
  );
  if (args.options.json) {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    return EXIT_OK;
  }
  io.stdout(report.context);
  for (const d of report.diagnostics) io.stderr(`${formatClaudeMdDiagnostic(d)}\n`);
  return EXIT_OK;
}

/**
 * `--setting-sources user,project,local`, as Claude Code's flag of that name: the sources
 * listed are on, the others off; absent means all on.
 */
export function parseSettingSources(value: string | undefined): SettingSources | { error: string } {
  if (value === undefined) return { user: true, project: true, local: true };
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = names.find((n) => n !== 'user' && n !== 'project' && n !== 'local');
  if (unknown !== undefined)
    return { error: `unknown setting source "${unknown}" (use user, project, local)` };
  return { user: names.includes('user'), project: names.includes('project'), local: names.includes('local') };
}

/** `warning [code] message (file)`. */
export function formatClaudeMdDiagnostic(d: ClaudeMdDiagnostic): string {
  return `${d.level} [${d.code}] ${d.message}${d.file ? ` (${d.file})` : ''}`;
}
