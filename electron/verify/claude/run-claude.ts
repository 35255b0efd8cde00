/**
 * Runs the user's Claude Code once for Verify: print mode (`claude -p hi`) in the
 * project's folder against the fake API on 127.0.0.1, and returns the requests it sent.
 *
 * What it sees and what it may change: HOME is the user's (so `@~/…` includes and the user's
 * memory resolve as in their sessions), but `CLAUDE_CONFIG_DIR` is a scratch folder whose memory
 * entries (CLAUDE.md, rules/, settings.json) link to the user's `~/.claude` and whose
 * `.claude.json` is a copy of theirs (it holds the external-include approvals): transcripts,
 * counters and caches land in the scratch folder, removed afterwards. No credentials are linked;
 * the API key is a dummy; telemetry, auto-update and error reporting are off; killed after the
 * time limit.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startFakeApi, type RecordedRequest } from './fake-anthropic-api';
import { verifyScratchParent } from '../scratch-home';

/** The entries of `~/.claude` that shape memory: linked into the scratch config folder. */
const MEMORY_ENTRIES = ['CLAUDE.md', 'rules', 'settings.json'];
export const DEFAULT_CLAUDE_TIMEOUT_MS = 90_000;

export interface ClaudeRunJob {
  readonly claude: string;
  readonly cwd: string;
  readonly home: string;
  /** Absolute; the fake API answers the first turn with a Read of it. */
  readonly target: string | null;
  readonly timeoutMs?: number;
}

export type ClaudeRun =
  | {
      readonly ok: true;
      readonly requests: readonly RecordedRequest[];
      /** Maps a path Claude Code named under the scratch config folder back to `~/.claude`. */
      readonly unscratch: (text: string) => string;
      readonly ms: number;
    }
  | { readonly ok: false; readonly message: string; readonly ms: number };

/**
 * `claude --version` → `2.1.197`, or `null` when it does not say. Asynchronous: the server keeps
 * answering other clients while it runs (at most 15 s).
 */
export function claudeVersion(claude: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      claude,
      ['--version'],
      { encoding: 'utf8', timeout: 15_000, maxBuffer: 64 * 1024 },
      (_error, stdout) => {
        resolve(/(\d+\.\d+\.\d+)/.exec(stdout ?? '')?.[1] ?? null);
      },
    );
  });
}

function scratchConfig(home: string): { root: string; config: string } {
  const root = fs.mkdtempSync(path.join(verifyScratchParent(), 'claude-'));
  const config = path.join(root, 'config');
  fs.mkdirSync(config);
  const userConfig = path.join(home, '.claude');
  for (const name of MEMORY_ENTRIES) {
    const target = path.join(userConfig, name);
    if (fs.existsSync(target)) fs.symlinkSync(target, path.join(config, name));
  }
  try {
    fs.copyFileSync(path.join(home, '.claude.json'), path.join(config, '.claude.json'));
  } catch {
    // No global config yet: Claude Code starts from none, as on a new machine.
  }
  return { root, config };
}

/** Runs Claude Code once; never throws for what Claude Code does. */
export async function runClaudeOnce(job: ClaudeRunJob): Promise<ClaudeRun> {
  const started = performance.now();
  const ms = (): number => Math.round(performance.now() - started);
  const scratch = scratchConfig(job.home);
  const api = await startFakeApi(job.target);
  try {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env['PATH'] ?? '',
      HOME: job.home,
      USER: process.env['USER'] ?? '',
      LANG: 'C.UTF-8',
      TERM: 'dumb',
      CLAUDE_CONFIG_DIR: scratch.config,
      ANTHROPIC_BASE_URL: api.url,
      ANTHROPIC_API_KEY: 'eck-verify-dummy-key',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
      DISABLE_BUG_COMMAND: '1',
      CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
    };
    // In print mode a Read outside the working folders is refused: add the target's folder.
    const rel = job.target === null ? '' : path.relative(job.cwd, job.target);
    const extra =
      job.target !== null && (rel.startsWith('..') || path.isAbsolute(rel))
        ? ['--add-dir', path.dirname(job.target)]
        : [];
    const timeoutMs = job.timeoutMs ?? DEFAULT_CLAUDE_TIMEOUT_MS;
    const outcome = await new Promise<{ ok: true } | { ok: false; message: string }>((resolve) => {
      const child = spawn(job.claude, ['-p', 'hi', ...extra], {
        cwd: job.cwd,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: process.platform !== 'win32',
      });
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => {
        if (stderr.length < 8192) stderr += d.toString();
      });
      const timer = setTimeout(() => {
        try {
          if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
          else child.kill('SIGKILL');
        } catch {
          // Already gone.
        }
        resolve({
          ok: false,
          message: `Claude Code did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped`,
        });
      }, timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        resolve({ ok: false, message: `could not start ${job.claude}: ${error.message}` });
      });
      child.on('exit', () => {
        clearTimeout(timer);
        resolve(
          api.requests.length > 0
            ? { ok: true }
            : {
                ok: false,
                message: `Claude Code sent no request${stderr.trim() === '' ? '' : `: ${stderr.trim().split('\n').slice(-3).join(' / ')}`}`,
              },
        );
      });
    });
    if (!outcome.ok) return { ok: false, message: outcome.message, ms: ms() };
    const userConfig = path.join(job.home, '.claude');
    return {
      ok: true,
      requests: [...api.requests],
      unscratch: (text) => text.split(scratch.config).join(userConfig),
      ms: ms(),
    };
  } finally {
    await api.close();
    fs.rmSync(scratch.root, { recursive: true, force: true });
  }
}
