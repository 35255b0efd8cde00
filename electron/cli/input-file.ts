/**
 * The one reader for every file the CLI is handed on its command line (`--vars`, `--override`,
 * `--items`). `/dev/zero` would be read until memory runs out and a FIFO with no
 * writer blocks `open` forever, so only a regular file is read, and only up to a cap: anything
 * else is refused at once, naming the option, the file and why.
 */
import { parseJsonText } from '../../shared/engine';
import { readTextCappedSync } from '../services/capped-read';

/**
 * The largest input file read (16 MiB). Vars, an override and a batch of messages are JSON of
 * a few KB (evolcore's whole context budget is 100 KB); 16 MiB is far past any real one yet
 * parses in well under a second, so the cap only ever stops a wrong file, never a real input.
 */
export const INPUT_FILE_LIMIT = 16 * 1024 * 1024;

/**
 * What reading an input file gave: its text, or a one-line problem. `usage` (exit 2): the path
 * names something that is not an input file at all (a device, a FIFO, a folder, too big);
 * `read` (exit 1, as before): the file is missing or unreadable.
 */
export type InputFileRead =
  { readonly text: string } | { readonly problem: string; readonly kind: 'usage' | 'read' };

/**
 * Reads `file`, given to `--<option>`, if it is a regular file of at most `limit` bytes, as
 * UTF-8. Never blocks: capped-read.ts opens non-blocking and checks the kind and size on the
 * opened fd, and reads no more than the size it stated.
 */
export function readInputFile(option: string, file: string, limit = INPUT_FILE_LIMIT): InputFileRead {
  const label = `--${option} ${file}`;
  if (file === '' || file.includes('\0')) return { problem: `--${option} needs a file`, kind: 'usage' };
  const read = readTextCappedSync(file, limit);
  if (read.ok) return { text: read.text };
  if (read.tooLarge !== undefined)
    return { problem: overLimit(label, read.tooLarge.bytes, limit), kind: 'usage' };
  // A socket cannot be opened at all (ENXIO): say what it is rather than the errno. Windows
  // refuses to open a folder (EISDIR at open); elsewhere the fstat tells.
  if (read.code === 'ENXIO') return { problem: `${label}: not a regular file (socket)`, kind: 'usage' };
  if (read.code === 'ENOTREG' || read.code === 'EISDIR')
    return { problem: `${label}: not a regular file (${read.kind ?? 'directory'})`, kind: 'usage' };
  return { problem: `cannot read ${option}: ${file}: ${openErrorText(read.code)}`, kind: 'read' };
}

function openErrorText(code: string): string {
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'no such file (a part of the path is not a folder)';
  if (code === 'ELOOP') return 'too many symbolic links';
  return code;
}

function overLimit(label: string, size: number, limit: number): string {
  return `${label}: ${mib(size)}, over the ${mib(limit, 0)} limit`;
}

/**
 * Bytes as MiB, the unit of the limit, so the two compare at a glance; rounded up, so a file
 * one byte over 16 MiB reads 16.1, never 16.0.
 */
function mib(bytes: number, digits = 1): string {
  const scale = 10 ** digits;
  return `${(Math.ceil((bytes / (1024 * 1024)) * scale) / scale).toFixed(digits)} MiB`;
}

/** An input file parsed as JSON; a syntax error names the file, line and column (exit 1). */
export function readJsonInput(
  option: string,
  file: string,
): { readonly value: unknown } | { readonly problem: string; readonly kind: 'usage' | 'read' } {
  const read = readInputFile(option, file);
  if ('problem' in read) return read;
  const parsed = parseJsonText(read.text);
  if (!parsed.ok)
    return {
      problem: `cannot read ${option}: ${file}:${parsed.line}:${parsed.column}: ${parsed.message}`,
      kind: 'read',
    };
  return { value: parsed.value };
}
