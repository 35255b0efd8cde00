/**
 * The API handlers of Verify over the open workspace: whether its package root holds
 * an installed engine, and the current scenario verified against it. One Verify at a time per
 * process (each starts a Node process): a second call while one runs gets `busy`.
 */
import path from 'node:path';
import { ApiFailure } from '../../shared/api/errors';
import { MAX_SHOWN_TEXT_BYTES } from '../../shared/api/answer-caps';
import os from 'node:os';
import type {
  ClaudeCodeLookup,
  ClaudeVerifyAnswer,
  InstalledEngineInfo,
  VerifyAnswer,
} from '../../shared/api/methods/verify';
import { CLAUDE_CODE_VERSION } from '../../shared/claude-md/types';
import type { ClaudeProjectService } from '../claude-md/claude-project-service';
import { findClaude } from './claude/find-claude';
import { claudeVersion } from './claude/run-claude';
import { verifyClaude } from './claude/verify-claude';
import type { HandlerTable } from '../api/dispatch';
import type { WorkspaceHost } from '../workspace/workspace-host';
import { findInstalledEngine } from './find-engine';
import { verifyRender, type VerifiedEngine } from './verify-render';
import { verifyHistory } from './verify-history';

/** The methods these handlers serve. */
export type VerifyMethod =
  'findInstalledEngine' | 'verifyCurrentRender' | 'verifyHistory' | 'findClaudeCode' | 'verifyClaudeProject';

/** The answers' texts are capped as every answer that carries file content is. */
const MAX_INSTALLED_CONTEXT_BYTES = MAX_SHOWN_TEXT_BYTES;

/** The text, or `null` over the cap. */
function capped(text: string): string | null {
  return Buffer.byteLength(text, 'utf8') > MAX_INSTALLED_CONTEXT_BYTES ? null : text;
}

function info(engine: VerifiedEngine): InstalledEngineInfo {
  return { name: engine.product.name, version: engine.product.version, file: engine.relative };
}

/** Runs one task at a time; a call while one runs fails with `conflict` (the message given). */
function oneAtATime(busy: string): <T>(task: () => Promise<T>) => Promise<T> {
  let running = false;
  return async (task) => {
    if (running) throw new ApiFailure('conflict', busy);
    running = true;
    try {
      return await task();
    } finally {
      running = false;
    }
  };
}

/** Handlers over the open workspace; `now` is a test seam. */
export function createVerifyHandlers(
  host: WorkspaceHost,
  claude: ClaudeProjectService,
  now: () => number = Date.now,
): Pick<HandlerTable, VerifyMethod> {
  // Each Verify starts a process: one at a time per kind, a second call is refused.
  const engineTurn = oneAtATime('a Verify is already running; wait for its answer');
  const claudeTurn = oneAtATime('a Claude Code Verify is already running; wait for its answer');
  return {
    verifyHistory: async ({ count, keys }) => {
      return engineTurn(async () => {
        const ws = host.current;
        const result = await verifyHistory(
          ws.renderInput(ws.scenario),
          count,
          keys === undefined ? {} : { keys },
        );
        if (result.kind === 'no-engine') return { kind: 'no-engine', why: result.lookup.why };
        if (result.kind === 'engine-failed') return { kind: 'engine-failed', message: result.message };
        return {
          kind: 'verified',
          engine: { name: result.engine.name, version: result.engine.version, file: result.engine.file },
          checked: result.checked,
          identical: result.identical,
          verdicts: result.verdicts,
          ms: result.ms,
        };
      });
    },
    findClaudeCode: async (): Promise<ClaudeCodeLookup> => {
      const found = findClaude(undefined, process.env, os.homedir());
      if (!found.found) return { available: false, looked: found.looked };
      const version = await claudeVersion(found.file);
      return { available: true, file: found.file, version, modelled: version === CLAUDE_CODE_VERSION };
    },
    verifyClaudeProject: async (): Promise<ClaudeVerifyAnswer> => {
      const project = claude.current;
      if (project === null) return { kind: 'no-project' };
      return claudeTurn(async () => {
        const outcome = await verifyClaude(project.report);
        switch (outcome.kind) {
          case 'no-claude':
            return { kind: 'no-claude', looked: outcome.looked };
          case 'claude-failed':
            return { kind: 'claude-failed', version: outcome.version, message: outcome.message };
          case 'compared':
            return {
              kind: 'compared',
              version: outcome.version,
              modelled: outcome.modelled,
              identical: outcome.identical,
              start: outcome.start,
              oursStart: capped(project.report.context),
              installedStart: capped(outcome.installedStart),
              attachments:
                outcome.attachments === null
                  ? null
                  : {
                      ours: outcome.attachments.ours.length,
                      theirs: outcome.attachments.theirs.length,
                      firstDifferent: outcome.attachments.firstDifferent,
                    },
              managedElsewhere: outcome.managedElsewhere,
              ms: outcome.ms,
              verifiedAt: now(),
            };
        }
      });
    },
    findInstalledEngine: () => {
      const root = host.current.resolved.packageRoot;
      const found = findInstalledEngine(root);
      return found.found
        ? {
            available: true,
            engine: {
              name: found.product.name,
              version: found.product.version,
              file: path.relative(root, found.file),
            },
          }
        : { available: false, why: found.why, looked: found.looked };
    },
    verifyCurrentRender: async (): Promise<VerifyAnswer> => {
      return engineTurn(async () => {
        const ws = host.current;
        const outcome = await verifyRender(ws.renderInput(ws.scenario));
        switch (outcome.kind) {
          case 'no-engine':
            return { kind: 'no-engine', why: outcome.lookup.why, looked: outcome.lookup.looked };
          case 'engine-failed':
            return {
              kind: 'engine-failed',
              engine: info(outcome.engine),
              reason: outcome.reason,
              message: outcome.message,
              oursFailed: outcome.oursFailed,
              ms: outcome.ms,
              verifiedAt: now(),
            };
          case 'compared': {
            const bytes = Buffer.byteLength(outcome.installedContext, 'utf8');
            return {
              kind: 'compared',
              engine: info(outcome.engine),
              comparison: outcome.comparison,
              oursContext: capped(outcome.oursContext),
              installedContext: bytes > MAX_INSTALLED_CONTEXT_BYTES ? null : outcome.installedContext,
              installedBytes: bytes,
              ms: outcome.ms,
              verifiedAt: now(),
            };
          }
        }
      });
    },
  };
}
