/** One diagnostic as one line of terminal output. */
import type { Diagnostic } from '../../shared/engine/types';

/** `error [code] message (section x)`. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.level} [${d.code}] ${d.message}${d.section ? ` (section ${d.section})` : ''}`;
}
