/**
 * `eck verify` (issue 23): renders the scenario with this inspector's engine and with the
 * evolcore (or evolclaw) installed in the package root, in its box, and compares the two.
 * Exit 0 identical (or failing alike), 3 different (the first differing line on stderr), 2 no
 * engine found (saying where it looked) or a usage error, 1 the engine could not run (timeout,
 * crash).
 */
import { verifyRender, verifySummary, type VerifyOutcome } from '../verify/verify-render';
import { DEFAULT_VERIFY_TIMEOUT_MS } from '../verify/run-installed-engine';
import { stringOption } from './args';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { commandScenario } from './scenario-args';

/** The texts differ (scripts tell it from "could not run"). */
export const EXIT_DIFFERENT = 3;

function exitOf(outcome: VerifyOutcome): number {
  switch (outcome.kind) {
    case 'no-engine':
      return EXIT_USAGE;
    case 'engine-failed':
      // evolcore throws on a manifest the inspector also shows as failed: the two agree.
      return outcome.reason === 'threw' && outcome.oursFailed ? EXIT_OK : EXIT_FAILED;
    case 'compared':
      return outcome.comparison.identical ? EXIT_OK : EXIT_DIFFERENT;
  }
}

/** Runs `verify`. */
export async function runVerifyCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = commandScenario(
    'verify',
    argv,
    { engine: 'string', timeout: 'string', json: 'boolean' },
    io,
    {
      positionals: false,
    },
  );
  if (typeof parsed === 'number') return parsed;
  const { args, scenario } = parsed;
  if (stringOption(args, 'override') !== undefined) {
    // The installed engine reads the home's own override; a different one would compare nothing.
    io.stderr(
      'eck verify: --override cannot be verified: the installed engine reads $ECK/<manifest> itself\n',
    );
    return EXIT_USAGE;
  }
  const timeoutText = stringOption(args, 'timeout');
  const timeoutS = timeoutText === undefined ? DEFAULT_VERIFY_TIMEOUT_MS / 1000 : Number(timeoutText);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0 || timeoutS > 600) {
    io.stderr(`eck verify: --timeout ${timeoutText ?? ''}: seconds, more than 0 and at most 600\n`);
    return EXIT_USAGE;
  }
  const engine = stringOption(args, 'engine');
  const outcome = await verifyRender(scenario.input, {
    ...(engine === undefined ? {} : { engineFile: engine }),
    timeoutMs: Math.round(timeoutS * 1000),
  });
  const code = exitOf(outcome);
  if (args.options.json) {
    io.stdout(`${JSON.stringify({ exit: code, summary: verifySummary(outcome), ...outcome }, null, 2)}\n`);
  } else {
    (code === EXIT_OK ? io.stdout : io.stderr)(`eck verify: ${verifySummary(outcome)}\n`);
  }
  if (outcome.kind === 'compared' && !outcome.comparison.identical) {
    const c = outcome.comparison;
    io.stderr(
      `eck verify: first difference at line ${c.firstLine}:\n  inspector: ${c.oursLine ?? '(no such line)'}\n  installed: ${c.theirsLine ?? '(no such line)'}\n`,
    );
  }
  return code;
}
