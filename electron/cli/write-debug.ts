/** `render --write-debug`: the four eck-debug files of one render, under `$EVOLCORE_HOME/data/eck-debug/`. */
import path from 'node:path';
import type { RenderInput, RenderReport } from '../../shared/engine/types';
import { describeVarZh } from '../../shared/vars/catalog';
import { writeDebugFiles } from '../debug/write-debug-files';

/** Writes the snapshot; errors (read-only home, full disk) come back as one line. */
export function writeDebugSnapshot(
  input: RenderInput,
  report: RenderReport,
): { files: string[] } | { error: string } {
  const dir = path.join(input.home, 'data', 'eck-debug');
  try {
    const written = writeDebugFiles(dir, report, report.vars, describeVarZh);
    return { files: written.files };
  } catch (err) {
    return {
      error:
        `cannot write debug files to ${dir}: ${(err as NodeJS.ErrnoException).code ?? ''} ${err instanceof Error ? err.message : String(err)}`.trim(),
    };
  }
}
