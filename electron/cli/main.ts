/**
 * The `eck` command line: `npm run --silent eck -- <command> …`. Every command returns an
 * exit status; errors are one line, never a stack trace.
 */
import { EXIT_FAILED, EXIT_USAGE, type CliIo } from './io';
import { USAGE, commandHelp, wantsHelp } from './usage';

type Command = (argv: readonly string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  render: async () => (await import('./render-command')).runRenderCommand,
  manifest: async () => (await import('./manifest-command')).runManifestCommand,
  lint: async () => (await import('./lint-command')).runLintCommand,
  message: async () => (await import('./message-command')).runMessageCommand,
  'claude-md': async () => (await import('./claude-md-command')).runClaudeMdCommand,
  verify: async () => (await import('./verify-command')).runVerifyCommand,
  archive: async () => (await import('./archive-command')).runArchiveCommand,
};

/** Dispatches to a command. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(USAGE);
    return name === undefined ? EXIT_USAGE : 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    io.stderr(`eck: unknown command "${name}"\n${USAGE}`);
    return EXIT_USAGE;
  }
  if (wantsHelp(rest)) {
    io.stdout(commandHelp(name));
    return 0;
  }
  try {
    return await (
      await load()
    )(rest, io);
  } catch (err) {
    // A bug, not bad input: still one line, so scripts and users are not handed a stack trace.
    io.stderr(`eck ${name}: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT_FAILED;
  }
}
