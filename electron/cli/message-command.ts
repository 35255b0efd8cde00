/**
 * `eck message`: the message body evolcore builds for a batch of messages through
 * `eck_message_manifest.json` (docs/engine.md §10). The batch is the vars' `items` (or
 * `--items FILE`, a JSON list); the other vars are the session's. Exit 0 with the body,
 * 1 when evolcore's renderer would fail (it then sends the raw text), 2 for a usage error.
 */
import { renderMessageBody } from '../../shared/engine';
import { createNodeFs } from '../services/node-fs';
import { stringOption } from './args';
import { commandScenario } from './scenario-args';
import { readJsonInput } from './input-file';
import { parseNowOption } from './now-option';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';

/** Runs `message`. */
export async function runMessageCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = commandScenario('message', argv, { items: 'string', now: 'string', json: 'boolean' }, io);
  if (typeof parsed === 'number') return parsed;
  const { args, scenario } = parsed;
  // --now first: a bad date is named as such, not hidden behind a problem with the batch.
  const nowText = stringOption(args, 'now');
  const now = nowText === undefined ? undefined : parseNowOption(nowText);
  if (now !== undefined && 'problem' in now) {
    io.stderr(`eck message: ${now.problem}\n`);
    return EXIT_USAGE;
  }
  const itemsFile = stringOption(args, 'items');
  let items: unknown = (scenario.input.vars as Record<string, unknown> | null)?.items;
  if (itemsFile !== undefined) {
    const read = readJsonInput('items', itemsFile);
    if ('problem' in read) {
      io.stderr(`eck message: ${read.problem}\n`);
      return read.kind === 'usage' ? EXIT_USAGE : EXIT_FAILED;
    }
    items = read.value;
  }
  if (!Array.isArray(items) || items.some((i) => typeof i !== 'object' || i === null || Array.isArray(i))) {
    io.stderr(
      `eck message: the batch must be a JSON list of message objects (${itemsFile ?? 'the vars\' "items"'})\n`,
    );
    return EXIT_USAGE;
  }
  const result = renderMessageBody(
    {
      ...scenario.input,
      items: items as Record<string, unknown>[],
      ...(now !== undefined ? { now: now.now } : {}),
    },
    createNodeFs(),
  );
  if (args.options.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else if (result.error === null) io.stdout(result.body);
  if (!args.options.json) for (const w of result.warnings) io.stderr(`eck message: warning: ${w}\n`);
  if (result.error !== null) {
    io.stderr(`eck message: ${result.error}\n`);
    return EXIT_FAILED;
  }
  return EXIT_OK;
}
