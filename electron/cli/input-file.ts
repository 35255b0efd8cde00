/**
 * The one reader for every file the CLI is handed on its command line (`--vars`, `--override`,
 * `--items`; issue 21). `/dev/zero` would be read until memory runs out and a FIFO with no
 * writer blocks `open` forever, so only a regular file is read, and only up to a cap: anything
 * else is refused at once, naming the option, the file and why.
 */
import fs from 'node:fs';
import { parseJsonText } from '../../shared/engine';

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

// O_NONBLOCK makes opening a FIFO return at once instead of waiting for a writer; Windows has
// no such flag (and no FIFOs that open() could meet), so it is 0 there.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/**
 * Reads `file`, given to `--<option>`, if it is a regular file of at most `limit` bytes, as
 * UTF-8. Never blocks: the open is non-blocking and the kind is checked on the opened fd.
 */
export function readInputFile(option: string, file: string, limit = INPUT_FILE_LIMIT): InputFileRead {
  const label = `--${option} ${file}`;
  const unreadable = (reason: string): InputFileRead => ({
    problem: `cannot read ${option}: ${file}: ${reason}`,
    kind: 'read',
  });
  if (file === '' || file.includes('\0')) return { problem: `--${option} needs a file`, kind: 'usage' };
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A socket cannot be opened at all (ENXIO): say what it is rather than the errno.
    if (code === 'ENXIO') return { problem: `${label}: not a regular file (socket)`, kind: 'usage' };
    // Windows refuses to open a folder at all; elsewhere the fstat below catches it.
    if (code === 'EISDIR') return { problem: `${label}: not a regular file (directory)`, kind: 'usage' };
    return unreadable(openErrorText(code, err));
  }
  try {
    // fstat of the fd just opened, not a stat of the name: the file read is the file checked.
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { problem: `${label}: not a regular file (${fileKind(st)})`, kind: 'usage' };
    if (st.size > limit) return { problem: overLimit(label, st.size, limit), kind: 'usage' };
    const bytes = readAtMost(fd, limit + 1);
    // The file grew between the fstat and the read: still held to the cap.
    if (bytes.length > limit) return { problem: overLimit(label, bytes.length, limit), kind: 'usage' };
    return { text: bytes.toString('utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return unreadable(code ?? String(err));
  } finally {
    fs.closeSync(fd);
  }
}

/** Up to `max` bytes from the fd, in one buffer (a regular file: reads never block). */
function readAtMost(fd: number, max: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < max) {
    const chunk = Buffer.allocUnsafe(Math.min(max - total, 1024 * 1024));
    const n = fs.readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    total += n;
  }
  return Buffer.concat(chunks, total);
}

function openErrorText(code: string | undefined, err: unknown): string {
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'no such file (a part of the path is not a folder)';
  if (code === 'ELOOP') return 'too many symbolic links';
  return err instanceof Error ? err.message : String(err);
}

/** What a non-regular file is, in words. */
export function fileKind(st: fs.Stats): string {
  if (st.isDirectory()) return 'directory';
  if (st.isFIFO()) return 'FIFO';
  if (st.isCharacterDevice()) return 'character device';
  if (st.isBlockDevice()) return 'block device';
  if (st.isSocket()) return 'socket';
  return 'unknown kind';
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
