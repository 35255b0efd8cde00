/**
 * The options every engine command shares (`--package-root`, `--home`, `--vars`,
 * `--session-type`, `--manifest`, `--override`), turned into a RenderInput.
 */
import path from 'node:path';
import type { RenderInput } from '../../shared/engine';
import { resolveHome, resolvePackageRoot } from '../services/app-paths';
import { missingFolderProblem } from '../services/folder-check';
import { toEnginePath } from '../services/node-fs';
import { packageNameOf, productOfPackageName } from '../workspace/discovery';
import { parseArgs, stringOption, type OptionSpec, type ParsedArgs } from './args';
import { EXIT_FAILED, EXIT_USAGE, type CliIo } from './io';
import { readInputFile, readJsonInput } from './input-file';
import { manifestNameProblem } from './manifest-name';

/** Options of the scenario. */
export const SCENARIO_OPTIONS: OptionSpec = {
  'package-root': 'string',
  home: 'string',
  vars: 'string',
  'session-type': 'string',
  manifest: 'string',
  override: 'string',
};

/** The scenario of a command, the files it came from, or what is wrong (usage or a file). */
export type ScenarioFromArgs =
  | { input: RenderInput; homeSource: string; varsFile: string | undefined }
  | { error: string }
  | { usageError: string };

/** A refused input file is a usage error (exit 2), an unreadable one a failure (exit 1). */
function inputProblem(read: {
  problem: string;
  kind: 'usage' | 'read';
}): { error: string } | { usageError: string } {
  return read.kind === 'usage' ? { usageError: read.problem } : { error: read.problem };
}

/** Builds the render input from parsed options. */
export function scenarioFromArgs(args: ParsedArgs): ScenarioFromArgs {
  // A mistyped folder must not render silently against nothing: exit 2, naming it.
  for (const option of ['home', 'package-root']) {
    const problem = missingFolderProblem(option, stringOption(args, option));
    if (problem !== null) return { usageError: problem };
  }
  const varsFile = stringOption(args, 'vars');
  let vars: unknown = {};
  if (varsFile !== undefined) {
    const read = readJsonInput('vars', varsFile);
    if ('problem' in read) return inputProblem(read);
    vars = read.value;
  }
  let overrideText: string | undefined;
  const overrideFile = stringOption(args, 'override');
  if (overrideFile !== undefined) {
    const read = readInputFile('override', overrideFile);
    if ('problem' in read) return inputProblem(read);
    overrideText = read.text;
  }
  const packageRoot = resolvePackageRoot(stringOption(args, 'package-root'));
  const manifestFile = stringOption(args, 'manifest');
  if (manifestFile !== undefined) {
    const problem = manifestNameProblem(packageRoot, manifestFile);
    if (problem !== null) return { usageError: problem };
  }
  const product = productOfPackageName(packageNameOf(readTextOrNull(path.join(packageRoot, 'package.json'))));
  const home = resolveHome(stringOption(args, 'home'), process.env, product);
  const sessionType = stringOption(args, 'session-type');
  return {
    homeSource: home.source,
    varsFile: varsFile === undefined ? undefined : path.resolve(varsFile),
    input: {
      packageRoot: toEnginePath(packageRoot),
      home: toEnginePath(home.home),
      product,
      vars,
      ...(sessionType !== undefined ? { sessionType } : {}),
      ...(manifestFile !== undefined ? { manifestFile } : {}),
      ...(overrideText !== undefined
        ? { overrideText, overrideSource: path.resolve(overrideFile as string) }
        : {}),
    },
  };
}

/** The package's package.json, through the same guarded reader (a FIFO there must not hang us). */
function readTextOrNull(file: string): string | null {
  const read = readInputFile('package-root', file);
  return 'text' in read ? read.text : null;
}

/** A command's parsed options and scenario, once both are known to be good. */
export interface CommandScenario {
  readonly args: ParsedArgs;
  readonly scenario: Extract<ScenarioFromArgs, { input: RenderInput }>;
}

/**
 * Parses a scenario command's options (the shared ones plus `extra`) and builds its scenario;
 * on a problem writes `eck <command>: <problem>` and answers the exit code instead: 2 for usage
 * (an unknown option, a missing folder, a stray argument when `positionals` is false, an input
 * file that is not a regular file or is over the cap, a `--manifest` outside kits/), 1 for a
 * file that cannot be read or parsed.
 */
export function commandScenario(
  command: string,
  argv: readonly string[],
  extra: OptionSpec,
  io: CliIo,
  options: { readonly positionals?: boolean } = {},
): CommandScenario | number {
  const args = parseArgs(argv, { ...SCENARIO_OPTIONS, ...extra });
  if ('usageError' in args) {
    io.stderr(`eck ${command}: ${args.usageError}\n`);
    return EXIT_USAGE;
  }
  if (options.positionals === false && args.positionals.length > 0) {
    io.stderr(`eck ${command}: unexpected argument ${args.positionals[0]}\n`);
    return EXIT_USAGE;
  }
  const scenario = scenarioFromArgs(args);
  if ('usageError' in scenario) {
    io.stderr(`eck ${command}: ${scenario.usageError}\n`);
    return EXIT_USAGE;
  }
  if ('error' in scenario) {
    io.stderr(`eck ${command}: ${scenario.error}\n`);
    return EXIT_FAILED;
  }
  return { args, scenario };
}
