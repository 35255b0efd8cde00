/**
 * Claude Code Verify: the CLAUDE.md view's assembly beside what the user's own
 * `claude` sends — the start block, and for a target the attachments after a Read — with the
 * version checked and whether it is the one the inspector models (2.1.197).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClaudeMdReport } from '../../../shared/claude-md/types';
import { CLAUDE_CODE_VERSION } from '../../../shared/claude-md/types';
import { DEFAULT_MANAGED_DIR } from '../../../shared/claude-md/claude-md-input';
import { compareContexts, type ContextComparison } from '../../../shared/verify/compare-contexts';
import { attachmentsOf, mainTurns, startBlockOf, type CapturedAttachment } from './captured-memory';
import { findClaude } from './find-claude';
import { claudeVersion, runClaudeOnce } from './run-claude';

export type ClaudeVerifyOutcome =
  | { readonly kind: 'no-claude'; readonly looked: readonly string[] }
  | {
      readonly kind: 'claude-failed';
      readonly claude: string;
      readonly version: string | null;
      readonly message: string;
      readonly ms: number;
    }
  | {
      readonly kind: 'compared';
      readonly claude: string;
      readonly version: string | null;
      /** The version is the one the inspector's model follows. */
      readonly modelled: boolean;
      readonly start: ContextComparison;
      readonly installedStart: string;
      /** `null` without a target. */
      readonly attachments: {
        readonly ours: readonly CapturedAttachment[];
        readonly theirs: readonly CapturedAttachment[];
        /** Index of the first attachment that differs (path or text), `null` when all agree. */
        readonly firstDifferent: number | null;
      } | null;
      readonly identical: boolean;
      /** The view's managed folder is not the one the real CLI reads (it always reads /etc/claude-code). */
      readonly managedElsewhere: string | null;
      readonly ms: number;
    };

function firstDifferent(a: readonly CapturedAttachment[], b: readonly CapturedAttachment[]): number | null {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined || x.path !== y.path || x.text !== y.text) return i;
  }
  return null;
}

/** Runs the user's Claude Code on the report's project and compares. */
export async function verifyClaude(
  report: ClaudeMdReport,
  options: { readonly claude?: string; readonly timeoutMs?: number; readonly env?: NodeJS.ProcessEnv } = {},
): Promise<ClaudeVerifyOutcome> {
  const lookup = findClaude(options.claude, options.env ?? process.env, os.homedir());
  if (!lookup.found) return { kind: 'no-claude', looked: lookup.looked };
  const version = await claudeVersion(lookup.file);
  const { cwd, home, target } = report.input;
  const absTarget = target === null ? null : path.resolve(cwd, target);
  const run = await runClaudeOnce({
    claude: lookup.file,
    cwd,
    home,
    target: absTarget,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  if (!run.ok)
    return { kind: 'claude-failed', claude: lookup.file, version, message: run.message, ms: run.ms };
  const turns = mainTurns(run.requests);
  const installedStart = turns[0] === undefined ? '' : run.unscratch(startBlockOf(turns[0].body));
  const start = compareContexts(report.context, installedStart, []);
  let attachments = null;
  if (report.attachedOnRead !== null) {
    const isFile = (p: string): boolean => {
      try {
        return fs.statSync(run.unscratch(p)).isFile();
      } catch {
        return false;
      }
    };
    const theirs =
      turns[1] === undefined
        ? []
        : attachmentsOf(turns[1].body, isFile).map((a) => ({
            path: run.unscratch(a.path),
            text: run.unscratch(a.text),
          }));
    const ours = report.attachedOnRead.map((a) => ({ path: a.path, text: a.text }));
    attachments = { ours, theirs, firstDifferent: firstDifferent(ours, theirs) };
  }
  return {
    kind: 'compared',
    claude: lookup.file,
    version,
    modelled: version === CLAUDE_CODE_VERSION,
    start,
    installedStart,
    attachments,
    identical: start.identical && (attachments === null || attachments.firstDifferent === null),
    managedElsewhere: report.input.managedDir === DEFAULT_MANAGED_DIR ? null : report.input.managedDir,
    ms: run.ms,
  };
}

/** The answer in one English line. */
export function claudeVerifySummary(o: ClaudeVerifyOutcome): string {
  if (o.kind === 'no-claude') return `no Claude Code found; looked at ${o.looked.join(', ')}`;
  const name = `Claude Code ${o.version ?? '(version unknown)'} (${o.claude})`;
  if (o.kind === 'claude-failed') return `${name} could not be run: ${o.message}`;
  const model =
    (o.modelled
      ? ''
      : `; the inspector models Claude Code ${CLAUDE_CODE_VERSION}, so a difference may be the version's`) +
    (o.managedElsewhere === null
      ? ''
      : `; note: the real CLI reads the managed level from ${DEFAULT_MANAGED_DIR}, the view from ${o.managedElsewhere}`);
  if (o.identical) {
    const after =
      o.attachments === null ? '' : ` and the ${o.attachments.theirs.length} attachments after the Read`;
    return `your ${name} sends the same memory: the start block${after} are identical${model}`;
  }
  const parts: string[] = [];
  if (!o.start.identical) parts.push(`the start block differs at line ${o.start.firstLine}`);
  if (o.attachments !== null && o.attachments.firstDifferent !== null)
    parts.push(
      `attachment ${o.attachments.firstDifferent + 1} after the Read differs (inspector ${o.attachments.ours.length}, installed ${o.attachments.theirs.length})`,
    );
  return `your ${name} sends different memory: ${parts.join('; ')}${model}`;
}
