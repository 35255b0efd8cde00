/**
 * `eck verify`: renders the scenario with this inspector's engine and with the
 * evolcore (or evolclaw) installed in the package root, in its box, and compares the two.
 * Exit 0 identical (or failing alike), 3 different (the first differing line on stderr), 2 no
 * engine found (saying where it looked) or a usage error, 1 the engine could not run (timeout,
 * crash).
 */
import { verifyRender, verifySummary, type VerifyOutcome } from '../verify/verify-render';
import { verifyHistory, type HistoryVerify } from '../verify/verify-history';
import { DEFAULT_VERIFY_TIMEOUT_MS } from '../verify/run-installed-engine';
import { stringOption } from './args';
import { EXIT_DIFFERENT, EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { commandScenario } from './scenario-args';

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
    { engine: 'string', timeout: 'string', json: 'boolean', history: 'string' },
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
  const historyText = stringOption(args, 'history');
  if (historyText !== undefined) {
    const count = Number(historyText);
    if (!Number.isInteger(count) || count < 1 || count > 1000) {
      io.stderr(`eck verify: --history ${historyText}: a number of snapshots from 1 to 1000\n`);
      return EXIT_USAGE;
    }
    const result = await verifyHistory(scenario.input, count, {
      ...(engine === undefined ? {} : { engineFile: engine }),
      ...(timeoutText === undefined ? {} : { timeoutMs: Math.round(timeoutS * 1000) }),
    });
    return reportHistory(result, Boolean(args.options.json), io);
  }
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

/** Prints Verify over History and returns its exit status. */
function reportHistory(result: HistoryVerify, json: boolean, io: CliIo): number {
  const code =
    result.kind === 'no-engine'
      ? EXIT_USAGE
      : result.kind === 'engine-failed'
        ? EXIT_FAILED
        : result.identical === result.checked
          ? EXIT_OK
          : EXIT_DIFFERENT;
  if (json) {
    io.stdout(`${JSON.stringify({ exit: code, ...result }, null, 2)}\n`);
    return code;
  }
  if (result.kind === 'no-engine') {
    io.stderr(
      `eck verify: no installed engine to verify against: ${result.lookup.why}; looked at ${result.lookup.looked.join(', ')}\n`,
    );
  } else if (result.kind === 'engine-failed') {
    io.stderr(`eck verify: the installed engine could not run: ${result.message}\n`);
  } else {
    const name = `${result.engine.name}${result.engine.version === null ? '' : ` ${result.engine.version}`}`;
    (code === EXIT_OK ? io.stdout : io.stderr)(
      `eck verify: ${result.identical} of ${result.checked} snapshots render identically with your ${name} (${result.engine.file}), ${result.ms} ms\n`,
    );
    for (const v of result.verdicts) {
      if (v.kind === 'different')
        io.stderr(
          `  ${v.key}: differs, first at line ${v.firstLine}${v.sections.length > 0 ? ` (${v.sections.join(', ')})` : ''}\n`,
        );
      else if (v.kind === 'engine-failed' && !v.oursFailed)
        io.stderr(`  ${v.key}: the installed engine threw: ${v.message}\n`);
      else if (v.kind === 'not-replayable') io.stderr(`  ${v.key}: not replayable: ${v.message}\n`);
    }
  }
  return code;
}
