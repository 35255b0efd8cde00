/**
 * evolcore's real engine, staged outside the repo (tools/evolclaw-oracle/README.md), driven as one
 * long-lived tsx child process: a job per line in, an answer per line out. One process renders
 * thousands of jobs because the staged stubs read their folders from env vars on every call and
 * cache nothing.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { REAL_DRIVER_FILE, REAL_DRIVER_SOURCE } from './real-driver-source';
import type { RealMessageAnswer } from './message-compare';

/** What the driver learnt beyond the text by walking the render loop again (see the driver). */
export interface RealWalk {
  /** The walk rebuilt the real context byte for byte: only then are its records used. */
  readonly agrees: boolean;
  readonly totalFiles?: number;
  readonly totalBytes?: number;
  readonly overTotal?: readonly unknown[];
  readonly statuses?: readonly { readonly id: unknown; readonly status: string }[];
  readonly meta?: { readonly totalMaxFiles: number; readonly totalMaxBytes: number };
  readonly error?: { readonly name: string; readonly message: string };
}

/** One render by the real engine. `context` is null when it threw (`error`). */
export interface RealAnswer {
  readonly context: string | null;
  readonly error: { readonly name: string; readonly message: string } | null;
  readonly walk: RealWalk | null;
  readonly debugWrites: readonly string[];
  /** Milliseconds of the real renderKitSections call alone (no walk, no IPC). */
  readonly renderMs: number;
}

/** One job: the folders, the vars as the real response-engine would pass them, the manifest file. */
export interface RealJob {
  readonly packageRoot: string;
  readonly home: string;
  /** Working directory of the render (relative section paths resolve against it). */
  readonly cwd: string;
  readonly vars: Readonly<Record<string, unknown>>;
  readonly sessionId: string;
  readonly manifestFile: string;
}

/** Why the staged folder cannot be used, or null when it can. */
export function checkStaged(realDir: string): string | null {
  for (const f of ['src/eck/manifest-engine.ts', 'src/eck/kit-renderer.ts', 'src/paths.ts']) {
    if (!fs.existsSync(path.join(realDir, f)))
      return `${path.join(realDir, f)} is missing: stage the real engine first (tools/evolclaw-oracle/README.md)`;
  }
  return null;
}

/** The real engine's median over `runs` renders of one job (after `warmup` renders). */
export interface RealBench {
  readonly medianMs: number;
  /** Length of the rendered context (to check it rendered something). */
  readonly len: number;
}

/** A running driver. Answers come in submission order; `close` ends the child. */
export interface RealEngine {
  render(job: RealJob): Promise<RealAnswer>;
  /** The real `renderMessageBody` on a message job (`message-compare.ts`). */
  renderMessage(job: Record<string, unknown>): Promise<RealMessageAnswer>;
  /** Times the job in the driver; its debug files are really written (into the job's home). */
  bench(job: RealJob, runs: number, warmup: number): Promise<RealBench>;
  close(): void;
}

/** Writes the driver into the staged folder and starts it with the project's tsx. */
export async function startRealEngine(realDir: string, tsxBin: string): Promise<RealEngine> {
  fs.writeFileSync(path.join(realDir, REAL_DRIVER_FILE), REAL_DRIVER_SOURCE);
  const child: ChildProcessWithoutNullStreams = spawn(tsxBin, [REAL_DRIVER_FILE], {
    cwd: realDir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const waiting: { resolve: (a: never) => void; reject: (e: Error) => void }[] = [];
  let ready: (() => void) | null = null;
  let failed: Error | null = null;
  const lines = readline.createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    let msg: unknown;
    try {
      msg = JSON.parse(line);
    } catch {
      return; // not ours (a stray console line of the real code would land here)
    }
    if (msg !== null && typeof msg === 'object' && 'ready' in msg) {
      ready?.();
      return;
    }
    waiting.shift()?.resolve(msg as never);
  });
  child.on('exit', (code) => {
    failed = new Error(`the real engine's driver exited (${code}): ${stderr.trim().slice(-1500)}`);
    for (const w of waiting.splice(0)) w.reject(failed);
    ready?.();
  });
  await new Promise<void>((resolve) => {
    ready = resolve;
  });
  ready = null;
  if (failed) throw failed;
  const send = <T>(message: object): Promise<T> => {
    if (failed) return Promise.reject(failed);
    return new Promise<T>((resolve, reject) => {
      waiting.push({ resolve: resolve as (a: never) => void, reject });
      child.stdin.write(`${JSON.stringify(message)}\n`);
    });
  };
  return {
    render: (job) => send<RealAnswer>(job),
    renderMessage: (job) => send<RealMessageAnswer>(job),
    bench: (job, runs, warmup) => send<RealBench>({ ...job, bench: { runs, warmup } }),
    close(): void {
      child.stdin.end();
      child.kill();
    },
  };
}
