/**
 * The API handlers of Verify (issue 23) over the open workspace: whether its package root holds
 * an installed engine, and the current scenario verified against it. One Verify at a time per
 * process (each starts a Node process): a second call while one runs gets `busy`.
 */
import path from 'node:path';
import { ApiFailure } from '../../shared/api/errors';
import type { InstalledEngineInfo, VerifyAnswer } from '../../shared/api/methods/verify';
import type { HandlerTable } from '../api/dispatch';
import type { WorkspaceHost } from '../workspace/workspace-host';
import { findInstalledEngine } from './find-engine';
import { verifyRender, type VerifiedEngine } from './verify-render';

/** The methods these handlers serve. */
export type VerifyMethod = 'findInstalledEngine' | 'verifyCurrentRender';

/** The installed engine's text is sent back at most this large (the answer's size cap, issue 21). */
export const MAX_INSTALLED_CONTEXT_BYTES = 4 * 1024 * 1024;

function info(engine: VerifiedEngine): InstalledEngineInfo {
  return { name: engine.product.name, version: engine.product.version, file: engine.relative };
}

/** Handlers over the open workspace; `now` is a test seam. */
export function createVerifyHandlers(
  host: WorkspaceHost,
  now: () => number = Date.now,
): Pick<HandlerTable, VerifyMethod> {
  let running = false;
  return {
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
      if (running) throw new ApiFailure('conflict', 'a Verify is already running; wait for its answer');
      running = true;
      try {
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
              oursContext: outcome.oursContext,
              installedContext: bytes > MAX_INSTALLED_CONTEXT_BYTES ? null : outcome.installedContext,
              installedBytes: bytes,
              ms: outcome.ms,
              verifiedAt: now(),
            };
          }
        }
      } finally {
        running = false;
      }
    },
  };
}
