/**
 * Snapshot keys (`YYYY-MM-DD-HH-MM-SS[-N]`) as numbers, for the two places where 250,000 string
 * keys cost most: sorting them (`sortCode`, row-store.ts `sortRowKeys`) and grouping a listing of
 * 1M names into them (`identityCodeAt` and `KeyCodeTable`, row-store.ts `fileIn`): a JS Map of
 * that many string keys spent about 1 µs a lookup here (hashing a fresh slice of the name, then a
 * cache miss), most of the time of a listing.
 */

/** Characters of a key's timestamp. */
export const TIMESTAMP_LENGTH = 19;
/** Suffixes at or past this do not fit below the seconds in a code. */
const SUFFIX_CODES = 1 << 20;
const DASHES = [4, 7, 10, 13, 16] as const;

function twoDigits(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48;
  const b = s.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The timestamp at `at` as seconds in mixed radix from the year 1970 (each field's own range,
 * so the order is the characters' order), NaN when it is not one.
 */
function stampCodeAt(s: string, at: number): number {
  const hi = twoDigits(s, at);
  const lo = twoDigits(s, at + 2);
  const month = twoDigits(s, at + 5);
  const day = twoDigits(s, at + 8);
  const hour = twoDigits(s, at + 11);
  const minute = twoDigits(s, at + 14);
  const second = twoDigits(s, at + 17);
  if ((hi | lo | month | day | hour | minute | second) < 0) return Number.NaN;
  for (const d of DASHES) if (s.charCodeAt(at + d) !== 45) return Number.NaN;
  if (month > 12 || day > 31 || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  return (((((hi * 100 + lo - 1970) * 13 + month) * 32 + day) * 24 + hour) * 60 + minute) * 60 + second;
}

/** A key's suffix as `compareRowKeys` ranks it: its digits' value, 1 when there is none. */
export function suffixRank(key: string): number {
  let n = 0;
  for (let i = TIMESTAMP_LENGTH + 1; i < key.length; i++) n = n * 10 + key.charCodeAt(i) - 48;
  return key.length > TIMESTAMP_LENGTH ? n : 1;
}

/**
 * A number that orders keys as `compareRowKeys` does, NaN for a key it cannot (those are
 * compared as strings). Past 2^53 it rounds, which keeps the order; equal codes are ties.
 */
export function sortCode(key: string): number {
  const n = key.length;
  if (n < TIMESTAMP_LENGTH || (n > TIMESTAMP_LENGTH && n < TIMESTAMP_LENGTH + 2)) return Number.NaN;
  if (n > TIMESTAMP_LENGTH && key.charCodeAt(TIMESTAMP_LENGTH) !== 45) return Number.NaN;
  const stamp = stampCodeAt(key, 0);
  const rank = suffixRank(key);
  if (!(rank >= 0 && rank < SUFFIX_CODES)) return Number.NaN;
  return stamp * SUFFIX_CODES + rank;
}

/**
 * The key `s.slice(from, end)` as a number that no other key has, NaN when it cannot be one
 * (then the caller uses the string): years 1970–2199, a suffix without leading zeros below
 * 2^20 - 1. Exact (under 2^53), and read without slicing the name.
 */
export function identityCodeAt(s: string, from: number, end: number): number {
  const n = end - from;
  if (n !== TIMESTAMP_LENGTH && (n < TIMESTAMP_LENGTH + 2 || s.charCodeAt(from + TIMESTAMP_LENGTH) !== 45))
    return Number.NaN;
  const stamp = stampCodeAt(s, from);
  if (!(stamp >= 0 && stamp < 230 * 13 * 32 * 86_400)) return Number.NaN;
  let suffix = 0;
  if (n > TIMESTAMP_LENGTH) {
    const first = from + TIMESTAMP_LENGTH + 1;
    // "-07" and "-7" are two keys: a leading zero has no code.
    if (s.charCodeAt(first) === 48 && end - first > 1) return Number.NaN;
    for (let i = first; i < end; i++) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return Number.NaN;
      suffix = suffix * 10 + d;
    }
    if (suffix + 1 >= SUFFIX_CODES) return Number.NaN;
    suffix += 1; // 0 is "no suffix", so "X" and "X-0" differ.
  }
  return stamp * SUFFIX_CODES + suffix;
}

/** Codes to row numbers: open addressing over typed arrays, grown at half full. */
export class KeyCodeTable {
  private codes: Float64Array;
  private rows: Int32Array;
  private mask: number;
  private used = 0;

  constructor(expected = 1024) {
    let size = 1024;
    while (size < expected * 2) size *= 2;
    this.codes = new Float64Array(size).fill(Number.NaN);
    this.rows = new Int32Array(size);
    this.mask = size - 1;
  }

  /** The slot `code` would sit in with no collision. */
  private homeOf(code: number): number {
    const lo = code >>> 0;
    const hi = (code / 4294967296) >>> 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1);
    h ^= h >>> 15;
    return h & this.mask;
  }

  private slotOf(code: number): number {
    let i = this.homeOf(code);
    for (;;) {
      const c = this.codes[i] as number;
      if (c === code || c !== c) return i; // the code's slot, or the first empty one (NaN)
      i = (i + 1) & this.mask;
    }
  }

  /** The row of `code`, -1 when none. */
  get(code: number): number {
    const i = this.slotOf(code);
    return this.codes[i] === code ? (this.rows[i] as number) : -1;
  }

  set(code: number, row: number): void {
    const i = this.slotOf(code);
    if (this.codes[i] !== code) {
      this.codes[i] = code;
      this.used++;
    }
    this.rows[i] = row;
    if (this.used * 2 > this.mask) this.grow();
  }

  /** Codes held. */
  get size(): number {
    return this.used;
  }

  /**
   * Forgets `code`; `false` when it was not held. The codes after it in its run move back into
   * the gap (backward-shift deletion), so no lookup stops short at a hole and no tombstones pile up.
   */
  delete(code: number): boolean {
    let gap = this.slotOf(code);
    if (this.codes[gap] !== code) return false;
    const mask = this.mask;
    for (let j = (gap + 1) & mask; ; j = (j + 1) & mask) {
      const c = this.codes[j] as number;
      if (c !== c) break;
      const home = this.homeOf(c);
      // The entry at j may fill the gap unless its home lies cyclically in (gap, j].
      const stays = gap <= j ? gap < home && home <= j : gap < home || home <= j;
      if (stays) continue;
      this.codes[gap] = c;
      this.rows[gap] = this.rows[j] as number;
      gap = j;
    }
    this.codes[gap] = Number.NaN;
    this.used--;
    return true;
  }

  /** Empties the table. */
  clear(): void {
    this.codes.fill(Number.NaN);
    this.used = 0;
  }

  private grow(): void {
    const { codes, rows } = this;
    this.codes = new Float64Array(codes.length * 2).fill(Number.NaN);
    this.rows = new Int32Array(codes.length * 2);
    this.mask = codes.length * 2 - 1;
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i] as number;
      if (c !== c) continue;
      const j = this.slotOf(c);
      this.codes[j] = c;
      this.rows[j] = rows[i] as number;
    }
  }
}

/**
 * Rows by key: a key with a code (key-codes.ts `identityCodeAt`, nearly all) in a `KeyCodeTable`,
 * the rest in a Map of strings. The row store's index of 250,000 keys: a Map of that many strings
 * cost 0.2 s of inserts in a listing (hashing each new string, rehashing as it grew) and about
 * 10 MB of table; the typed table costs 6 MB and hashes a number.
 */
export class KeySlots {
  private readonly coded = new KeyCodeTable();
  private readonly named = new Map<string, number>();

  get size(): number {
    return this.coded.size + this.named.size;
  }

  /** The row of `key`, `undefined` when none. */
  get(key: string): number | undefined {
    const code = identityCodeAt(key, 0, key.length);
    if (code !== code) return this.named.get(key);
    const row = this.coded.get(code);
    return row === -1 ? undefined : row;
  }

  /** The row of the key `s.slice(from, end)`, without slicing it when it has a code. */
  getIn(s: string, from: number, end: number): number | undefined {
    const code = identityCodeAt(s, from, end);
    if (code !== code) return this.named.get(s.slice(from, end));
    const row = this.coded.get(code);
    return row === -1 ? undefined : row;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Any 32-bit integer but -1 (the table's "none") can be held. */
  set(key: string, row: number): void {
    const code = identityCodeAt(key, 0, key.length);
    if (code !== code) this.named.set(key, row);
    else this.coded.set(code, row);
  }

  delete(key: string): boolean {
    const code = identityCodeAt(key, 0, key.length);
    return code !== code ? this.named.delete(key) : this.coded.delete(code);
  }

  clear(): void {
    this.coded.clear();
    this.named.clear();
  }
}
