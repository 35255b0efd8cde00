/**
 * The frame of one index record: `[u32 LE length][u32 LE crc32 of the payload][payload]`.
 * The index is append-only, so a kill mid-append leaves at most one torn frame at the end:
 * a short header, a short payload or a payload whose checksum does not match. `scanFrames`
 * stops at the first such frame, and everything before it is whole (a frame is only ever
 * appended after the one before it was written).
 */
import zlib from 'node:zlib';

/** Bytes of the frame header. */
export const FRAME_HEADER = 8;

/** A record larger than this is not one we wrote: the scan stops there (a torn length). */
export const MAX_FRAME_PAYLOAD = 64 * 1024 * 1024;

/** One frame around a payload. */
export function encodeFrame(payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(zlib.crc32(payload), 4);
  payload.copy(frame, FRAME_HEADER);
  return frame;
}

/** A whole frame found by the scan: where its payload is. */
export interface FoundFrame {
  /** Offset of the frame (its header) in the buffer. */
  readonly at: number;
  readonly payload: Buffer;
}

/**
 * The whole frames at the start of `bytes`, and where the whole part ends: everything from
 * `end` on is a torn tail (or nothing, when `end === bytes.length`).
 */
export function scanFrames(bytes: Buffer): { readonly frames: FoundFrame[]; readonly end: number } {
  const frames: FoundFrame[] = [];
  let at = 0;
  while (at + FRAME_HEADER <= bytes.length) {
    const length = bytes.readUInt32LE(at);
    if (length > MAX_FRAME_PAYLOAD || at + FRAME_HEADER + length > bytes.length) break;
    const payload = bytes.subarray(at + FRAME_HEADER, at + FRAME_HEADER + length);
    if (zlib.crc32(payload) !== bytes.readUInt32LE(at + 4)) break;
    frames.push({ at, payload });
    at += FRAME_HEADER + length;
  }
  return { frames, end: at };
}
