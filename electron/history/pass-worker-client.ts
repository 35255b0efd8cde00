/**
 * The main thread's side of the pass worker (pass-worker.ts): threads, each started when a pass
 * first needs it and ended after a while without work, that read batches of snapshots.
 *
 * Where its code is: beside this file as `pass-worker.ts` when the app runs from the sources
 * (tsx, vitest: the thread loads tsx first), else `dist/bin/history-pass-worker.mjs`, which
 * `npm run build` bundles next to the command bundles (dist/bin/*.mjs and dist/electron/main.js
 * both find it at `../bin/` from their own folder). A thread that cannot start or dies fails
 * every batch asked of it: the pass then reads on the main thread as before (history-index.ts).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PassBatchAnswer, PassBatchItem, PassBatchReply, PassWorkerMessage } from './pass-batch';

/** Reads batches of snapshots off the main thread; rejects when it cannot. */
export interface PassReader {
  read(dir: string, snapshots: readonly PassBatchItem[]): Promise<PassBatchAnswer>;
  /** Batches it reads at once (default 1): the pass keeps twice as many out. */
  readonly threads?: number;
}

/** The bundled worker's file name in dist/bin/ (scripts/build-package.ts builds it). */
export const PASS_WORKER_BUNDLE = 'history-pass-worker.mjs';

/**
 * How long a thread without work stays, in ms: a burst of renders reuses it, and a render after
 * that starts one again (tens of ms, off the main thread). Short on purpose: a thread that has
 * read a pass holds its heap until it ends (25–40 MB each at 250,000 snapshots), and the index
 * is saved `SAVE_AFTER_MS` after the pass (history-service.ts), so the threads end first and the
 * save's buffer does not come on top of them: serve's peak after the save went from 368–373 MB
 * (threads kept 30 s) to 331–340.
 */
export const PASS_THREAD_IDLE_MS = 1000;

/** Where the worker's code is, and how to start it. */
export interface PassWorkerEntry {
  /** The file the thread runs. */
  readonly file: string;
  /** TypeScript sources: tsx is registered in the thread before the file is imported. */
  readonly typescript: boolean;
}

/** This module's own file: the CommonJS desktop bundle has `__filename`, ES modules `import.meta`. */
function ownFile(): string {
  return typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
}

/** The worker of this build: the sources' `pass-worker.ts`, or the bundle beside the commands. */
export function defaultPassWorkerEntry(): PassWorkerEntry {
  const here = ownFile();
  if (here.endsWith('.ts'))
    return { file: path.join(path.dirname(here), 'pass-worker.ts'), typescript: true };
  return { file: path.join(path.dirname(here), '..', 'bin', PASS_WORKER_BUNDLE), typescript: false };
}

/**
 * The thread's young generation, kept small: what a batch allocates (the files' text, the
 * parsed report) is garbage once its answer is posted, and V8's default young space let each
 * thread hold tens of MB of it between collections.
 */
const PASS_THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** Starts a thread on `entry`; throws when it cannot even be created. */
function startThread(entry: PassWorkerEntry): Worker {
  if (!entry.typescript) return new Worker(entry.file, { resourceLimits: PASS_THREAD_LIMITS });
  // A thread does not inherit tsx's loader, and `--import tsx` in its execArgv is not honoured
  // on Node 20: a small script registers tsx in the thread, then imports the TypeScript entry.
  const api = import.meta.resolve('tsx/esm/api');
  const url = pathToFileURL(entry.file).href;
  const boot = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); })`;
  return new Worker(boot, { eval: true, resourceLimits: PASS_THREAD_LIMITS });
}

interface Waiting {
  readonly resolve: (answer: PassBatchAnswer) => void;
  readonly reject: (error: Error) => void;
}

/** One pass worker thread, started on first use. */
export class PassWorker implements PassReader {
  private thread: Worker | null = null;
  private failure: Error | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private idle: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly entry: PassWorkerEntry = defaultPassWorkerEntry(),
    private readonly log: (message: string) => void = (m) => process.stderr.write(`${m}\n`),
    private readonly idleMs = PASS_THREAD_IDLE_MS,
  ) {}

  /** `true` once the thread failed: every later read rejects at once (no retry per pass). */
  get failed(): boolean {
    return this.failure !== null;
  }

  /** Whether its thread is up (started, not yet ended for idling or failing). */
  get running(): boolean {
    return this.thread !== null;
  }

  read(dir: string, snapshots: readonly PassBatchItem[]): Promise<PassBatchAnswer> {
    if (this.failure !== null) return Promise.reject(this.failure);
    let thread: Worker;
    try {
      thread = this.ensureThread();
    } catch (err) {
      return Promise.reject(this.fail(err));
    }
    if (this.idle !== null) clearTimeout(this.idle);
    this.idle = null;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      thread.postMessage({ read: { id, dir, snapshots } } satisfies PassWorkerMessage);
    });
  }

  /** Ends the thread (a batch still out is rejected). */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    if (this.idle !== null) clearTimeout(this.idle);
    this.idle = null;
    this.rejectAll(new Error('pass worker closed'));
    if (thread !== null) await thread.terminate();
  }

  private ensureThread(): Worker {
    if (this.thread !== null) return this.thread;
    const thread = startThread(this.entry);
    // Never what keeps the process alive: a command that is done exits with its thread idle.
    thread.unref();
    thread.on('message', (reply: PassBatchReply) => this.answer(reply, thread));
    thread.on('error', (err) => this.fail(err));
    thread.on('exit', (code) => {
      if (this.thread === thread) this.fail(new Error(`pass worker exited (${String(code)})`));
    });
    this.thread = thread;
    return thread;
  }

  private answer(reply: PassBatchReply, thread: Worker): void {
    const waiting = this.waiting.get(reply.id);
    if (waiting === undefined) return;
    this.waiting.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else
      waiting.resolve({
        packed: reply.packed,
        length: reply.length,
        // To the thread that filled it, if it still runs; else the buffer is only let go.
        giveBack: (buffer) => {
          if (this.thread === thread)
            thread.postMessage({ giveBack: buffer } satisfies PassWorkerMessage, [buffer]);
        },
      });
    if (this.waiting.size === 0 && this.thread !== null) {
      this.idle = setTimeout(() => void this.close(), this.idleMs);
      this.idle.unref();
    }
  }

  /** The thread is unusable for good: said once, and every batch out is rejected. */
  private fail(err: unknown): Error {
    const error = err instanceof Error ? err : new Error(String(err));
    if (this.failure === null) {
      this.failure = error;
      this.log(`history: the index pass reads on the main thread (its worker failed: ${error.message})`);
    }
    const thread = this.thread;
    this.thread = null;
    if (thread !== null) void thread.terminate();
    this.rejectAll(error);
    return error;
  }

  private rejectAll(error: Error): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiting) w.reject(error);
  }
}

/**
 * Several pass workers, each batch to the one with the fewest out: one per core, at most three,
 * each at a lower priority (thread-nice.ts), so the main thread and the window still come first.
 * Measured at 250k snapshots on 2 cores: in process one thread took 2.65–3.1× reading the files
 * once and two 1.89×; in serve (archiving on) the pass went from 18.5 s to 13.3 s, its peak from
 * 333 to 365 MB and the peak after the save stayed at 381–386 MB; the page's frames while it ran
 * stayed at p95 27 ms (one thread 28 ms, two not niced 39 ms). An earlier measure, before the
 * pushes kept keys only, had two threads cost 90 MB more, and kept one.
 */
export class PassWorkers implements PassReader {
  readonly threads: number;
  private readonly workers: PassWorker[];
  private readonly out = new Map<PassWorker, number>();

  constructor(
    threads = Math.max(1, Math.min(3, os.availableParallelism())),
    entry: PassWorkerEntry = defaultPassWorkerEntry(),
    log: (message: string) => void = (m) => process.stderr.write(`${m}\n`),
  ) {
    this.threads = Math.max(1, threads);
    // The same failure in every thread (a missing bundle) is said once.
    let said = false;
    const once = (m: string): void => {
      if (!said) log(m);
      said = true;
    };
    this.workers = Array.from({ length: this.threads }, () => new PassWorker(entry, once));
  }

  read(dir: string, snapshots: readonly PassBatchItem[]): Promise<PassBatchAnswer> {
    let pick: PassWorker | undefined;
    for (const w of this.workers)
      if (!w.failed && (pick === undefined || (this.out.get(w) ?? 0) < (this.out.get(pick) ?? 0))) pick = w;
    if (pick === undefined) return Promise.reject(new Error('no pass worker could start'));
    const worker = pick;
    this.out.set(worker, (this.out.get(worker) ?? 0) + 1);
    const done = (): void => void this.out.set(worker, (this.out.get(worker) ?? 1) - 1);
    const read = worker.read(dir, snapshots);
    read.then(done, done);
    return read;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}

let shared: PassWorkers | null = null;

/** The process's pass workers (every open index shares them). */
export function sharedPassWorker(): PassWorkers {
  shared ??= new PassWorkers();
  return shared;
}
