/**
 * Runs a user's installed engine once, boxed: a child Node process (in the desktop
 * app, Electron's own binary as Node) that imports the engine module and calls
 * `renderKitSections({ vars, sessionId }, manifestFile)`.
 *
 * The box:
 * - a scratch home (scratch-home.ts): the engine's debug files go to its own `data/`;
 * - Node's permission model: reads anywhere, writes only under the scratch `data/`, no child
 *   processes, no workers — so even an engine that tried could not write into the user's home;
 * - no network: the runner replaces Node's socket, DNS and fetch entry points with ones that
 *   throw before the engine is loaded (the engine needs none);
 * - a time limit: killed (SIGKILL) when it is over, the scratch home removed either way.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createScratchHome } from './scratch-home';

/** One render the engine is asked for. */
export interface RenderJob {
  readonly vars: Readonly<Record<string, unknown>>;
  readonly sessionId: string;
  readonly manifestFile: string;
}

/** What the engine is asked to render: one scenario (Verify) or many (Verify over History). */
export interface EngineJob extends RenderJob {
  readonly engineFile: string;
  readonly userHome: string;
  readonly timeoutMs?: number;
}

/** Several renders in one process (the engine loaded once, as in a running evolcore). */
export interface EngineBatch {
  readonly engineFile: string;
  readonly userHome: string;
  readonly renders: readonly RenderJob[];
  readonly timeoutMs?: number;
}

/** One render's outcome inside a batch. */
export type RenderOutcome =
  { readonly ok: true; readonly context: string } | { readonly ok: false; readonly message: string };

/** What a batch came back with. */
export type BatchRun =
  | {
      readonly ok: true;
      readonly results: readonly RenderOutcome[];
      readonly ms: number;
      readonly debugFiles: readonly string[];
    }
  | {
      readonly ok: false;
      readonly reason: 'timeout' | 'crashed';
      readonly message: string;
      readonly ms: number;
    };

/** What came back. */
export type EngineRun =
  | {
      readonly ok: true;
      readonly context: string;
      readonly ms: number;
      readonly debugFiles: readonly string[];
    }
  | {
      readonly ok: false;
      readonly reason: 'timeout' | 'threw' | 'crashed';
      readonly message: string;
      readonly ms: number;
    };

export const DEFAULT_VERIFY_TIMEOUT_MS = 30_000;
/** stderr kept for the message when the engine crashes. */
const MAX_STDERR = 8 * 1024;

/**
 * The child's script, plain JavaScript (the package runs without a TypeScript loader). It cuts
 * the network off, then loads the engine, renders, answers over IPC and lets its pending debug
 * writes finish before it exits.
 */
const RUNNER = String.raw`
import net from 'node:net';
import tls from 'node:tls';
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import dgram from 'node:dgram';
import { syncBuiltinESMExports } from 'node:module';
const off = () => { throw new Error('network access is off while Verify runs the engine'); };
for (const [mod, names] of [
  [net, ['connect', 'createConnection', 'createServer']],
  [tls, ['connect', 'createServer']],
  [http, ['request', 'get', 'createServer']],
  [https, ['request', 'get', 'createServer']],
  [dns, ['lookup', 'resolve', 'resolve4', 'resolve6']],
  [dgram, ['createSocket']],
]) for (const name of names) mod[name] = off;
net.Socket.prototype.connect = off;
dns.promises.lookup = off;
globalThis.fetch = off;
globalThis.WebSocket = undefined;
syncBuiltinESMExports();
process.once('message', async (batch) => {
  const results = [];
  let render = null;
  try {
    const mod = await import(batch.engineUrl);
    render = mod.renderKitSections ?? mod.default?.renderKitSections;
    if (typeof render !== 'function') throw new Error('the module does not export renderKitSections');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    for (const _ of batch.renders) results.push({ ok: false, message });
    render = null;
  }
  if (render !== null) {
    for (const job of batch.renders) {
      try {
        const context = await render({ vars: job.vars, sessionId: job.sessionId }, job.manifestFile);
        results.push({ ok: true, context: typeof context === 'string' ? context : String(context) });
      } catch (error) {
        results.push({ ok: false, message: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  process.send({ results }, () => process.disconnect());
});
`;

/** Node's permission flag: `--permission` from Node 22.13/23.5, `--experimental-permission` before. */
function permissionFlag(): string {
  return process.allowedNodeEnvironmentFlags.has('--permission')
    ? '--permission'
    : '--experimental-permission';
}

/** Runs the engine on one scenario; never throws for what the engine does. */
export async function runInstalledEngine(job: EngineJob): Promise<EngineRun> {
  const batch = await runInstalledEngineBatch({
    engineFile: job.engineFile,
    userHome: job.userHome,
    renders: [{ vars: job.vars, sessionId: job.sessionId, manifestFile: job.manifestFile }],
    ...(job.timeoutMs === undefined ? {} : { timeoutMs: job.timeoutMs }),
  });
  if (!batch.ok) return batch;
  const only = batch.results[0];
  if (only === undefined || !only.ok) {
    return {
      ok: false,
      reason: 'threw',
      message: `the engine threw: ${only?.message ?? 'no answer'}`,
      ms: batch.ms,
    };
  }
  return { ok: true, context: only.context, ms: batch.ms, debugFiles: batch.debugFiles };
}

/** Runs the engine on every render of the batch in one boxed process; never throws for what the engine does. */
export async function runInstalledEngineBatch(batch: EngineBatch): Promise<BatchRun> {
  const scratch = createScratchHome(batch.userHome);
  const started = performance.now();
  const ms = (): number => Math.round(performance.now() - started);
  const timeoutMs = batch.timeoutMs ?? DEFAULT_VERIFY_TIMEOUT_MS;
  try {
    const runner = path.join(scratch.root, 'runner.mjs');
    fs.writeFileSync(runner, RUNNER);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      // Both products' names: the engine finds its home there (evolcore's and evolclaw's paths).
      EVOLCORE_HOME: scratch.home,
      EVOLCLAW_HOME: scratch.home,
      // In the desktop app process.execPath is Electron: this makes it a plain Node.
      ELECTRON_RUN_AS_NODE: '1',
      NODE_NO_WARNINGS: '1',
    };
    const child = spawn(
      process.execPath,
      [permissionFlag(), '--allow-fs-read=*', `--allow-fs-write=${path.join(scratch.data, '*')}`, runner],
      { cwd: scratch.home, env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
    );
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += d.toString();
    });
    const result = await new Promise<BatchRun>((resolve) => {
      let results: RenderOutcome[] | null = null;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve({
          ok: false,
          reason: 'timeout',
          message: `the engine did not answer within ${Math.round(timeoutMs / 1000)} s and was stopped`,
          ms: ms(),
        });
      }, timeoutMs);
      child.on('message', (message: unknown) => {
        const list = (message as { results?: unknown }).results;
        if (!Array.isArray(list)) return;
        results = list.map((r: unknown): RenderOutcome => {
          const m = r as { ok?: unknown; context?: unknown; message?: unknown };
          return m.ok === true && typeof m.context === 'string'
            ? { ok: true, context: m.context }
            : { ok: false, message: String(m.message) };
        });
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        resolve({
          ok: false,
          reason: 'crashed',
          message: `could not start Node: ${error.message}`,
          ms: ms(),
        });
      });
      // Wait for the exit, not the answer: the engine's own debug writes finish first.
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        resolve(
          results !== null
            ? { ok: true, results, ms: ms(), debugFiles: [] }
            : {
                ok: false,
                reason: 'crashed',
                message: `the engine's process ended (${signal ?? `exit ${String(code)}`}) without an answer${stderr.trim() === '' ? '' : `: ${stderr.trim().split('\n').slice(-3).join(' / ')}`}`,
                ms: ms(),
              },
        );
      });
      child.send({ engineUrl: pathToFileURL(batch.engineFile).href, renders: batch.renders });
    });
    if (!result.ok) return result;
    let debugFiles: string[] = [];
    try {
      debugFiles = fs.readdirSync(path.join(scratch.data, 'eck-debug')).sort();
    } catch {
      // The engine wrote none.
    }
    return { ...result, debugFiles };
  } finally {
    scratch.remove();
  }
}
