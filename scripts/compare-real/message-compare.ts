/**
 * The message half of `npm run compare:real`: one message world rendered by the real
 * `renderMessageBody` (in the driver) and by ours, judged on the body and on whether the
 * renderer threw (evolcore then sends the raw text; ours must report an error).
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderMessageBody } from '../../shared/engine/index';
import { createNodeFs, toEnginePath } from '../../electron/services/node-fs';
import { writeWorld } from './fuzz';
import type { MessageWorld } from './message-worlds';
import { buildRealVars } from './real-vars';
import type { Verdict } from './compare';
import { firstDifference } from './compare';

/** What the driver answers for a message job. */
export interface RealMessageAnswer {
  readonly body: string | null;
  readonly error: { readonly name: string; readonly message: string } | null;
}

/** A message world written to `root`, with what both sides are given. */
export interface MessageJob {
  readonly packageRoot: string;
  readonly home: string;
  readonly vars: Record<string, unknown>;
  readonly items: Record<string, unknown>[];
  readonly now: number;
}

export function writeMessageWorld(root: string, world: MessageWorld): MessageJob {
  const { packageRoot, home } = writeWorld(root, {
    entries: world.entries,
    vars: world.vars,
    tags: world.tags,
  });
  fs.mkdirSync(path.join(home, 'data', 'eck-debug'), { recursive: true });
  return { packageRoot, home, vars: world.vars, items: world.items, now: world.now };
}

/** The real driver's job for a message world. */
export function realMessageJob(job: MessageJob): Record<string, unknown> {
  return {
    packageRoot: job.packageRoot,
    home: job.home,
    cwd: job.packageRoot,
    vars: buildRealVars(job.packageRoot, job.home, job.vars),
    sessionId: 'compare',
    message: { items: job.items, now: job.now },
  };
}

const nodeFs = createNodeFs();

/** Ours, with the same inputs. */
export function renderOurMessage(
  job: MessageJob,
): { body: string; error: string | null } | { threw: string } {
  try {
    const r = renderMessageBody(
      {
        packageRoot: toEnginePath(job.packageRoot),
        home: toEnginePath(job.home),
        vars: job.vars,
        items: job.items,
        now: job.now,
      },
      nodeFs,
    );
    return { body: r.body, error: r.error };
  } catch (e) {
    return { threw: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

/** Judges one message world. */
export function judgeMessage(
  real: RealMessageAnswer,
  ours: { body: string; error: string | null } | { threw: string },
): Verdict {
  if ('threw' in ours)
    return { identical: false, group: 'ours threw', detail: ours.threw, walkChecked: false };
  if (real.body === null) {
    if (ours.error !== null)
      return {
        identical: true,
        group: 'identical (real threw; ours error, raw text sent)',
        walkChecked: false,
      };
    return {
      identical: false,
      group: 'real threw; ours rendered a body',
      detail: `${real.error?.name}: ${real.error?.message}`,
      walkChecked: false,
    };
  }
  if (ours.error !== null)
    return { identical: false, group: 'ours error; real rendered', detail: ours.error, walkChecked: false };
  const first = firstDifference(real.body, ours.body);
  if (first) return { identical: false, group: 'message body differs', first, walkChecked: false };
  return { identical: true, group: 'identical', walkChecked: false };
}
