/**
 * A small command-line parser: `--name value`, `--name=value` and boolean flags, with usage
 * errors as values (exit status 2, one line).
 */

/** What each option takes. */
export type OptionSpec = Readonly<Record<string, 'string' | 'boolean'>>;

/** Parsed options (strings, or true for flags) and positional words. */
export interface ParsedArgs {
  readonly options: Readonly<Record<string, string | true>>;
  readonly positionals: readonly string[];
}

/** Parses argv against a spec; unknown options and missing values are usage errors. */
export function parseArgs(argv: readonly string[], spec: OptionSpec): ParsedArgs | { usageError: string } {
  const options: Record<string, string | true> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (!word.startsWith('--')) {
      positionals.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = word.slice(2, eq < 0 ? undefined : eq);
    const kind = spec[name];
    if (!kind) return { usageError: `unknown option --${name}` };
    if (kind === 'boolean') {
      if (eq >= 0) return { usageError: `--${name} takes no value` };
      options[name] = true;
      continue;
    }
    const value = eq >= 0 ? word.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith('--')))
      return { usageError: `--${name} needs a value` };
    options[name] = value;
  }
  return { options, positionals };
}

/** A string option, or undefined. */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const v = args.options[name];
  return typeof v === 'string' ? v : undefined;
}
