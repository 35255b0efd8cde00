/**
 * The archive's row index, `rows-<gen>.idx`: a derived copy of what opening the archive reads
 * from `index-<gen>.log`, as typed arrays, so a reader of a year of renders (2M records) opens
 * without parsing 2M JSON records or building 2M objects. The log stays the truth: this file
 * says which bytes of the log it covers (their length and the last record's frame header) and
 * carries a checksum and a version; a reader that finds it missing, damaged, of another version
 * or not matching the log ignores it and reads the log (the next writer writes it again).
 *
 * Layout: a fixed header, a JSON meta (counts, fact names, interned values), then the arrays,
 * each at a multiple of 8. Rows are in the archive's order (time, then key).
 */
import zlib from 'node:zlib';

/** The bytes a row index starts with. */
const MAGIC = 'ECKROWS1';
/**
 * Bumped when the layout or what a record's facts mean changes: an older file is rebuilt.
 * 2: the block table's dictionary column (a block deflated with another as its dictionary).
 */
export const ROW_INDEX_VERSION = 2;
const HEADER = 64;

/** A fact of one snapshot: a scalar the History computed at import (its columns, its error). */
export type FactValue = string | number | boolean | null;
/** The facts of one snapshot, flat; `null` when none were computed (an older archive). */
export type RowFacts = Readonly<Record<string, FactValue>>;

/** Codes into a table, as narrow as the table allows (a year of renders has few session types). */
export type Codes = Uint8Array | Uint16Array | Uint32Array;

/**
 * One column of facts: interned (a code per row into its distinct values) unless it has more
 * distinct numbers than a 16-bit code can tell (an exact time), then its numbers as such.
 */
export type FactColumn =
  | {
      readonly name: string;
      readonly kind: 'number';
      readonly values: Float64Array;
      /** Per row 0: absent, 1: null, 2: a number; `null` when every row with facts has a number. */
      readonly nulls: Uint8Array | null;
    }
  | {
      readonly name: string;
      readonly kind: 'interned';
      /** Index into `table`; 0: the row has no such fact. */
      readonly codes: Codes;
      readonly table: readonly FactValue[];
    };

/** Distinct numbers past which a number column is kept as numbers, not interned. */
const MAX_INTERNED_NUMBERS = 65_536;
/** A file offset of none in a 32-bit `fileAt`. */
const NO_FILE32 = 0xffffffff;

/** The rows of the archive as columns. */
export interface RowColumns {
  readonly count: number;
  /** Keys, latin1, back to back; `keyEnds[i]` is where key i ends. */
  readonly keyBlob: Buffer;
  readonly keyEnds: Uint32Array;
  readonly time: Float64Array;
  readonly archivedAt: Float64Array;
  /**
   * 4 per row, in DEBUG_FILE_KINDS order: the log offset of the record naming that file (see
   * `fileAtOf`); 32-bit while the log is under 4 GiB.
   */
  readonly fileAt: Float64Array | Uint32Array;
  /** The row ids in key order, for a lookup by binary search (no map of 2M keys to build). */
  readonly byKey: Uint32Array;
  /** 1 when the row has facts. */
  readonly hasFacts: Uint8Array;
  readonly facts: readonly FactColumn[];
}

/** The block table: where each block sits in the pack. */
export interface BlockColumns {
  readonly count: number;
  readonly offset: Float64Array;
  readonly stored: Uint32Array;
  readonly length: Uint32Array;
  readonly codec: Uint8Array;
  /** The block id of its dictionary (codec 2, archive-store.ts), else 0xffffffff. */
  readonly dict: Uint32Array;
  /** sha256 of each block, 32 bytes each. */
  readonly digest: Uint8Array;
}

/** What the file covers of the log, and its contents. */
export interface RowIndexData {
  readonly generation: number;
  /** Bytes of the log covered (whole records). */
  readonly indexEnd: number;
  readonly packEnd: number;
  readonly rawBytes: number;
  /** Offset of the last covered record's frame and its header's two words (length, crc); -1: none. */
  readonly lastAt: number;
  readonly lastLength: number;
  readonly lastCrc: number;
  readonly rows: RowColumns;
  readonly blocks: BlockColumns;
}

interface Meta {
  readonly rows: number;
  readonly keyBytes: number;
  readonly blocks: number;
  /** Bytes per `fileAt` entry. */
  readonly fileAtBytes: 4 | 8;
  readonly facts: readonly (
    | { readonly name: string; readonly kind: 'number'; readonly nulls: boolean }
    | {
        readonly name: string;
        readonly kind: 'interned';
        readonly codeBytes: 1 | 2 | 4;
        readonly table: readonly FactValue[];
      }
  )[];
}

/** Where the next array starts: each is at a multiple of 8 (saved-index-file.ts lays out the same way). */
export const pad8 = (n: number): number => (n + 7) & ~7;

/** The file's bytes. */
export function encodeRowIndex(d: RowIndexData): Buffer {
  const { rows, blocks } = d;
  const meta: Meta = {
    rows: rows.count,
    keyBytes: rows.keyBlob.length,
    blocks: blocks.count,
    fileAtBytes: rows.fileAt.BYTES_PER_ELEMENT === 4 ? 4 : 8,
    facts: rows.facts.map((f) =>
      f.kind === 'number'
        ? { name: f.name, kind: 'number', nulls: f.nulls !== null }
        : { name: f.name, kind: 'interned', codeBytes: codeBytesOf(f.codes), table: f.table },
    ),
  };
  const parts: Uint8Array[] = [Buffer.from(JSON.stringify(meta))];
  const n = rows.count;
  const m = blocks.count;
  parts.push(rows.keyBlob.subarray(0, meta.keyBytes), sub(rows.keyEnds, n), sub(rows.time, n));
  parts.push(sub(rows.archivedAt, n), sub(rows.fileAt, 4 * n), sub(rows.byKey, n), sub(rows.hasFacts, n));
  for (const f of rows.facts)
    if (f.kind === 'number') {
      parts.push(sub(f.values, n));
      if (f.nulls !== null) parts.push(sub(f.nulls, n));
    } else parts.push(sub(f.codes, n));
  parts.push(sub(blocks.offset, m), sub(blocks.stored, m), sub(blocks.length, m), sub(blocks.codec, m));
  parts.push(sub(blocks.dict, m), sub(blocks.digest, 32 * m));
  const bodyLength = parts.reduce((s, p) => s + pad8(p.length), 0);
  const out = Buffer.alloc(HEADER + bodyLength);
  let at = HEADER;
  for (const p of parts) {
    out.set(p, at);
    at += pad8(p.length);
  }
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(ROW_INDEX_VERSION, 8);
  out.writeUInt32LE(d.generation, 12);
  out.writeDoubleLE(d.indexEnd, 16);
  out.writeDoubleLE(d.packEnd, 24);
  out.writeDoubleLE(d.rawBytes, 32);
  out.writeDoubleLE(d.lastAt, 40);
  out.writeUInt32LE(d.lastLength, 48);
  out.writeUInt32LE(d.lastCrc, 52);
  out.writeUInt32LE(pad8(parts[0]?.length ?? 0), 56);
  out.writeUInt32LE(checksum(out), 60);
  return out;
}

/** The file's contents, or `null` when it is not a whole, current row index of `generation`. */
export function decodeRowIndex(bytes: Buffer, generation: number): RowIndexData | null {
  if (bytes.length < HEADER || bytes.toString('latin1', 0, 8) !== MAGIC) return null;
  if (bytes.readUInt32LE(8) !== ROW_INDEX_VERSION || bytes.readUInt32LE(12) !== generation) return null;
  if (checksum(bytes) !== bytes.readUInt32LE(60)) return null;
  const metaLength = bytes.readUInt32LE(56);
  let meta: Meta;
  try {
    // The meta is padded with zeros to its multiple of 8; they are not JSON.
    const text = bytes.toString('utf8', HEADER, HEADER + metaLength).replace(/\0+$/, '');
    meta = JSON.parse(text) as Meta;
  } catch {
    return null;
  }
  // Each array is a view on the file's buffer where it is aligned (a whole file read is its own
  // buffer, and every array starts at a multiple of 8), else a copy: nothing is decoded.
  let at = HEADER + metaLength;
  const n = meta.rows;
  const m = meta.blocks;
  const take = (length: number): Buffer => {
    if (at + length > bytes.length) throw new RangeError('short row index');
    const b = bytes.subarray(at, at + length);
    at += pad8(length);
    return b;
  };
  const f64 = (count: number): Float64Array => viewOf(take(count * 8), Float64Array, count);
  const u32 = (count: number): Uint32Array => viewOf(take(count * 4), Uint32Array, count);
  const u16 = (count: number): Uint16Array => viewOf(take(count * 2), Uint16Array, count);
  const u8 = (count: number): Uint8Array => viewOf(take(count), Uint8Array, count);
  const codes = (bytes: 1 | 2 | 4, count: number): Codes =>
    bytes === 1 ? u8(count) : bytes === 2 ? u16(count) : u32(count);
  try {
    const keyBlob = take(meta.keyBytes);
    const keyEnds = u32(n);
    const time = f64(n);
    const archivedAt = f64(n);
    const fileAt = meta.fileAtBytes === 4 ? u32(4 * n) : f64(4 * n);
    const byKey = u32(n);
    const hasFacts = u8(n);
    const facts: FactColumn[] = meta.facts.map((f) =>
      f.kind === 'number'
        ? { name: f.name, kind: 'number', values: f64(n), nulls: f.nulls ? u8(n) : null }
        : { name: f.name, kind: 'interned', codes: codes(f.codeBytes, n), table: f.table },
    );
    const blocks: BlockColumns = {
      count: m,
      offset: f64(m),
      stored: u32(m),
      length: u32(m),
      codec: u8(m),
      dict: u32(m),
      digest: u8(32 * m),
    };
    if (at !== bytes.length) return null;
    return {
      generation,
      indexEnd: bytes.readDoubleLE(16),
      packEnd: bytes.readDoubleLE(24),
      rawBytes: bytes.readDoubleLE(32),
      lastAt: bytes.readDoubleLE(40),
      lastLength: bytes.readUInt32LE(48),
      lastCrc: bytes.readUInt32LE(52),
      rows: { count: n, keyBlob, keyEnds, time, archivedAt, fileAt, byKey, hasFacts, facts },
      blocks,
    };
  } catch {
    return null;
  }
}

/** The crc32 of the header (but its own field) and the body. */
function checksum(file: Buffer): number {
  return zlib.crc32(file.subarray(HEADER), zlib.crc32(file.subarray(0, 60)));
}

export type Typed = Float64Array | Uint32Array | Uint16Array | Uint8Array | Int32Array | Int8Array;

function codeBytesOf(codes: Codes): 1 | 2 | 4 {
  return codes.BYTES_PER_ELEMENT === 1 ? 1 : codes.BYTES_PER_ELEMENT === 2 ? 2 : 4;
}

/** Codes for a table of `size` values, as narrow as it allows. */
function codesFor(size: number, count: number): Codes {
  return size <= 0x100
    ? new Uint8Array(count)
    : size <= 0x10000
      ? new Uint16Array(count)
      : new Uint32Array(count);
}

/** The bytes of the first `count` elements of an array. */
export function sub(a: Typed, count: number): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, count * a.BYTES_PER_ELEMENT);
}

/** `count` elements read from `b`: a view where aligned, else a copy. */
export function viewOf<T extends Typed>(
  b: Buffer,
  Ctor: {
    new (n: number): T;
    new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
    readonly BYTES_PER_ELEMENT: number;
  },
  count: number,
): T {
  if (b.byteOffset % Ctor.BYTES_PER_ELEMENT === 0) return new Ctor(b.buffer, b.byteOffset, count);
  const out = new Ctor(count);
  new Uint8Array(out.buffer).set(b);
  return out;
}

/** The log offset of the record naming file `k` of row `i`; `undefined`: the row has no such file. */
export function fileAtOf(rows: RowColumns, i: number, k: number): number | undefined {
  const at = rows.fileAt[i * 4 + k] as number;
  return at < 0 || (rows.fileAt.BYTES_PER_ELEMENT === 4 && at === NO_FILE32) ? undefined : at;
}

/** `fileAt` for `count` rows of a log of `logBytes`, every entry none. */
export function newFileAt(count: number, logBytes: number): Float64Array | Uint32Array {
  return logBytes < NO_FILE32
    ? new Uint32Array(4 * count).fill(NO_FILE32)
    : new Float64Array(4 * count).fill(-1);
}

/** Builds the fact columns of rows given one by one (the writer's side). */
export class FactColumnsBuilder {
  private readonly names: string[] = [];
  private readonly byName = new Map<string, FactValue[]>();
  private hasFacts: number[] = [];
  private count = 0;

  /** `maxInterned`: distinct numbers past which a column is kept as numbers (tests lower it). */
  constructor(private readonly maxInterned = MAX_INTERNED_NUMBERS) {}

  /** Adds the next row's facts (`null`: none). */
  add(facts: RowFacts | null): void {
    this.hasFacts.push(facts === null ? 0 : 1);
    if (facts !== null)
      for (const [name, value] of Object.entries(facts)) {
        let col = this.byName.get(name);
        if (col === undefined) {
          col = [];
          this.byName.set(name, col);
          this.names.push(name);
        }
        col[this.count] = value;
      }
    this.count++;
  }

  /**
   * The columns: interned, unless a column of numbers (or null) has too many distinct ones, then
   * kept as numbers.
   */
  finish(): FactColumn[] {
    const n = this.count;
    return this.names.map((name): FactColumn => {
      const col = this.byName.get(name) as FactValue[];
      const table: FactValue[] = [null];
      const codeOf = new Map<FactValue, number>();
      let numeric = true;
      for (let i = 0; i < n; i++) {
        const v = col[i];
        if (v === undefined) continue;
        if (v !== null && typeof v !== 'number') numeric = false;
        if (!codeOf.has(v)) {
          codeOf.set(v, table.length);
          table.push(v);
        }
      }
      if (numeric && table.length > this.maxInterned) {
        const values = new Float64Array(n);
        // 0: absent, 1: null, 2: a number; not kept when every row with facts has a number.
        const nulls = new Uint8Array(n);
        let mixed = false;
        for (let i = 0; i < n; i++) {
          const v = col[i];
          nulls[i] = v === undefined ? 0 : v === null ? 1 : 2;
          if (v === null || (v === undefined && this.hasFacts[i] === 1)) mixed = true;
          values[i] = typeof v === 'number' ? v : Number.NaN;
        }
        return { name, kind: 'number', values, nulls: mixed ? nulls : null };
      }
      const codes = codesFor(table.length, n);
      for (let i = 0; i < n; i++) {
        const v = col[i];
        if (v !== undefined) codes[i] = codeOf.get(v) as number;
      }
      return { name, kind: 'interned', codes, table };
    });
  }
}

/** The key of row `i`. */
export function keyAt(rows: RowColumns, i: number): string {
  return rows.keyBlob.toString(
    'latin1',
    i === 0 ? 0 : (rows.keyEnds[i - 1] as number),
    rows.keyEnds[i] as number,
  );
}

/**
 * Row `i`'s key against `bytes[from, to)`, another key's latin1 bytes, compared as bytes (no
 * string is made: keys are latin1, one byte a character, so their byte order is their string order).
 */
export function compareKeyAt(
  rows: RowColumns,
  i: number,
  bytes: Uint8Array,
  from = 0,
  to = bytes.length,
): number {
  const start = i === 0 ? 0 : (rows.keyEnds[i - 1] as number);
  return rows.keyBlob.compare(bytes, from, to, start, rows.keyEnds[i] as number);
}

/** A key as the bytes `compareKeyAt` compares. */
export function keyBytes(key: string): Buffer {
  return Buffer.from(key, 'latin1');
}

/** The row of the key whose bytes are `probe` (`keyBytes`), -1 when there is none: a binary search over `byKey`. */
export function rowOfKey(rows: RowColumns, probe: Uint8Array): number {
  let lo = 0;
  let hi = rows.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const row = rows.byKey[mid] as number;
    const order = compareKeyAt(rows, row, probe);
    if (order === 0) return row;
    if (order < 0) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/** One row's facts read back from the columns (`null` when it has none). */
export function factsAt(rows: RowColumns, i: number): RowFacts | null {
  if (rows.hasFacts[i] !== 1) return null;
  const out: Record<string, FactValue> = {};
  for (const f of rows.facts)
    if (f.kind === 'number') {
      const state = f.nulls === null ? 2 : f.nulls[i];
      if (state === 1) out[f.name] = null;
      else if (state === 2) out[f.name] = f.values[i] as number;
    } else {
      const code = f.codes[i] as number;
      if (code !== 0) out[f.name] = f.table[code] as FactValue;
    }
  return out;
}
