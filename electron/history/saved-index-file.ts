/**
 * The saved History index as bytes (saved-index.ts keeps one per home in the settings folder).
 * A derived file, so anything short of a whole, current file of the same folder is ignored and
 * the pass reads everything again: a checksum over all of it, a version, the signature of the
 * stored columns and of the app, and the folder's real path, all checked before any row is used.
 *
 * Layout: a 32-byte header, a JSON meta (counts, the interned strings, the errors), then the
 * arrays, each at a multiple of 8, as the archive's row index is laid out (row-index-file.ts).
 */
import zlib from 'node:zlib';
import type { SavedColumns, SavedColumnsAt, SavedHead, SavedRows } from '../../shared/history/saved-rows';
import { savedColumnsOf } from '../../shared/history/saved-rows';
import { SAVED_FLAG_IDS, SAVED_NUMBER_IDS, SAVED_TEXT_IDS } from '../../shared/history/saved-rows';
import { compareRowKeys } from '../../shared/history/row-store';
import { COLUMNS_ID } from './archive-rows';
import { pad8, viewOf } from '../archive/row-index-file';

const MAGIC = 'ECKHIDX1';
/**
 * Bumped when the layout changes, or what the pass fills for the same files does (a parser or a
 * column's reader changed): every saved index of an older version is then read again in full.
 */
export const SAVED_INDEX_VERSION = 1;
const HEADER = 32;

/** Which rows a file may hold: the stored columns' checksum, this format's version and the app's. */
export function savedSignature(appVersion: string): string {
  return `${SAVED_INDEX_VERSION}:${COLUMNS_ID}:${appVersion}`;
}

interface Meta {
  readonly signature: string;
  readonly dir: string;
  readonly count: number;
  readonly keyBytes: number;
  readonly columns: readonly [number, number, number];
  readonly strings: readonly string[];
  readonly errors: readonly (readonly [number, string])[];
}

/** The file of `rows`, saved for the folder whose real path is `dir`. */
export function encodeSavedIndex(rows: SavedRows, dir: string, signature: string): Buffer {
  return buildSavedIndex(dir, signature, (columnsAt) => {
    const at = columnsAt(rows);
    at.mask.set(rows.mask);
    at.stamp.set(rows.stamp);
    at.bytes.set(rows.bytes);
    at.empty.set(rows.empty);
    rows.text.forEach((c, j) => at.text[j]?.set(c));
    rows.numbers.forEach((c, j) => at.numbers[j]?.set(c));
    rows.flags.forEach((c, j) => at.flags[j]?.set(c));
    at.sections.set(rows.sections);
    return rows;
  });
}

/**
 * The file of the rows `fill` makes, its columns written straight into the file's buffer (the
 * row store's `savedRows` takes `columnsAt`): a save at 250,000 rows held 35 MB of columns and
 * then a 35 MB copy of them.
 */
export function buildSavedIndex(
  dir: string,
  signature: string,
  fill: (columnsAt: SavedColumnsAt) => SavedRows,
): Buffer {
  let file: Buffer | null = null;
  fill((head) => {
    const laid = layOut(head, dir, signature);
    file = laid.file;
    return laid.columns;
  });
  if (file === null) throw new Error('the saved rows were made without their columns');
  const out: Buffer = file;
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(SAVED_INDEX_VERSION, 8);
  out.writeUInt32LE(checksum(out), 16);
  return out;
}

/** The file's buffer for `head`, its meta and keys written, and its columns as views into it. */
function layOut(head: SavedHead, dir: string, signature: string): { file: Buffer; columns: SavedColumns } {
  const n = head.count;
  let keyBytes = 0;
  for (const k of head.keys) keyBytes += k.length;
  const meta: Meta = {
    signature,
    dir,
    count: n,
    keyBytes,
    columns: [SAVED_TEXT_IDS.length, SAVED_NUMBER_IDS.length, SAVED_FLAG_IDS.length],
    strings: head.strings,
    errors: head.errors,
  };
  const metaBytes = Buffer.from(JSON.stringify(meta));
  // Meta, key blob and key ends, then the columns in `savedColumnsOf`'s order; each part padded
  // to 8 bytes from the buffer's own start (`Buffer.alloc` is not pooled), so every column is a view.
  let columnBytes = 0;
  savedColumnsOf(n, (Class, length) => {
    columnBytes += pad8(length * Class.BYTES_PER_ELEMENT);
    return new Class(0);
  });
  const file = Buffer.alloc(HEADER + pad8(metaBytes.length) + pad8(keyBytes) + pad8(n * 4) + columnBytes);
  file.writeUInt32LE(pad8(metaBytes.length), 12);
  let at = HEADER;
  file.set(metaBytes, at);
  at += pad8(metaBytes.length);
  file.write(head.keys.join(''), at, 'latin1');
  at += pad8(keyBytes);
  const ends = new Uint32Array(file.buffer, file.byteOffset + at, n);
  at += pad8(n * 4);
  let end = 0;
  head.keys.forEach((k, i) => {
    end += k.length;
    ends[i] = end;
  });
  const columns = savedColumnsOf(n, (Class, length) => {
    const view = new Class(file.buffer, file.byteOffset + at, length);
    at += pad8(length * Class.BYTES_PER_ELEMENT);
    return view;
  });
  return { file, columns };
}

/**
 * The rows of a saved index, or `null` when the bytes are not a whole, current file of the
 * folder `dir` with this `signature`: damaged, cut, of another version, app or folder.
 */
export function decodeSavedIndex(bytes: Buffer, dir: string, signature: string): SavedRows | null {
  if (bytes.length < HEADER || bytes.toString('latin1', 0, 8) !== MAGIC) return null;
  if (bytes.readUInt32LE(8) !== SAVED_INDEX_VERSION) return null;
  if (checksum(bytes) !== bytes.readUInt32LE(16)) return null;
  const metaLength = bytes.readUInt32LE(12);
  let meta: Meta;
  try {
    meta = JSON.parse(bytes.toString('utf8', HEADER, HEADER + metaLength).replace(/\0+$/, '')) as Meta;
  } catch {
    return null;
  }
  if (!validMeta(meta) || meta.signature !== signature || meta.dir !== dir) return null;
  const n = meta.count;
  let at = HEADER + metaLength;
  const take = (length: number): Buffer => {
    if (at + length > bytes.length) throw new RangeError('short saved index');
    const b = bytes.subarray(at, at + length);
    at += pad8(length);
    return b;
  };
  try {
    const keyBlob = take(meta.keyBytes);
    const keyEnds = viewOf(take(n * 4), Uint32Array, n);
    const keys: string[] = new Array<string>(n);
    let from = 0;
    for (let i = 0; i < n; i++) {
      const to = keyEnds[i] as number;
      if (to < from || to > keyBlob.length) return null;
      keys[i] = keyBlob.toString('latin1', from, to);
      // Sorted, no repeats: the lookups binary-search them (saved-rows.ts).
      if (i > 0 && compareRowKeys(keys[i - 1] as string, keys[i] as string) >= 0) return null;
      from = to;
    }
    const rows: SavedRows = {
      count: n,
      keys,
      ...savedColumnsOf(n, (Class, length) => viewOf(take(length * Class.BYTES_PER_ELEMENT), Class, length)),
      strings: meta.strings,
      errors: meta.errors.map(([i, e]) => [i, e] as const),
    };
    if (at !== bytes.length) return null;
    // Every index into the strings points at one (a row restored never reads past them).
    const s = rows.strings.length;
    for (const col of [...rows.text, rows.sections]) for (const v of col) if (v < -1 || v >= s) return null;
    return rows;
  } catch {
    return null;
  }
}

function validMeta(meta: unknown): meta is Meta {
  if (typeof meta !== 'object' || meta === null) return false;
  const m = meta as Partial<Meta>;
  const cols = m.columns;
  return (
    typeof m.signature === 'string' &&
    typeof m.dir === 'string' &&
    Number.isSafeInteger(m.count) &&
    (m.count as number) >= 0 &&
    Number.isSafeInteger(m.keyBytes) &&
    Array.isArray(cols) &&
    cols[0] === SAVED_TEXT_IDS.length &&
    cols[1] === SAVED_NUMBER_IDS.length &&
    cols[2] === SAVED_FLAG_IDS.length &&
    Array.isArray(m.strings) &&
    m.strings.every((x) => typeof x === 'string') &&
    Array.isArray(m.errors) &&
    m.errors.every(
      (e) =>
        Array.isArray(e) &&
        Number.isInteger(e[0]) &&
        e[0] >= 0 &&
        e[0] < (m.count as number) &&
        typeof e[1] === 'string',
    )
  );
}

/** The crc32 of the header (but its own field) and the body. */
function checksum(file: Buffer): number {
  return zlib.crc32(file.subarray(20), zlib.crc32(file.subarray(0, 16)));
}
