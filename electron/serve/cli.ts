/**
 * `npm run serve` entry: the inspector in a browser, for headless agent hosts and the e2e
 * tests.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVE_USAGE, parseServeArgs } from './args';
import { serveUntilStopped } from './serve-until-stopped';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  let args;
  try {
    args = parseServeArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`serve: ${(error as Error).message}\n${SERVE_USAGE}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(`${SERVE_USAGE}\n`);
    return;
  }
  await serveUntilStopped(appRoot, args, 'serve');
}

main().catch((error: unknown) => {
  const e = error as { message?: string; path?: string };
  process.stderr.write(`serve: ${e.message ?? String(error)}${e.path === undefined ? '' : ` (${e.path})`}\n`);
  process.exit(1);
});
