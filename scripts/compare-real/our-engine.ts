/**
 * The project's side of the comparison: the engine imported directly (no CLI process per render,
 * so thousands of renders take seconds) over the same node file-system adapter the app uses.
 */
import { renderContext } from '../../shared/engine/index';
import type { RenderReport } from '../../shared/engine/index';
import { createNodeFs, toEnginePath } from '../../electron/services/node-fs';

/** One render as the project is asked for it (the vars as given: the engine derives its path vars). */
export interface OurJob {
  readonly packageRoot: string;
  readonly home: string;
  readonly vars: unknown;
  readonly sessionType?: string;
  readonly manifestFile?: string;
}

/** The render's report, or the exception when the engine threw (which it must never do). */
export type OurAnswer =
  { readonly report: RenderReport; readonly threw: null } | { readonly report: null; readonly threw: string };

const nodeFs = createNodeFs();

export function renderOurs(job: OurJob): OurAnswer {
  try {
    const report = renderContext(
      {
        packageRoot: toEnginePath(job.packageRoot),
        home: toEnginePath(job.home),
        vars: job.vars,
        ...(job.sessionType !== undefined ? { sessionType: job.sessionType } : {}),
        ...(job.manifestFile !== undefined ? { manifestFile: job.manifestFile } : {}),
      },
      nodeFs,
    );
    return { report, threw: null };
  } catch (err) {
    return { report: null, threw: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}
