/** One diagnostic as one line of terminal output. */
import type { Diagnostic } from '../../shared/engine';

/** `file:line:column`, or as much of it as is known. */
function where(d: Diagnostic): string {
  if (d.file === undefined) return '';
  if (d.line === undefined) return d.file;
  return `${d.file}:${d.line}${d.column === undefined ? '' : `:${d.column}`}`;
}

/**
 * `error [code] message (section x, file:line:col)`. The file is left out when the message
 * already names it (the engine's JSON errors do).
 */
export function formatDiagnostic(d: Diagnostic): string {
  const place = where(d);
  const parts = [
    ...(d.section ? [`section ${d.section}`] : []),
    ...(place !== '' && (d.file === undefined || !d.message.includes(d.file)) ? [place] : []),
  ];
  return `${d.level} [${d.code}] ${d.message}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

/** The one line of a fatal error: its message, with its file (and position) when the message lacks it. */
export function formatFatal(d: Diagnostic): string {
  const place = where(d);
  return place === '' || (d.file !== undefined && d.message.includes(d.file))
    ? d.message
    : `${place}: ${d.message}`;
}
