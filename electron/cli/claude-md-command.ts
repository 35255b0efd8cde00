/**
 * `eck claude-md`: what Claude Code 2.1.197 sends as CLAUDE.md memory for a working directory:
 * the start block exactly as sent, and with `--target` the messages it attaches
 * after Claude reads that file. Warnings go to stderr, never into the text. `--json` prints
 * the whole report (`context`, `attachedOnRead: [{ path, text }]`, every file's row).
 * Exit 0 assembled, 1 cannot run (the folder is missing), 2 usage error; `--help` exits 0.
 */
import os from 'node:os';
import { assembleClaudeMd } from '../../shared/claude-md/assemble';
import { DEFAULT_MANAGED_DIR } from '../../shared/claude-md/claude-md-input';
import { claudeMdEnv } from '../../shared/claude-md/claude-settings';
import { CLAUDE_CODE_VERSION } from '../../shared/claude-md/types';
import type { ClaudeMdDiagnostic, ClaudeMdReport, SettingSources } from '../../shared/claude-md/types';
import { createNodeClaudeFs } from '../claude-md/node-claude-fs';
import { toEnginePath } from '../services/node-fs';
import { parseArgs, stringOption, type ParsedArgs } from './args';
import { EXIT_DIFFERENT, EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { missingFolderProblem } from '../services/folder-check';

const OPTIONS = {
  cwd: 'string',
  home: 'string',
  managed: 'string',
  target: 'string',
  'setting-sources': 'string',
  'approve-external-includes': 'boolean',
  'add-dir': 'string',
  'add-dir-claude-md': 'boolean',
  verify: 'boolean',
  claude: 'string',
  timeout: 'string',
  json: 'boolean',
  help: 'boolean',
} as const;

/** The full usage line, for `--help` listings (errors stay one line). */
export const CLAUDE_MD_USAGE =
  'claude-md --cwd DIR [--home DIR] [--managed DIR] [--target FILE (relative to --cwd)] ' +
  '[--setting-sources user,project,local] [--approve-external-includes] [--add-dir DIR,…] [--add-dir-claude-md] ' +
  '[--verify [--claude PATH] [--timeout S]] [--json]';

/** `eck claude-md --help`. */
export const CLAUDE_MD_HELP = `usage: eck ${CLAUDE_MD_USAGE}

What Claude Code ${CLAUDE_CODE_VERSION} sends as CLAUDE.md memory for a working directory.
Prints the block sent at session start exactly; with --target, then each message Claude Code
attaches after Claude reads that file, under a line naming the Read.

  --cwd DIR                  Claude Code's working directory (required)
  --home DIR                 the user's home (~/.claude/CLAUDE.md, ~/.claude/rules, @~/); default: yours
  --managed DIR              the managed-policy folder; default ${DEFAULT_MANAGED_DIR}
  --target FILE              a file Claude reads (relative to --cwd): shows what that Read attaches
  --setting-sources LIST     the sources that are on, as Claude Code's flag; default all
  --approve-external-includes  as if includes outside the project were approved
                             (default: the approval Claude Code stored in ~/.claude.json)
  --add-dir DIR,…            additional directories (Claude Code's --add-dir)
  --add-dir-claude-md        as CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD=1: load their CLAUDE.md files
                             (default: that variable of this environment or of the settings' env)
  --verify                   run your own claude once (print mode, a local fake API, a scratch config
                             folder, no telemetry) and compare what it sends with this assembly;
                             exit 0 identical, 3 different, 2 no claude found, 1 it could not run
  --claude PATH              the claude to verify with (default: PATH, then the usual install places)
  --timeout S                stop it after S seconds (default 90)
  --json                     the whole report: context, attachedOnRead [{ path, text }], files, diagnostics
  --help                     this text

Read as Claude Code reads them: claudeMdExcludes and env of the user, project, local and
managed settings, and the project's approval in ~/.claude.json.
Not visible here: feature flags Claude Code fetches at run time, enterprise settings scripts,
MDM or server-managed settings, auto-memory.
Exit 0 assembled, 1 the working directory is missing, 2 usage error.
`;

/** Runs `claude-md`. */
export async function runClaudeMdCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const usage = (message: string): number => {
    io.stderr(`eck claude-md: ${message}\n`);
    return EXIT_USAGE;
  };
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(CLAUDE_MD_HELP);
    return EXIT_OK;
  }
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
      // Absent flags leave the decision to what Claude Code itself reads.
      ...(args.options['approve-external-includes'] === true ? { approveExternalIncludes: true } : {}),
      additionalDirectories: (stringOption(args, 'add-dir') ?? '')
        .split(',')
        .filter((d) => d.trim() !== '')
        .map((d) => toEnginePath(d.trim())),
      ...(args.options['add-dir-claude-md'] === true ? { additionalDirectoriesClaudeMd: true } : {}),
      env: claudeMdEnv(process.env),
    },
    fs,
  );
  if (args.options.verify === true) return runClaudeVerify(report, args, io);
  if (args.options.json) {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    return EXIT_OK;
  }
  io.stdout(formatClaudeMdText(report));
  for (const d of report.diagnostics) io.stderr(`${formatClaudeMdDiagnostic(d)}\n`);
  return EXIT_OK;
}

/**
 * The text output: the start block exactly; with a target, then a line naming the Read and
 * each attachment followed by `---` (the oracle's layout, so the two can be diffed).
 */
export function formatClaudeMdText(report: ClaudeMdReport): string {
  let out = report.context;
  if (report.attachedOnRead !== null && report.input.target !== null) {
    out += `\n=== attached after Read(${report.input.target}): ${report.attachedOnRead.length} ===\n`;
    for (const a of report.attachedOnRead) out += `${a.text}\n---\n`;
  }
  return out;
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

/** `--verify`: the same project through the user's own Claude Code. */
async function runClaudeVerify(report: ClaudeMdReport, args: ParsedArgs, io: CliIo): Promise<number> {
  const timeoutText = stringOption(args, 'timeout');
  const timeoutS = timeoutText === undefined ? 90 : Number(timeoutText);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0 || timeoutS > 600) {
    io.stderr(`eck claude-md: --timeout ${timeoutText ?? ''}: seconds, more than 0 and at most 600\n`);
    return EXIT_USAGE;
  }
  const { verifyClaude, claudeVerifySummary } = await import('../verify/claude/verify-claude');
  const claude = stringOption(args, 'claude');
  const outcome = await verifyClaude(report, {
    ...(claude === undefined ? {} : { claude }),
    timeoutMs: Math.round(timeoutS * 1000),
  });
  const code =
    outcome.kind === 'no-claude'
      ? EXIT_USAGE
      : outcome.kind === 'claude-failed'
        ? EXIT_FAILED
        : outcome.identical
          ? EXIT_OK
          : EXIT_DIFFERENT;
  if (args.options.json)
    io.stdout(
      `${JSON.stringify({ exit: code, summary: claudeVerifySummary(outcome), ...outcome }, null, 2)}\n`,
    );
  else (code === EXIT_OK ? io.stdout : io.stderr)(`eck claude-md: ${claudeVerifySummary(outcome)}\n`);
  if (!args.options.json && outcome.kind === 'compared' && !outcome.start.identical) {
    const c = outcome.start;
    io.stderr(
      `eck claude-md: first difference at line ${c.firstLine}:\n  inspector: ${c.oursLine ?? '(no such line)'}\n  installed: ${c.theirsLine ?? '(no such line)'}\n`,
    );
  }
  return code;
}
