/**
 * Cuts a debug file into blocks, so that the parts two snapshots share are stored once.
 * Renders of one home repeat most of their text: the same sections in the same
 * order, the same vars but a few. A cut is made before a markdown heading (`#…`, a section of
 * the context or of the manifest report) and before a JSON object line (`{`, one var of the
 * vars file), and otherwise where a line's own hash says so (content-defined: a line
 * inserted upstream does not move the cuts downstream, so the blocks after it still match).
 *
 * Works on bytes, not text: the archive keeps each file exactly, even one that is not UTF-8.
 */

/**
 * No cut before a block has this many bytes: a block costs a hash and an id in the index, and
 * a var or a short rules paragraph alone is smaller than that bookkeeping is worth.
 */
const MIN_BLOCK = 512;
/** A line's own hash may end a block only past this size (a unit start may from MIN_BLOCK). */
const MIN_HASH_CUT = 1024;
/** A block never grows past this: a long line is cut in pieces of this size. */
export const MAX_BLOCK = 64 * 1024;
/** One line in this many ends a block when its hash says so (blocks of 1–2 KiB of prose). */
const CUT_MASK = 15;

const NEWLINE = 0x0a;
const HASH = 0x23;
const SPACE = 0x20;
const BRACE = 0x7b;

/** FNV-1a of `bytes[start, end)`, 32 bits. */
function lineHash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

/** Whether the line at `start` opens a unit of its own: a heading, or a lone `{` (indented). */
function opensUnit(bytes: Uint8Array, start: number, end: number): boolean {
  if (bytes[start] === HASH) return true;
  let i = start;
  while (i < end && bytes[i] === SPACE) i++;
  return i === end - 1 && bytes[i] === BRACE;
}

/** The blocks of a file, in order; their concatenation is the file. */
export function splitBlocks(bytes: Uint8Array): Uint8Array[] {
  const blocks: Uint8Array[] = [];
  let blockStart = 0;
  let lineStart = 0;
  while (lineStart < bytes.length) {
    const nl = bytes.indexOf(NEWLINE, lineStart);
    const lineEnd = nl < 0 ? bytes.length : nl + 1;
    const bare = nl < 0 ? lineEnd : nl;
    if (lineStart - blockStart >= MIN_BLOCK && opensUnit(bytes, lineStart, bare)) {
      blocks.push(bytes.subarray(blockStart, lineStart));
      blockStart = lineStart;
    }
    // A line longer than a block: cut it where it stands, in MAX_BLOCK pieces.
    while (lineEnd - blockStart > MAX_BLOCK) {
      blocks.push(bytes.subarray(blockStart, blockStart + MAX_BLOCK));
      blockStart += MAX_BLOCK;
    }
    if (lineEnd - blockStart >= MIN_HASH_CUT && (lineHash(bytes, lineStart, bare) & CUT_MASK) === 0) {
      blocks.push(bytes.subarray(blockStart, lineEnd));
      blockStart = lineEnd;
    }
    lineStart = lineEnd;
  }
  if (blockStart < bytes.length) blocks.push(bytes.subarray(blockStart));
  return blocks;
}
