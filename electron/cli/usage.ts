/**
 * Usage text of `eck` and of each command: `eck --help` lists them all, `eck <command> --help`
 * prints that command's (exit 0); a usage error prints one line (exit 2).
 */
import { INPUT_FILE_LIMIT } from './input-file';
import { NOW_FORMAT } from './now-option';

/** The full usage line of `claude-md` (errors stay one line). */
export const CLAUDE_MD_USAGE =
  'claude-md --cwd DIR [--home DIR] [--managed DIR] [--target FILE (relative to --cwd)] ' +
  '[--setting-sources user,project,local] [--approve-external-includes] [--json]';

const SCENARIO =
  '[--package-root DIR] [--home DIR] [--vars FILE] [--session-type T] [--manifest F] [--override F]';

/** One usage line per command, without the leading `eck `. */
export const COMMAND_USAGE: Readonly<Record<string, string>> = {
  render: `render ${SCENARIO} [--json] [--write-debug]`,
  manifest: `manifest ${SCENARIO}`,
  lint: `lint ${SCENARIO} [--json]`,
  message: `message ${SCENARIO} [--items FILE] [--now ISO] [--json]`,
  'claude-md': CLAUDE_MD_USAGE,
  verify: `verify ${SCENARIO.replace(' [--override F]', '')} [--engine FILE] [--history N] [--timeout S] [--json]`,
  archive: 'archive [--home DIR] [--to DIR] [--keep-days N|all] [--wait S] [--json]',
};

/** What each command does, for its `--help`. */
const COMMAND_SUMMARY: Readonly<Record<string, string>> = {
  render: 'the context text the agent would get (diagnostics on stderr); --json: the whole report',
  manifest: 'the merged manifest as JSON, every field with its origin (base / override)',
  lint: 'every diagnostic plus kit checks; exit 1 on any error',
  message: "the message body of a batch (the vars' items, or --items FILE, a JSON list)",
  'claude-md': "Claude Code's CLAUDE.md layering for a working directory",
  verify:
    'the same scenario rendered by the evolcore installed in --package-root, in a box (scratch home, no network, ' +
    'a time limit), compared with ours; exit 0 identical, 3 different, 2 no engine found',
  archive:
    "copies the home's eck-debug snapshots not archived yet into the archive (kept past evolcore's 24 hours); " +
    'run it on a timer',
};

/** The options every engine command shares, explained. */
const SCENARIO_HELP = `  --package-root DIR   the folder holding kits/ (default: this app's own kit)
  --home DIR           $EVOLCORE_HOME (default: $EVOLCORE_HOME, else ~/.evolcore, else the demo home)
  --vars FILE          runtime vars, a JSON object
  --session-type T     session.sessionType (picks the manifest through sessionManifests)
  --manifest F         force a manifest file of kits/ (F relative to kits/, must stay inside it)
  --override F         use this override file instead of $ECK/<manifest>
`;

/** `eck verify`'s own options. */
const VERIFY_HELP = `  --engine FILE        the built engine (a module exporting renderKitSections); default: package.json
                       exports/main, then kit-renderer.{js,mjs,cjs} under dist/, lib/, build/, out/
  --history N          instead of the scenario: replay the N newest snapshots of the home's eck-debug with
                       both engines and count the identical ones (exit 3 when any differs)
  --timeout S          stop the engine after S seconds (default 30; with --history, 10 + 2 per snapshot)
  --json               the whole outcome as JSON
`;

/** The limits on files named by options, said once for every command that reads one. */
const INPUT_LIMITS = `Input files (--vars, --override, --items) must be regular files of at most ${
  INPUT_FILE_LIMIT / (1024 * 1024)
} MiB;
a FIFO, device, folder or larger file is refused (exit 2). --home / --package-root must be folders.
`;

/** Options of one command beyond the shared ones. */
const COMMAND_OPTIONS_HELP: Readonly<Record<string, string>> = {
  render: `  --json               the whole report as JSON
  --write-debug        also record the render in $EVOLCORE_HOME/data/eck-debug/
`,
  lint: '  --json               the findings as JSON\n',
  message: `  --items FILE         the batch, a JSON list of message objects (default: the vars' "items")
  --now ISO            the time of messages without a timestamp: ${NOW_FORMAT}
  --json               the whole result as JSON
`,
  verify: VERIFY_HELP,
};

/** `eck archive`'s options (it takes no scenario). */
const ARCHIVE_HELP = `  --home DIR           the home whose data/eck-debug/ is archived (default: $EVOLCORE_HOME, else ~/.evolcore)
  --to DIR             the archive folder (default: one per home in the app's settings folder, archive/);
                       never inside the home
  --keep-days N|all    drop archived snapshots older than N days (default: the app's setting, 90)
  --wait S             when the app is writing the archive right now, wait up to S seconds (default 0)
  --json               the counts as JSON
Exit status: 0 done, 1 could not run (archive busy, folder unreadable), 2 usage error.
`;

/** `eck --help`. */
export const USAGE = `usage: eck <command> [options]   (eck <command> --help for one command)
${Object.keys(COMMAND_USAGE)
  .map((name) => `  ${name.padEnd(10)} ${COMMAND_SUMMARY[name] ?? ''}`)
  .join('\n')}
Exit status: 0 done, 1 could not run, 2 usage error (also: an input file that is not a
regular file or is over ${INPUT_FILE_LIMIT / (1024 * 1024)} MiB, a --manifest outside kits/); verify: 3 different.
`;

/** `eck <command> --help`. */
export function commandHelp(name: string): string {
  const usage = COMMAND_USAGE[name] ?? name;
  const summary = COMMAND_SUMMARY[name] ?? '';
  const options =
    name === 'claude-md'
      ? ''
      : name === 'archive'
        ? ARCHIVE_HELP
        : `${SCENARIO_HELP}${COMMAND_OPTIONS_HELP[name] ?? ''}${INPUT_LIMITS}`;
  return `usage: eck ${usage}\n${summary}\n${options}`;
}

/** `true` when argv asks for help (`--help` or `-h` anywhere). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--help' || a === '-h');
}
