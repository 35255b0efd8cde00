/**
 * `render --write-debug`: the eck-debug files of one render, under `$EVOLCORE_HOME/data/eck-debug/`,
 * in evolcore's own formats (docs/engine.md §14).
 */
import path from 'node:path';
import { refusalText } from '../../shared/api';
import type { RenderInput, RenderReport } from '../../shared/engine';
import { writeDebugFiles } from '../history/write-debug-files';
import { isWithin, outsideRefusal, realPathOf } from '../services/write-scope';

/**
 * Writes the snapshot; errors (read-only home, full disk) come back as one line. No files when
 * evolcore's render would throw (`report.failure`): it throws before its writer runs.
 */
export function writeDebugSnapshot(
  input: RenderInput,
  report: RenderReport,
): { files: string[] } | { error: string } {
  const dir = path.join(input.home, 'data', 'eck-debug');
  // The app's one rule: a home's eck-debug (or data/) that links elsewhere is not the
  // home's; the files would land in that other folder.
  const home = realPathOf(input.home);
  if (!isWithin(home, realPathOf(dir)))
    return { error: refusalText(outsideRefusal('write', dir, [{ kind: 'home', path: home }]), 'en') };
  try {
    return { files: writeDebugFiles(dir, report).files };
  } catch (err) {
    return {
      error:
        `cannot write debug files to ${dir}: ${(err as NodeJS.ErrnoException).code ?? ''} ${err instanceof Error ? err.message : String(err)}`.trim(),
    };
  }
}
