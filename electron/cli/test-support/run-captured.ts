/** Runs the `eck` CLI in-process for tests, capturing what it writes and its exit code. */
import { runCli } from '../main';

/** The outcome of one run: the exit code and the two streams. */
export interface CapturedRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

export async function runCaptured(...argv: string[]): Promise<CapturedRun> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { code, out, err };
}
