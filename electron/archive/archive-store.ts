/**
 * The archive of renders: every snapshot of a home's eck-debug, kept past
 * evolcore's 24 hours. Our own pack format, not a database (ARCHITECTURE.md, "The archive"):
 *
 * - each file of a snapshot is cut into blocks (split-blocks.ts); a block is stored once, by
 *   the sha256 of its bytes, deflated, in the append-only pack: alone (a plain block), or with
 *   the plain block last written at its place in a file of its kind as its dictionary;
 * - one record per snapshot (or per files added to one later) goes to the append-only index:
 *   its key, its time, the blocks it first brought and, per file, the list of block ids,
 *   deflated alone with a preset dictionary (record-dictionary.ts).
 *
 * A write appends the new blocks, flushes the pack, then appends the records and flushes the
 * index. A kill at any point leaves a torn index tail (dropped on the next open, record-frame.ts)
 * and blocks no record points to (cut off the pack on the next open): what was committed
 * before is whole, what was not is absent, so the next import copies it again, once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { DebugFileKind } from '../../shared/debug-files/names';
import { DEBUG_FILE_KINDS } from '../../shared/debug-files/names';
import { takeArchiveLock, type ArchiveLock } from './archive-lock';
import {
  archiveFormat,
  currentGeneration,
  indexFile,
  packFile,
  removeOtherGenerations,
  rowIndexFile,
  setArchiveFormat,
  setCurrentGeneration,
} from './archive-files';
import {
  decodeRowIndex,
  encodeRowIndex,
  factsAt,
  FactColumnsBuilder,
  fileAtOf,
  keyAt,
  newFileAt,
  keyBytes,
  rowOfKey,
} from './row-index-file';
import type { BlockColumns, RowColumns, RowFacts, RowIndexData } from './row-index-file';
import { encodeFrame, FRAME_HEADER, MAX_FRAME_PAYLOAD, scanFrames } from './record-frame';
import { RECORD_DICTIONARY_V1, RECORD_TAG_V1 } from './record-dictionary';
import { splitBlocks } from './split-blocks';
import { fromRuns, toRuns } from './id-runs';

/**
 * The format this version writes (the `FORMAT` file): 2, records deflated with a preset
 * dictionary and blocks deflated with an earlier one; 1, JSON records and blocks deflated alone
 * (read as well). A writer opening an archive of a later format refuses: its scan would take a
 * record it cannot read for a torn tail and cut it and everything after it off the log.
 */
export const ARCHIVE_FORMAT = 2;

/** The archive was written by a later version: it is read, never written to. */
export class ArchiveFormatError extends Error {
  constructor(
    readonly dir: string,
    readonly format: number,
  ) {
    super(
      `the archive ${dir} was written by a later version of ECK Inspector (format ${format}; this one writes ${ARCHIVE_FORMAT}): it is read, not written to; update the app to archive into it`,
    );
    this.name = 'ArchiveFormatError';
  }
}

/**
 * How a block's bytes sit in the pack: as they are or deflated alone (a plain block), or
 * deflated with an earlier plain block as its preset dictionary. Two renders of a home differ in
 * a session id, a time, a message, so most new blocks are an earlier block with a few bytes
 * changed, which deflate alone cannot tell (the import bench's pack: 1,211 B a snapshot alone,
 * 324 B so). Only a plain block is a dictionary, so a block never takes more than two reads.
 */
const STORED = 0;
const DEFLATED = 1;
const DEFLATED_WITH_BLOCK = 2;
/** `dict` of a plain block. */
const NO_DICT = 0xffffffff;
/**
 * Blocks deflated with one plain block of a place before the next new block there is written
 * plain (and becomes the place's dictionary): a file drifts over months, and a dictionary of
 * its first day would match less and less.
 */
export const DICT_USES = 32;

/**
 * One block a record brings: `[sha256 base64, offset in pack, stored length, length, codec]`,
 * and the dictionary's block id when the codec is `DEFLATED_WITH_BLOCK`.
 */
type NewBlock = [string, number, number, number, number] | [string, number, number, number, number, number];

/** Where a block is in a snapshot: its file's kind and its position in the file. */
const placeOf = (kind: DebugFileKind, position: number): string => `${kind}:${position}`;

/** The dictionary of a place: its plain block, and how many were deflated with it since. */
interface Place {
  readonly id: number;
  readonly uses: number;
}

/** The first byte of a record of the archives written before records were deflated: `{`. */
const JSON_RECORD = 0x7b;
const DICTIONARY_V1 = Buffer.from(RECORD_DICTIONARY_V1, 'latin1');

/**
 * One record of the index, as written: JSON (short names: the index is read whole when there is
 * no row index), deflated with a preset dictionary (`serialize`).
 */
interface RecordPayload {
  /** Snapshot key. */
  readonly k: string;
  /** The snapshot's time (epoch ms, from its key). */
  readonly t: number;
  /** When it was archived (epoch ms; whole, as Date.now() gives it: a fraction costs 5 bytes a record). */
  readonly a: number;
  readonly b: readonly NewBlock[];
  /** Block ids of each file, in order. */
  readonly f: Partial<Record<DebugFileKind, readonly number[]>>;
  /**
   * The snapshot's facts as the History reads them (its columns), computed once at import from
   * all its files; a later record's replace an earlier's. Absent in archives written before.
   */
  readonly c?: RowFacts;
}

/** What the archive holds of one snapshot. */
export interface ArchivedSnapshot {
  readonly key: string;
  readonly time: number;
  readonly archivedAt: number;
  /** The files it has, in DEBUG_FILE_KINDS order. */
  readonly kinds: readonly DebugFileKind[];
  /** What the importer computed of it (its History columns); `null`: nothing (an older archive). */
  readonly facts: RowFacts | null;
}

/** One snapshot to add: its key, time and the bytes of the files that could be read. */
export interface SnapshotToAdd {
  readonly key: string;
  readonly time: number;
  readonly files: Partial<Record<DebugFileKind, Uint8Array>>;
  /** Its facts, computed from all its files (those archived before too); kept with its record. */
  readonly facts?: RowFacts;
}

/** Sizes, for `eck archive` and the bench. */
export interface ArchiveStats {
  readonly snapshots: number;
  readonly blocks: number;
  /** Bytes of the files as they were (what the eck-debug folder held). */
  readonly rawBytes: number;
  readonly packBytes: number;
  readonly indexBytes: number;
}

/** Where each file of a snapshot is described: the index offset of the record naming it. */
interface Entry {
  readonly key: string;
  readonly time: number;
  readonly archivedAt: number;
  readonly files: Partial<Record<DebugFileKind, number>>;
  readonly facts: RowFacts | null;
}

/** A growable table of the blocks: where each sits in the pack. */
class BlockTable {
  offset = new Float64Array(1024);
  stored = new Uint32Array(1024);
  length = new Uint32Array(1024);
  codec = new Uint8Array(1024);
  /** The dictionary's block id of a `DEFLATED_WITH_BLOCK` block, else `NO_DICT`. */
  dict = new Uint32Array(1024);
  /** sha256 of each block, 32 bytes each (2M base64 strings would be 2M objects to build on open). */
  digest = new Uint8Array(1024 * 32);
  count = 0;

  /** A table holding the blocks of a row index (row-index-file.ts). */
  static of(b: BlockColumns): BlockTable {
    const t = new BlockTable();
    t.ensure(b.count);
    t.offset.set(b.offset);
    t.stored.set(b.stored);
    t.length.set(b.length);
    t.codec.set(b.codec);
    t.dict.set(b.dict);
    t.digest.set(b.digest);
    t.count = b.count;
    return t;
  }

  push(b: NewBlock): number {
    if (this.count === this.offset.length) this.grow(this.count * 2);
    const id = this.count++;
    this.offset[id] = b[1];
    this.stored[id] = b[2];
    this.length[id] = b[3];
    this.codec[id] = b[4];
    this.dict[id] = b[4] === DEFLATED_WITH_BLOCK ? (b[5] ?? NO_DICT) : NO_DICT;
    this.digest.set(Buffer.from(b[0], 'base64').subarray(0, 32), id * 32);
    return id;
  }

  /** The sha256 of a block, base64, as the records name it. */
  hash(id: number): string {
    return Buffer.from(this.digest.buffer, this.digest.byteOffset + id * 32, 32).toString('base64');
  }

  /** The table's columns (for the row index). */
  columns(): BlockColumns {
    const n = this.count;
    return {
      count: n,
      offset: this.offset.subarray(0, n),
      stored: this.stored.subarray(0, n),
      length: this.length.subarray(0, n),
      codec: this.codec.subarray(0, n),
      dict: this.dict.subarray(0, n),
      digest: this.digest.subarray(0, 32 * n),
    };
  }

  private ensure(n: number): void {
    if (n > this.offset.length) this.grow(n);
  }

  private grow(n: number): void {
    const o = new Float64Array(n);
    o.set(this.offset);
    this.offset = o;
    const s = new Uint32Array(n);
    s.set(this.stored);
    this.stored = s;
    const l = new Uint32Array(n);
    l.set(this.length);
    this.length = l;
    const c = new Uint8Array(n);
    c.set(this.codec);
    this.codec = c;
    const x = new Uint32Array(n);
    x.set(this.dict);
    this.dict = x;
    const d = new Uint8Array(n * 32);
    d.set(this.digest);
    this.digest = d;
  }
}

/** A row index's bytes read before the open (`readRowIndexAhead`), and of which generation. */
export interface RowIndexAhead {
  readonly generation: number;
  readonly bytes: Buffer;
}

/**
 * Reads the row index of `dir`'s current generation without holding the event loop: a year of
 * renders' is 172 MB, whose read (and the page faults of its new buffer) took 0.15-0.25 s of
 * the History's first rows on the main thread. `null`: none to read.
 */
export async function readRowIndexAhead(dir: string): Promise<RowIndexAhead | null> {
  const generation = currentGeneration(dir);
  try {
    return { generation, bytes: await fs.promises.readFile(rowIndexFile(dir, generation)) };
  } catch {
    return null;
  }
}

/** Bytes read from the index at a time on open. */
const SCAN_CHUNK = 8 * 1024 * 1024;

/** An archive folder, opened to read (no lock, no repair) or to write (locked, repaired). */
export class ArchiveStore {
  readonly dir: string;
  private gen: number;
  private indexFd: number;
  private packFd: number;
  private indexEnd = 0;
  private packEnd = 0;
  private readonly writable: boolean;
  private lock: ArchiveLock | null;
  private blocks = new BlockTable();
  /** sha256 → block id; filled for a writer only (a reader never looks blocks up by hash). */
  private byHash = new Map<string, number>();
  /**
   * The snapshots the row index holds (row-index-file.ts), as columns; `null` when it was
   * missing or did not match the log. Opening a year of renders reads them, not 2M records.
   */
  private base: RowColumns | null = null;
  /** Snapshots read from the log after the base (all of them without one), by key. */
  private entries = new Map<string, Entry>();
  /** Keys in `entries` the base does not hold. */
  private tailNew = 0;
  /** Offset of the last whole record read, -1: none (the row index names it). */
  private lastAt = -1;
  private rawBytes = 0;
  private closed = false;
  /** The record read last, by generation and offset (an offset names one record in one generation). */
  private lastRecord: { readonly gen: number; readonly at: number; readonly payload: RecordPayload } | null =
    null;
  /**
   * The writer's dictionary per place (placeOf); `null` until its first append, which takes the
   * places of the newest snapshot archived (so a run deflates its first blocks with the last
   * run's). Only ever a plain block.
   */
  private places: Map<string, Place> | null = null;
  /** Bytes of plain blocks used as dictionaries, by id, read once. */
  private dictBytes = new Map<number, Buffer>();

  private constructor(dir: string, writable: boolean, lock: ArchiveLock | null) {
    this.dir = dir;
    this.writable = writable;
    this.lock = lock;
    this.gen = currentGeneration(dir);
    // `r+`, not `a`: an append-mode descriptor ignores the position on Linux, and the writer
    // must write exactly at the end of the last whole record, never after a torn one.
    if (writable)
      for (const file of [indexFile(dir, this.gen), packFile(dir, this.gen)])
        fs.closeSync(fs.openSync(file, 'a'));
    const flags = writable ? 'r+' : 'r';
    this.indexFd = fs.openSync(indexFile(dir, this.gen), flags);
    this.packFd = fs.openSync(packFile(dir, this.gen), flags);
  }

  /**
   * Opens `dir` to write: creates it, takes the lock, drops a torn tail. Throws ArchiveBusyError,
   * and ArchiveFormatError for an archive a later version wrote (see `ARCHIVE_FORMAT`).
   */
  static openWriter(dir: string): ArchiveStore {
    fs.mkdirSync(dir, { recursive: true });
    const lock = takeArchiveLock(dir);
    try {
      const format = archiveFormat(dir);
      if (format > ARCHIVE_FORMAT) throw new ArchiveFormatError(dir, format);
      // Named before a record of this format is written: a later version's writer knows it.
      if (format < ARCHIVE_FORMAT) setArchiveFormat(dir, ARCHIVE_FORMAT);
      removeOtherGenerations(dir, currentGeneration(dir));
      const store = new ArchiveStore(dir, true, lock);
      store.load();
      return store;
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  /**
   * Opens `dir` to read; `null` when there is no archive there yet. `ahead`: its row index as
   * `readRowIndexAhead` read it, taken when it still matches the log.
   */
  static openReader(dir: string, ahead: RowIndexAhead | null = null): ArchiveStore | null {
    const gen = currentGeneration(dir);
    if (!fs.existsSync(indexFile(dir, gen)) || !fs.existsSync(packFile(dir, gen))) return null;
    const store = new ArchiveStore(dir, false, null);
    store.load(ahead);
    return store;
  }

  /** Reads what another process appended since (a reader); a new generation is read anew. */
  refresh(): void {
    this.assertOpen();
    if (currentGeneration(this.dir) !== this.gen) {
      fs.closeSync(this.indexFd);
      fs.closeSync(this.packFd);
      this.gen = currentGeneration(this.dir);
      this.indexFd = fs.openSync(indexFile(this.dir, this.gen), 'r');
      this.packFd = fs.openSync(packFile(this.dir, this.gen), 'r');
      this.reset();
      this.loadRowIndex();
    }
    this.scan();
  }

  /** Forgets what was read (a new generation is read anew). */
  private reset(): void {
    this.indexEnd = 0;
    this.packEnd = 0;
    this.blocks = new BlockTable();
    this.byHash = new Map();
    this.base = null;
    this.entries = new Map();
    this.tailNew = 0;
    this.lastAt = -1;
    this.rawBytes = 0;
    this.places = null;
    this.dictBytes = new Map();
  }

  /** Whether the snapshots were read from the row index (else all from the log). */
  get fromRowIndex(): boolean {
    return this.base !== null;
  }

  /** The generation in use (retention moves it on). */
  get generation(): number {
    return this.gen;
  }

  /** Every archived snapshot, oldest first. */
  list(): ArchivedSnapshot[] {
    return this.allEntries().map(describe);
  }

  /**
   * The `limit` newest snapshots, newest first, without building the others (the History's
   * first rows of a year of renders).
   */
  newest(limit: number): ArchivedSnapshot[] {
    const picked: Entry[] = [...this.entries.values()];
    const base = this.base;
    if (base !== null)
      for (let i = base.count - 1, took = 0; i >= 0 && took < limit + this.entries.size; i--, took++)
        if (!this.entries.has(keyAt(base, i))) picked.push(this.baseEntry(i));
    return picked
      .sort((a, b) => b.time - a.time || cmp(b.key, a.key))
      .slice(0, limit)
      .map(describe);
  }

  /**
   * Every snapshot as columns, oldest first: keys, times, files and facts (for a filter over a
   * year of renders, shared/history/row-filter.ts). The row index's own when nothing came since.
   */
  rowColumns(): RowColumns {
    if (this.base !== null && this.entries.size === 0) return this.base;
    return columnsOf(this.allEntries(), this.indexEnd);
  }

  /** One snapshot, or `null`. */
  get(key: string): ArchivedSnapshot | null {
    const e = this.entryOf(key);
    return e === undefined ? null : describe(e);
  }

  /** The files of `key` already archived. */
  kindsOf(key: string): readonly DebugFileKind[] {
    return this.get(key)?.kinds ?? [];
  }

  get size(): number {
    return (this.base?.count ?? 0) + this.tailNew;
  }

  /** The bytes of one file, checked against each block's hash; `null` when not archived. */
  readFile(key: string, kind: DebugFileKind): Buffer | null {
    this.assertOpen();
    const at = this.entryOf(key)?.files[kind];
    if (at === undefined) return null;
    const ids = this.recordAt(at).f[kind] ?? [];
    // Blocks of a file often share a dictionary: each is read once.
    const dicts = new Map<number, Buffer>();
    return Buffer.concat(ids.map((id) => this.readBlock(id, dicts)));
  }

  /**
   * The size of one archived file, from its blocks' lengths (one read of its index record, no
   * block read); `null` when not archived. What the History states before it reads a copy.
   */
  fileSize(key: string, kind: DebugFileKind): number | null {
    this.assertOpen();
    const at = this.entryOf(key)?.files[kind];
    if (at === undefined) return null;
    let bytes = 0;
    for (const id of this.recordAt(at).f[kind] ?? []) bytes += this.blocks.length[id] as number;
    return bytes;
  }

  /** Sizes now. */
  stats(): ArchiveStats {
    return {
      snapshots: this.size,
      blocks: this.blocks.count,
      rawBytes: this.rawBytes,
      packBytes: this.packEnd,
      indexBytes: this.indexEnd,
    };
  }

  /**
   * Appends snapshots, durably: blocks first (flushed), then their records (flushed). Files
   * of a key already archived are not added again; a record with nothing new is not written.
   * Returns how many records were written and how many new blocks and bytes they brought.
   */
  append(
    snapshots: readonly SnapshotToAdd[],
    now: number = Date.now(),
  ): { records: number; blocks: number; packBytes: number } {
    this.assertOpen();
    if (!this.writable) throw new Error(`the archive ${this.dir} is open read-only`);
    const pending = new Map<string, number>();
    const packParts: Buffer[] = [];
    let packAt = this.packEnd;
    let nextId = this.blocks.count;
    const newBlocks: NewBlock[] = [];
    const payloads: RecordPayload[] = [];
    const seenInBatch = new Map<string, Set<DebugFileKind>>();
    const archivedAt = Math.round(now);
    // Changed here, kept only once the batch is committed; the plain blocks it brings are
    // dictionaries before they are in the pack.
    const places = new Map(this.places ?? this.newestPlaces());
    const newPlain = new Map<number, Uint8Array>();
    for (const s of snapshots) {
      const have = new Set<DebugFileKind>(this.kindsOf(s.key));
      const batchKinds = seenInBatch.get(s.key) ?? new Set<DebugFileKind>();
      seenInBatch.set(s.key, batchKinds);
      const files: Partial<Record<DebugFileKind, number[]>> = {};
      const brought: NewBlock[] = [];
      for (const kind of DEBUG_FILE_KINDS) {
        const bytes = s.files[kind];
        if (bytes === undefined || have.has(kind) || batchKinds.has(kind)) continue;
        batchKinds.add(kind);
        files[kind] = splitBlocks(bytes).map((block, position) => {
          const hash = crypto.hash('sha256', block, 'base64');
          const known = this.byHash.get(hash) ?? pending.get(hash);
          if (known !== undefined) return known;
          const place = placeOf(kind, position);
          const dict = places.get(place);
          const packed = packBlock(
            block,
            dict === undefined || dict.uses >= DICT_USES
              ? null
              : (newPlain.get(dict.id) ?? this.dictionary(dict.id)),
          );
          let entry: NewBlock;
          if (packed.withDict && dict !== undefined) {
            entry = [hash, packAt, packed.stored.length, block.length, DEFLATED_WITH_BLOCK, dict.id];
            places.set(place, { id: dict.id, uses: dict.uses + 1 });
          } else {
            entry = [hash, packAt, packed.stored.length, block.length, packed.codec];
            places.set(place, { id: nextId, uses: 0 });
            newPlain.set(nextId, block);
          }
          const stored = packed.stored;
          packParts.push(stored);
          packAt += stored.length;
          brought.push(entry);
          newBlocks.push(entry);
          pending.set(hash, nextId);
          return nextId++;
        });
      }
      if (Object.keys(files).length === 0) continue;
      payloads.push({
        k: s.key,
        t: s.time,
        a: archivedAt,
        b: brought,
        f: files,
        ...(s.facts === undefined ? {} : { c: s.facts }),
      });
    }
    if (payloads.length === 0) return { records: 0, blocks: 0, packBytes: 0 };
    const pack = Buffer.concat(packParts);
    const frames = payloads.map((p) => encodeFrame(serialize(p)));
    const index = Buffer.concat(frames);
    try {
      writeAll(this.packFd, pack, this.packEnd);
      fs.fsyncSync(this.packFd);
      writeAll(this.indexFd, index, this.indexEnd);
      fs.fsyncSync(this.indexFd);
    } catch (err) {
      // A full disk mid-write: the files hold a partial tail the next open cuts off. This
      // writer's state no longer matches them, so it stops here.
      this.close();
      throw err;
    }
    // Committed: only now does the in-memory state move on.
    this.packEnd += pack.length;
    this.places = places;
    // A copy of those still a place's, not a view that would keep the whole file's bytes.
    for (const { id } of places.values()) {
      const bytes = newPlain.get(id);
      if (bytes !== undefined) this.dictBytes.set(id, Buffer.from(bytes));
    }
    let at = this.indexEnd;
    for (let i = 0; i < payloads.length; i++) {
      this.take(payloads[i] as RecordPayload, at);
      at += (frames[i] as Buffer).length;
    }
    this.indexEnd = at;
    return { records: payloads.length, blocks: newBlocks.length, packBytes: pack.length };
  }

  /**
   * Keeps only the snapshots `keep` says yes to (retention). The one rewrite of the archive:
   * the kept records and the blocks they use are copied (still compressed) into generation
   * g+1, flushed, and `CURRENT` is renamed over; then the old generation is removed. A kill
   * before the rename leaves generation g whole (the next writer removes the half of g+1),
   * after it generation g+1 whole. Returns how many snapshots were dropped.
   */
  retain(keep: (s: ArchivedSnapshot) => boolean): number {
    this.assertOpen();
    if (!this.writable) throw new Error(`the archive ${this.dir} is open read-only`);
    const kept = this.list().filter(keep);
    const dropped = this.size - kept.length;
    if (dropped === 0) return 0;
    const next = this.gen + 1;
    const indexFd = fs.openSync(indexFile(this.dir, next), 'w');
    const packFd = fs.openSync(packFile(this.dir, next), 'w');
    try {
      const newId = new Map<number, number>();
      let packAt = 0;
      let indexAt = 0;
      for (const s of kept) {
        const e = this.entryOf(s.key) as Entry;
        const brought: NewBlock[] = [];
        const files: Partial<Record<DebugFileKind, number[]>> = {};
        for (const kind of DEBUG_FILE_KINDS) {
          const at = e.files[kind];
          if (at === undefined) continue;
          const copy = (id: number): number => {
            const known = newId.get(id);
            if (known !== undefined) return known;
            const b = this.blocks;
            // A block's dictionary is copied before it (it may be of a snapshot dropped).
            const dict = b.codec[id] === DEFLATED_WITH_BLOCK ? copy(b.dict[id] as number) : null;
            const stored = readAt(this.packFd, b.offset[id] as number, b.stored[id] as number, this.dir);
            writeAll(packFd, stored, packAt);
            const entry: NewBlock = [
              b.hash(id),
              packAt,
              stored.length,
              b.length[id] as number,
              b.codec[id] as number,
            ];
            brought.push(dict === null ? entry : [...entry, dict]);
            packAt += stored.length;
            newId.set(id, newId.size);
            return newId.size - 1;
          };
          files[kind] = (this.recordAt(at).f[kind] ?? []).map(copy);
        }
        const frame = encodeFrame(
          serialize({
            k: s.key,
            t: s.time,
            // Whole, as `append` writes it now; a record of an older archive may have a fraction.
            a: Math.round(s.archivedAt),
            b: brought,
            f: files,
            ...(s.facts === null ? {} : { c: s.facts }),
          }),
        );
        writeAll(indexFd, frame, indexAt);
        indexAt += frame.length;
      }
      fs.fsyncSync(packFd);
      fs.fsyncSync(indexFd);
    } finally {
      fs.closeSync(indexFd);
      fs.closeSync(packFd);
    }
    setCurrentGeneration(this.dir, next);
    fs.closeSync(this.indexFd);
    fs.closeSync(this.packFd);
    removeOtherGenerations(this.dir, next);
    this.gen = next;
    this.indexFd = fs.openSync(indexFile(this.dir, next), 'r+');
    this.packFd = fs.openSync(packFile(this.dir, next), 'r+');
    this.reset();
    this.load();
    return dropped;
  }

  /**
   * Writes the row index of what the log holds now (the writer, after an import and the
   * retention): a temp file, flushed, renamed over. Derived, so a kill at any point leaves the
   * old one or none, and a reader that finds it not matching the log reads the log instead.
   * Returns `false` when the one there is current.
   */
  writeRowIndex(): boolean {
    this.assertOpen();
    if (!this.writable) throw new Error(`the archive ${this.dir} is open read-only`);
    if (this.base !== null && this.entries.size === 0) return false;
    const rows = columnsOf(this.allEntries(), this.indexEnd);
    const last = this.lastAt < 0 ? null : readAt(this.indexFd, this.lastAt, FRAME_HEADER, this.dir);
    const data: RowIndexData = {
      generation: this.gen,
      indexEnd: this.indexEnd,
      packEnd: this.packEnd,
      rawBytes: this.rawBytes,
      lastAt: this.lastAt,
      lastLength: last?.readUInt32LE(0) ?? 0,
      lastCrc: last?.readUInt32LE(4) ?? 0,
      rows,
      blocks: this.blocks.columns(),
    };
    const file = rowIndexFile(this.dir, this.gen);
    const temp = `${file}.tmp`;
    const fd = fs.openSync(temp, 'w');
    try {
      writeAll(fd, encodeRowIndex(data), 0);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
    // The columns replace the entries: a year of renders is then a few typed arrays, not 2M objects.
    this.base = rows;
    this.entries = new Map();
    this.tailNew = 0;
    return true;
  }

  /** Closes the files and gives the lock back. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    fs.closeSync(this.indexFd);
    fs.closeSync(this.packFd);
    this.lock?.release();
    this.lock = null;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`the archive ${this.dir} is closed`);
  }

  /** Reads the index; a writer also cuts a torn tail off it and unreferenced blocks off the pack. */
  private load(ahead: RowIndexAhead | null = null): void {
    this.loadRowIndex(ahead);
    this.scan();
    if (!this.writable) return;
    const indexSize = fs.fstatSync(this.indexFd).size;
    if (indexSize > this.indexEnd) fs.ftruncateSync(this.indexFd, this.indexEnd);
    const packSize = fs.fstatSync(this.packFd).size;
    if (packSize > this.packEnd) fs.ftruncateSync(this.packFd, this.packEnd);
    if (indexSize > this.indexEnd || packSize > this.packEnd) {
      fs.fsyncSync(this.indexFd);
      fs.fsyncSync(this.packFd);
    }
  }

  /**
   * Reads whole records from `indexEnd` on. Stops at a torn frame, and at a record whose blocks
   * are not all in the pack (a crash after the index reached the disk but the pack did not):
   * such a record and all after it count as never written.
   */
  private scan(): void {
    const packSize = fs.fstatSync(this.packFd).size;
    const size = fs.fstatSync(this.indexFd).size;
    let at = this.indexEnd;
    let carry: Buffer = Buffer.alloc(0);
    let readAtPos = at;
    let packEnd = this.packEnd;
    while (readAtPos < size) {
      const chunk = readAt(this.indexFd, readAtPos, Math.min(SCAN_CHUNK, size - readAtPos), this.dir);
      readAtPos += chunk.length;
      const bytes = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
      const { frames, end } = scanFrames(bytes);
      for (const frame of frames) {
        const payload = parsePayload(frame.payload);
        if (payload === null) {
          this.indexEnd = at;
          this.packEnd = Math.max(this.packEnd, packEnd);
          return;
        }
        const ends = payload.b.map((b) => b[1] + b[2]);
        if (ends.some((e) => e > packSize) || !this.refsKnown(payload)) {
          this.indexEnd = at;
          this.packEnd = Math.max(this.packEnd, packEnd);
          return;
        }
        this.take(payload, at);
        packEnd = Math.max(packEnd, ...ends);
        at += FRAME_HEADER + frame.payload.length;
      }
      carry = bytes.subarray(end);
      // A torn frame in the middle of a whole chunk, or a frame longer than any we write: stop.
      if (carry.length >= FRAME_HEADER && carry.readUInt32LE(0) > MAX_FRAME_PAYLOAD) break;
    }
    this.indexEnd = at;
    this.packEnd = Math.max(this.packEnd, packEnd);
  }

  /**
   * Takes the row index when it is whole, of this version and generation, and matches the log:
   * the log holds at least the bytes it covers and the last of its records is there, same
   * length, same checksum. Anything else (missing, damaged, stale) and the log is read whole.
   */
  private loadRowIndex(ahead: RowIndexAhead | null = null): void {
    // Bytes read ahead are of the file as it was: a writer may have replaced it since. When they
    // no longer match, the file is read again (not the log whole, which a stale copy would cost).
    if (ahead !== null && ahead.generation === this.gen && this.takeRowIndex(ahead.bytes)) return;
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(rowIndexFile(this.dir, this.gen));
    } catch {
      return;
    }
    this.takeRowIndex(bytes);
  }

  /** Takes a row index's bytes when they are whole and match the log (`loadRowIndex`). */
  private takeRowIndex(bytes: Buffer): boolean {
    const d = decodeRowIndex(bytes, this.gen);
    if (d === null || !this.matchesLog(d)) return false;
    this.base = d.rows;
    this.blocks = BlockTable.of(d.blocks);
    if (this.writable)
      for (let id = 0; id < this.blocks.count; id++) this.byHash.set(this.blocks.hash(id), id);
    this.indexEnd = d.indexEnd;
    this.packEnd = d.packEnd;
    this.rawBytes = d.rawBytes;
    this.lastAt = d.lastAt;
    return true;
  }

  private matchesLog(d: RowIndexData): boolean {
    if (d.indexEnd > fs.fstatSync(this.indexFd).size || d.packEnd > fs.fstatSync(this.packFd).size)
      return false;
    if (d.lastAt < 0) return d.indexEnd === 0 && d.rows.count === 0;
    if (d.lastAt + FRAME_HEADER + d.lastLength !== d.indexEnd) return false;
    const header = readAt(this.indexFd, d.lastAt, FRAME_HEADER, this.dir);
    return header.readUInt32LE(0) === d.lastLength && header.readUInt32LE(4) === d.lastCrc;
  }

  /** A snapshot by key: read since the row index, else in it. */
  private entryOf(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e !== undefined || this.base === null) return e;
    const row = rowOfKey(this.base, keyBytes(key));
    return row < 0 ? undefined : this.baseEntry(row);
  }

  private baseEntry(i: number): Entry {
    const base = this.base as RowColumns;
    const files: Partial<Record<DebugFileKind, number>> = {};
    DEBUG_FILE_KINDS.forEach((kind, k) => {
      const at = fileAtOf(base, i, k);
      if (at !== undefined) files[kind] = at;
    });
    return {
      key: keyAt(base, i),
      time: base.time[i] as number,
      archivedAt: base.archivedAt[i] as number,
      files,
      facts: factsAt(base, i),
    };
  }

  /** Every snapshot, oldest first (the base's rows are in that order already). */
  private allEntries(): Entry[] {
    const out: Entry[] = [];
    const base = this.base;
    if (base !== null)
      for (let i = 0; i < base.count; i++)
        if (this.entries.size === 0 || !this.entries.has(keyAt(base, i))) out.push(this.baseEntry(i));
    if (this.entries.size === 0) return out;
    // One by one: a spread of 2M arguments overflows the stack.
    for (const e of this.entries.values()) out.push(e);
    return out.sort((a, b) => a.time - b.time || cmp(a.key, b.key));
  }

  /**
   * Every block id a record uses exists once its own new blocks are counted, and each new block
   * is of a codec we write, its dictionary an earlier plain block.
   */
  private refsKnown(p: RecordPayload): boolean {
    const first = this.blocks.count;
    const limit = first + p.b.length;
    for (let j = 0; j < p.b.length; j++) {
      const b = p.b[j] as NewBlock;
      if (b[4] === STORED || b[4] === DEFLATED) continue;
      if (b[4] !== DEFLATED_WITH_BLOCK) return false;
      const d = b[5];
      if (d === undefined || !Number.isInteger(d) || d < 0 || d >= first + j) return false;
      const codec = d < first ? this.blocks.codec[d] : (p.b[d - first] as NewBlock)[4];
      if (codec !== STORED && codec !== DEFLATED) return false;
    }
    for (const kind of DEBUG_FILE_KINDS) for (const id of p.f[kind] ?? []) if (id >= limit) return false;
    return true;
  }

  private take(p: RecordPayload, at: number): void {
    for (const b of p.b) {
      const id = this.blocks.push(b);
      if (this.writable) this.byHash.set(b[0], id);
    }
    const old = this.entryOf(p.k);
    if (old === undefined) this.tailNew++;
    this.lastAt = at;
    const files: Partial<Record<DebugFileKind, number>> = { ...old?.files };
    for (const kind of DEBUG_FILE_KINDS) {
      const ids = p.f[kind];
      if (ids === undefined || files[kind] !== undefined) continue;
      files[kind] = at;
      for (const id of ids) this.rawBytes += this.blocks.length[id] as number;
    }
    this.entries.set(p.k, {
      key: p.k,
      time: old?.time ?? p.t,
      archivedAt: old?.archivedAt ?? p.a,
      files,
      facts: p.c ?? old?.facts ?? null,
    });
  }

  private recordAt(at: number): RecordPayload {
    // The History asks for a snapshot's sizes and files one after the other, all in one record.
    const last = this.lastRecord;
    if (last !== null && last.gen === this.gen && last.at === at) return last.payload;
    const header = readAt(this.indexFd, at, FRAME_HEADER, this.dir);
    const payload = parsePayload(readAt(this.indexFd, at + FRAME_HEADER, header.readUInt32LE(0), this.dir));
    if (payload === null)
      throw new Error(`the archive index ${indexFile(this.dir, this.gen)} changed under us`);
    this.lastRecord = { gen: this.gen, at, payload };
    return payload;
  }

  private readBlock(id: number, dicts?: Map<number, Buffer>): Buffer {
    const b = this.blocks;
    const stored = readAt(this.packFd, b.offset[id] as number, b.stored[id] as number, this.dir);
    let bytes = stored;
    if (b.codec[id] === DEFLATED) bytes = zlib.inflateRawSync(stored);
    else if (b.codec[id] === DEFLATED_WITH_BLOCK) {
      const d = b.dict[id] as number;
      // The scan lets only an earlier plain block be a dictionary; a row index says what the
      // log said, so this is only a damaged row index the checksum missed.
      if (d >= id || b.codec[d] === DEFLATED_WITH_BLOCK) throw this.damaged(id);
      let dictionary = dicts?.get(d);
      if (dictionary === undefined) {
        dictionary = this.readBlock(d);
        dicts?.set(d, dictionary);
      }
      bytes = zlib.inflateRawSync(stored, { dictionary });
    }
    if (crypto.hash('sha256', bytes, 'base64') !== b.hash(id)) throw this.damaged(id);
    return bytes;
  }

  private damaged(id: number): Error {
    return new Error(`the archive pack ${packFile(this.dir, this.gen)} is damaged (block ${id})`);
  }

  /** A plain block's bytes as a dictionary for the writer, read once; `null`: it is damaged. */
  private dictionary(id: number): Uint8Array | null {
    let bytes = this.dictBytes.get(id);
    if (bytes === undefined) {
      try {
        bytes = this.readBlock(id);
      } catch {
        // Then the new block is written plain: a damaged block must not stop every import.
        return null;
      }
      // A few hundred places at most; a long-running writer does not keep every block it read.
      if (this.dictBytes.size >= 4096) this.dictBytes.clear();
      this.dictBytes.set(id, bytes);
    }
    return bytes;
  }

  /**
   * The places of the newest snapshot archived: each of its blocks, or that block's dictionary
   * when it has one (a dictionary is always plain).
   */
  private newestPlaces(): Map<string, Place> {
    const places = new Map<string, Place>();
    const newest = this.newest(1)[0];
    const e = newest === undefined ? undefined : this.entryOf(newest.key);
    if (e === undefined) return places;
    for (const kind of DEBUG_FILE_KINDS) {
      const at = e.files[kind];
      if (at === undefined) continue;
      (this.recordAt(at).f[kind] ?? []).forEach((id, position) => {
        const plain = this.blocks.codec[id] === DEFLATED_WITH_BLOCK ? (this.blocks.dict[id] as number) : id;
        places.set(placeOf(kind, position), { id: plain, uses: 0 });
      });
    }
    return places;
  }
}

function describe(e: Entry): ArchivedSnapshot {
  return {
    key: e.key,
    time: e.time,
    archivedAt: e.archivedAt,
    kinds: DEBUG_FILE_KINDS.filter((k) => e.files[k] !== undefined),
    facts: e.facts,
  };
}

/** Snapshots (oldest first) as the row index's columns. */
function columnsOf(entries: readonly Entry[], logBytes: number): RowColumns {
  const n = entries.length;
  const keys = Buffer.from(entries.map((e) => e.key).join(''), 'latin1');
  const keyEnds = new Uint32Array(n);
  const time = new Float64Array(n);
  const archivedAt = new Float64Array(n);
  const fileAt = newFileAt(n, logBytes);
  const hasFacts = new Uint8Array(n);
  const facts = new FactColumnsBuilder();
  let end = 0;
  entries.forEach((e, i) => {
    end += e.key.length;
    keyEnds[i] = end;
    time[i] = e.time;
    archivedAt[i] = e.archivedAt;
    DEBUG_FILE_KINDS.forEach((kind, k) => {
      const at = e.files[kind];
      if (at !== undefined) fileAt[i * 4 + k] = at;
    });
    hasFacts[i] = e.facts === null ? 0 : 1;
    facts.add(e.facts);
  });
  const byKey = Uint32Array.from(entries.keys()).sort((a, b) =>
    cmp((entries[a] as Entry).key, (entries[b] as Entry).key),
  );
  return {
    count: n,
    keyBlob: keys,
    keyEnds,
    time,
    archivedAt,
    fileAt,
    byKey,
    hasFacts,
    facts: facts.finish(),
  };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A new block as the pack keeps it: deflated alone, or as it is when that is not smaller; or
 * deflated with `dict` (a plain block of its place) when that is smaller still.
 */
function packBlock(
  block: Uint8Array,
  dict: Uint8Array | null,
): { readonly stored: Buffer; readonly codec: number; readonly withDict: boolean } {
  const deflated = zlib.deflateRawSync(block, { level: 6 });
  const keep = deflated.length < block.length;
  const alone = keep ? deflated : Buffer.from(block);
  if (dict !== null) {
    const delta = zlib.deflateRawSync(block, { level: 6, dictionary: dict });
    if (delta.length < alone.length) return { stored: delta, codec: DEFLATED_WITH_BLOCK, withDict: true };
  }
  return { stored: alone, codec: keep ? DEFLATED : STORED, withDict: false };
}

/**
 * A record as written: its id lists as runs (id-runs.ts), as JSON, deflated alone with the
 * dictionary of `RECORD_TAG_V1` after that tag byte (ARCHITECTURE.md, "The archive": a record is
 * read alone by its offset, and a torn write still costs one record only).
 */
function serialize(p: RecordPayload): Buffer {
  const f: Partial<Record<DebugFileKind, number[]>> = {};
  for (const kind of DEBUG_FILE_KINDS) {
    const ids = p.f[kind];
    if (ids !== undefined) f[kind] = toRuns(ids);
  }
  const deflated = zlib.deflateRawSync(JSON.stringify({ ...p, f }), { dictionary: DICTIONARY_V1 });
  const out = Buffer.allocUnsafe(1 + deflated.length);
  out[0] = RECORD_TAG_V1;
  deflated.copy(out, 1);
  return out;
}

/** The JSON of a record's payload: deflated (tag 0x01) or as older archives wrote it; `null`: neither. */
function recordJson(bytes: Buffer): string | null {
  if (bytes[0] === JSON_RECORD) return bytes.toString('utf8');
  if (bytes[0] !== RECORD_TAG_V1) return null;
  try {
    // The cap: damaged bytes that happen to inflate must not inflate to gigabytes.
    return zlib
      .inflateRawSync(bytes.subarray(1), { dictionary: DICTIONARY_V1, maxOutputLength: MAX_FRAME_PAYLOAD })
      .toString('utf8');
  } catch {
    return null;
  }
}

/**
 * A record's payload, or `null` when it is not one we wrote (a checksum collision, a bug, a tag
 * of a later version): the scan takes it and all after it as never written.
 */
function parsePayload(bytes: Buffer): RecordPayload | null {
  const json = recordJson(bytes);
  if (json === null) return null;
  try {
    const p = JSON.parse(json) as RecordPayload;
    if (typeof p.k !== 'string' || typeof p.t !== 'number' || !Array.isArray(p.b) || typeof p.f !== 'object')
      return null;
    if (p.c !== undefined && (typeof p.c !== 'object' || p.c === null)) return null;
    const f: Partial<Record<DebugFileKind, number[]>> = {};
    for (const kind of DEBUG_FILE_KINDS) {
      const runs = p.f[kind];
      if (runs === undefined) continue;
      const ids = Array.isArray(runs) ? fromRuns(runs) : null;
      if (ids === null) return null;
      f[kind] = ids;
    }
    return { ...p, f };
  } catch {
    return null;
  }
}

function writeAll(fd: number, bytes: Buffer, position: number): void {
  let done = 0;
  while (done < bytes.length) done += fs.writeSync(fd, bytes, done, bytes.length - done, position + done);
}

function readAt(fd: number, position: number, length: number, dir: string): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = fs.readSync(fd, buffer, got, length - got, position + got);
    if (n === 0) throw new Error(`the archive in ${dir} ends early (wanted ${length} bytes at ${position})`);
    got += n;
  }
  return buffer;
}
