/**
 * Reading a text file with a size cap: the size is taken with `fstat` on the open
 * descriptor before a byte is read, so a 200 MB file is refused without reading it, and the read
 * itself is bounded (a file that grows after the `fstat` is read only up to its stated size).
 * Opened non-blocking: a FIFO planted in a home answers "not a regular file" instead of hanging.
 *
 * The one such reader: the engine's node fs, the CLI's option files, the History and the
 * override store all read through it.
 */
import fs from 'node:fs';
import type { TooLarge } from '../../shared/api/answer-caps';
import { tooLarge } from '../../shared/api/answer-caps';

/** The text, its marker when it is over the cap, or the error that stopped the read. */
export type CappedRead =
  | { readonly ok: true; readonly text: string; readonly bytes: number }
  | { readonly ok: false; readonly tooLarge: TooLarge }
  | {
      readonly ok: false;
      readonly tooLarge?: undefined;
      readonly code: string;
      /** For `ENOTREG` / `EISDIR`: what the file is instead, in words (`FIFO`, `character device`). */
      readonly kind?: string;
    };

/** `O_NONBLOCK` where the platform has it (not on Windows, which has no FIFOs to fear here). */
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

function codeOf(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : 'EIO';
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

/** What a stated file is, before it is read. */
function judge(st: fs.Stats, cap: number, file: string): CappedRead | null {
  if (st.isDirectory()) return { ok: false, code: 'EISDIR', kind: 'directory' };
  if (!st.isFile()) return { ok: false, code: 'ENOTREG', kind: fileKind(st) };
  if (st.size > cap) return { ok: false, tooLarge: tooLarge(st.size, cap, file) };
  return null;
}

/** Files up to this size are read into one buffer kept between reads (`scratchFor`). */
const SCRATCH_MAX_BYTES = 1024 * 1024;
let scratch: Buffer | null = null;

/**
 * A buffer of at least `size` bytes for one synchronous read. The History's pass reads two
 * small files per snapshot, tens of thousands in a row, and a fresh buffer for each was garbage
 * for the collector; the text is decoded out of it before the next read, so one is enough.
 */
function scratchFor(size: number): Buffer {
  if (size > SCRATCH_MAX_BYTES) return Buffer.allocUnsafe(size);
  if (scratch === null || scratch.length < size) {
    scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX_BYTES, Math.max(size, 64 * 1024)));
  }
  return scratch;
}

/**
 * Reads `file` when it is a regular file of at most `cap` bytes. Never throws. `seen` gets the
 * descriptor's stat (the History's pass stamps the files it read, file-stamp.ts, at no extra stat).
 */
export function readTextCappedSync(file: string, cap: number, seen?: (st: fs.Stats) => void): CappedRead {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, READ_FLAGS);
    const st = fs.fstatSync(fd);
    seen?.(st);
    const refused = judge(st, cap, file);
    if (refused !== null) return refused;
    const buffer = scratchFor(st.size);
    let got = 0;
    while (got < st.size) {
      const n = fs.readSync(fd, buffer, got, st.size - got, got);
      if (n === 0) break; // Shrunk since the fstat: what is there is the file.
      got += n;
    }
    return { ok: true, text: buffer.toString('utf8', 0, got), bytes: got };
  } catch (err) {
    return { ok: false, code: codeOf(err) };
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/** The same, on the thread pool (bulk readers: search, what-if, replay). */
export async function readTextCapped(file: string, cap: number): Promise<CappedRead> {
  let handle: fs.promises.FileHandle | null = null;
  try {
    handle = await fs.promises.open(file, READ_FLAGS);
    const st = await handle.stat();
    const refused = judge(st, cap, file);
    if (refused !== null) return refused;
    const buffer = Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < st.size) {
      const { bytesRead } = await handle.read(buffer, got, st.size - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return { ok: true, text: buffer.toString('utf8', 0, got), bytes: got };
  } catch (err) {
    return { ok: false, code: codeOf(err) };
  } finally {
    await handle?.close();
  }
}
