/**
 * `npm run serve` entry: the inspector in a browser, for headless agent hosts and the e2e
 * tests.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVE_USAGE, parseServeArgs, serveFolderProblem } from './args';
import { ensureRendererBuilt, viteBuildRunner } from './ensure-renderer';
import { rendererDistOf, runServe } from './run-serve';

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
  const missing = serveFolderProblem(args);
  if (missing !== null) {
    process.stderr.write(`serve: ${missing}\n`);
    process.exit(2);
  }
  // Like `npm start`: a fresh clone's `npm run serve` builds the UI instead of answering 503.
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  if (
    args.build &&
    !(await ensureRendererBuilt(appRoot, rendererDistOf(appRoot), viteBuildRunner(appRoot), log))
  )
    process.exit(1);
  const { stop } = await runServe(appRoot, args);
  const shutdown = (): void => {
    void stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  const e = error as { message?: string; path?: string };
  process.stderr.write(`serve: ${e.message ?? String(error)}${e.path === undefined ? '' : ` (${e.path})`}\n`);
  process.exit(1);
});
