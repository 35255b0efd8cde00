/**
 * The browser mode's process life, shared by `npm run serve` and `npm start`'s fallback: a
 * folder option naming nothing stops the start (exit 2), the renderer is built when missing or
 * stale (a fresh clone answers with the UI, not 503), then the server runs until a signal.
 */
import { serveFolderProblem, type ServeArgs } from './args';
import { ensureRendererBuilt, viteBuildRunner } from './ensure-renderer';
import { rendererDistOf, runServe } from './run-serve';

/** Starts serve for `args`; `who` prefixes the one-line messages (`serve`, `start`). */
export async function serveUntilStopped(appRoot: string, args: ServeArgs, who: string): Promise<void> {
  const missing = serveFolderProblem(args);
  if (missing !== null) {
    process.stderr.write(`${who}: ${missing}\n`);
    process.exit(2);
  }
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
