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
/** Bumped when the layout or what a record's facts mean changes: an older file is rebuilt. */
export const ROW_INDEX_VERSION = 1;
const HEADER = 64;

/** A fact of one snapshot: a scalar the History computed at import (its columns, its error). */
export type FactValue = string | number | boolean | null;
/** The facts of one snapshot, flat; `null` when none were computed (an older archive). */
export type RowFacts = Readonly<Record<string, FactValue>>;

/** One column of facts: numbers as such (NaN: absent or null), anything else interned. */
export type FactColumn =
  | {
      readonly name: string;
      readonly kind: 'number';
      readonly values: Float64Array;
      readonly nulls: Uint8Array;
    }
  | {
      readonly name: string;
      readonly kind: 'interned';
      /** Index into `table`; 0: the row has no such fact. */
      readonly codes: Uint32Array;
      readonly table: readonly FactValue[];
    };

/** The rows of the archive as columns. */
export interface RowColumns {
  readonly count: number;
  /** Keys, latin1, back to back; `keyEnds[i]` is where key i ends. */
  readonly keyBlob: Buffer;
  readonly keyEnds: Uint32Array;
  readonly time: Float64Array;
  readonly archivedAt: Float64Array;
  /** Per row, 4 per row in DEBUG_FILE_KINDS order: the log offset of the record naming that file, -1: none. */
  readonly fileAt: Float64Array;
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
  readonly facts: readonly (
    | { readonly name: string; readonly kind: 'number' }
    | { readonly name: string; readonly kind: 'interned'; readonly table: readonly FactValue[] }
  )[];
}

const pad8 = (n: number): number => (n + 7) & ~7;

/** The file's bytes. */
export function encodeRowIndex(d: RowIndexData): Buffer {
  const { rows, blocks } = d;
  const meta: Meta = {
    rows: rows.count,
    keyBytes: rows.keyBlob.length,
    blocks: blocks.count,
    facts: rows.facts.map((f) =>
      f.kind === 'number'
        ? { name: f.name, kind: 'number' }
        : { name: f.name, kind: 'interned', table: f.table },
    ),
  };
  const parts: Uint8Array[] = [Buffer.from(JSON.stringify(meta))];
  const n = rows.count;
  const m = blocks.count;
  parts.push(rows.keyBlob.subarray(0, meta.keyBytes), sub(rows.keyEnds, n), sub(rows.time, n));
  parts.push(sub(rows.archivedAt, n), sub(rows.fileAt, 4 * n), sub(rows.byKey, n), sub(rows.hasFacts, n));
  for (const f of rows.facts)
    if (f.kind === 'number') parts.push(sub(f.values, n), sub(f.nulls, n));
    else parts.push(sub(f.codes, n));
  parts.push(sub(blocks.offset, m), sub(blocks.stored, m), sub(blocks.length, m), sub(blocks.codec, m));
  parts.push(sub(blocks.digest, 32 * m));
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
  // Every array is copied out of the file's buffer at an aligned offset of its own (a view on
  // a Node buffer's pool need not be aligned), so the file's buffer is not kept alive.
  let at = HEADER + metaLength;
  const n = meta.rows;
  const m = meta.blocks;
  const take = (length: number): Buffer => {
    if (at + length > bytes.length) throw new RangeError('short row index');
    const b = bytes.subarray(at, at + length);
    at += pad8(length);
    return b;
  };
  const f64 = (count: number): Float64Array => copyOut(take(count * 8), Float64Array, count);
  const u32 = (count: number): Uint32Array => copyOut(take(count * 4), Uint32Array, count);
  const u8 = (count: number): Uint8Array => copyOut(take(count), Uint8Array, count);
  try {
    const keyBlob = Buffer.from(take(meta.keyBytes));
    const keyEnds = u32(n);
    const time = f64(n);
    const archivedAt = f64(n);
    const fileAt = f64(4 * n);
    const byKey = u32(n);
    const hasFacts = u8(n);
    const facts: FactColumn[] = meta.facts.map((f) =>
      f.kind === 'number'
        ? { name: f.name, kind: 'number', values: f64(n), nulls: u8(n) }
        : { name: f.name, kind: 'interned', codes: u32(n), table: f.table },
    );
    const blocks: BlockColumns = {
      count: m,
      offset: f64(m),
      stored: u32(m),
      length: u32(m),
      codec: u8(m),
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

type Typed = Float64Array | Uint32Array | Uint8Array;

/** The bytes of the first `count` elements of an array. */
function sub(a: Typed, count: number): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, count * a.BYTES_PER_ELEMENT);
}

function copyOut<T extends Typed>(
  b: Buffer,
  Ctor: { new (n: number): T; readonly BYTES_PER_ELEMENT: number },
  count: number,
): T {
  const out = new Ctor(count);
  new Uint8Array(out.buffer).set(b);
  return out;
}

/** Builds the fact columns of rows given one by one (the writer's side). */
export class FactColumnsBuilder {
  private readonly names: string[] = [];
  private readonly byName = new Map<string, FactValue[]>();
  private count = 0;

  /** Adds the next row's facts (`null`: none). */
  add(facts: RowFacts | null): void {
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

  /** The columns: a fact all of whose values are numbers or null is a number column. */
  finish(): FactColumn[] {
    const n = this.count;
    return this.names.map((name): FactColumn => {
      const col = this.byName.get(name) as FactValue[];
      let numeric = true;
      for (let i = 0; i < n && numeric; i++) {
        const v = col[i];
        if (v !== undefined && v !== null && typeof v !== 'number') numeric = false;
      }
      if (numeric) {
        const values = new Float64Array(n);
        // 0: absent, 1: null, 2: a number.
        const nulls = new Uint8Array(n);
        for (let i = 0; i < n; i++) {
          const v = col[i];
          nulls[i] = v === undefined ? 0 : v === null ? 1 : 2;
          values[i] = typeof v === 'number' ? v : Number.NaN;
        }
        return { name, kind: 'number', values, nulls };
      }
      const table: FactValue[] = [null];
      const codeOf = new Map<string, number>();
      const codes = new Uint32Array(n);
      for (let i = 0; i < n; i++) {
        const v = col[i];
        if (v === undefined) continue;
        const k = JSON.stringify(v);
        let code = codeOf.get(k);
        if (code === undefined) {
          code = table.length;
          table.push(v);
          codeOf.set(k, code);
        }
        codes[i] = code;
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

/** The row of `key`, -1 when there is none (a binary search over `byKey`). */
export function rowOfKey(rows: RowColumns, key: string): number {
  let lo = 0;
  let hi = rows.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const row = rows.byKey[mid] as number;
    const k = keyAt(rows, row);
    if (k === key) return row;
    if (k < key) lo = mid + 1;
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
      const state = f.nulls[i];
      if (state === 1) out[f.name] = null;
      else if (state === 2) out[f.name] = f.values[i] as number;
    } else {
      const code = f.codes[i] as number;
      if (code !== 0) out[f.name] = f.table[code] as FactValue;
    }
  return out;
}
