/**
 * The archive of renders: every snapshot of a home's eck-debug, kept past
 * evolcore's 24 hours. Our own pack format, not a database (ARCHITECTURE.md, "The archive"):
 *
 * - each file of a snapshot is cut into blocks (split-blocks.ts); a block is stored once, by
 *   the sha256 of its bytes, deflated, in the append-only pack;
 * - one record per snapshot (or per files added to one later) goes to the append-only index:
 *   its key, its time, the blocks it first brought and, per file, the list of block ids.
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
  currentGeneration,
  indexFile,
  packFile,
  removeOtherGenerations,
  setCurrentGeneration,
} from './archive-files';
import { encodeFrame, FRAME_HEADER, MAX_FRAME_PAYLOAD, scanFrames } from './record-frame';
import { splitBlocks } from './split-blocks';
import { fromRuns, toRuns } from './id-runs';

/** How a block's bytes sit in the pack. */
const STORED = 0;
const DEFLATED = 1;

/** One block a record brings: `[sha256 base64, offset in pack, stored length, length, codec]`. */
type NewBlock = [string, number, number, number, number];

/** One record of the index, as written (short names: the index is read whole on open). */
interface RecordPayload {
  /** Snapshot key. */
  readonly k: string;
  /** The snapshot's time (epoch ms, from its key). */
  readonly t: number;
  /** When it was archived (epoch ms). */
  readonly a: number;
  readonly b: readonly NewBlock[];
  /** Block ids of each file, in order. */
  readonly f: Partial<Record<DebugFileKind, readonly number[]>>;
}

/** What the archive holds of one snapshot. */
export interface ArchivedSnapshot {
  readonly key: string;
  readonly time: number;
  readonly archivedAt: number;
  /** The files it has, in DEBUG_FILE_KINDS order. */
  readonly kinds: readonly DebugFileKind[];
}

/** One snapshot to add: its key, time and the bytes of the files that could be read. */
export interface SnapshotToAdd {
  readonly key: string;
  readonly time: number;
  readonly files: Partial<Record<DebugFileKind, Uint8Array>>;
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
}

/** A growable table of the blocks: where each sits in the pack. */
class BlockTable {
  offset = new Float64Array(1024);
  stored = new Uint32Array(1024);
  length = new Uint32Array(1024);
  codec = new Uint8Array(1024);
  hash: string[] = [];
  count = 0;

  push(b: NewBlock): number {
    if (this.count === this.offset.length) this.grow();
    const id = this.count++;
    this.offset[id] = b[1];
    this.stored[id] = b[2];
    this.length[id] = b[3];
    this.codec[id] = b[4];
    this.hash.push(b[0]);
    return id;
  }

  private grow(): void {
    const n = this.offset.length * 2;
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
  private entries = new Map<string, Entry>();
  private rawBytes = 0;
  private closed = false;

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

  /** Opens `dir` to write: creates it, takes the lock, drops a torn tail. Throws ArchiveBusyError. */
  static openWriter(dir: string): ArchiveStore {
    fs.mkdirSync(dir, { recursive: true });
    const lock = takeArchiveLock(dir);
    try {
      removeOtherGenerations(dir, currentGeneration(dir));
      const store = new ArchiveStore(dir, true, lock);
      store.load();
      return store;
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  /** Opens `dir` to read; `null` when there is no archive there yet. */
  static openReader(dir: string): ArchiveStore | null {
    const gen = currentGeneration(dir);
    if (!fs.existsSync(indexFile(dir, gen)) || !fs.existsSync(packFile(dir, gen))) return null;
    const store = new ArchiveStore(dir, false, null);
    store.load();
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
      this.indexEnd = 0;
      this.blocks = new BlockTable();
      this.entries = new Map();
      this.rawBytes = 0;
    }
    this.scan();
  }

  /** The generation in use (retention moves it on). */
  get generation(): number {
    return this.gen;
  }

  /** Every archived snapshot, oldest first. */
  list(): ArchivedSnapshot[] {
    return [...this.entries.values()].map(describe).sort((a, b) => a.time - b.time || cmp(a.key, b.key));
  }

  /** One snapshot, or `null`. */
  get(key: string): ArchivedSnapshot | null {
    const e = this.entries.get(key);
    return e === undefined ? null : describe(e);
  }

  /** The files of `key` already archived. */
  kindsOf(key: string): readonly DebugFileKind[] {
    return this.get(key)?.kinds ?? [];
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes of one file, checked against each block's hash; `null` when not archived. */
  readFile(key: string, kind: DebugFileKind): Buffer | null {
    this.assertOpen();
    const at = this.entries.get(key)?.files[kind];
    if (at === undefined) return null;
    const ids = this.recordAt(at).f[kind] ?? [];
    return Buffer.concat(ids.map((id) => this.readBlock(id)));
  }

  /** Sizes now. */
  stats(): ArchiveStats {
    return {
      snapshots: this.entries.size,
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
        files[kind] = splitBlocks(bytes).map((block) => {
          const hash = crypto.hash('sha256', block, 'base64');
          const known = this.byHash.get(hash) ?? pending.get(hash);
          if (known !== undefined) return known;
          const deflated = zlib.deflateRawSync(block, { level: 6 });
          const keep = deflated.length < block.length;
          const stored = keep ? deflated : Buffer.from(block);
          const entry: NewBlock = [hash, packAt, stored.length, block.length, keep ? DEFLATED : STORED];
          packParts.push(stored);
          packAt += stored.length;
          brought.push(entry);
          newBlocks.push(entry);
          pending.set(hash, nextId);
          return nextId++;
        });
      }
      if (Object.keys(files).length === 0) continue;
      payloads.push({ k: s.key, t: s.time, a: now, b: brought, f: files });
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
    const dropped = this.entries.size - kept.length;
    if (dropped === 0) return 0;
    const next = this.gen + 1;
    const indexFd = fs.openSync(indexFile(this.dir, next), 'w');
    const packFd = fs.openSync(packFile(this.dir, next), 'w');
    try {
      const newId = new Map<number, number>();
      let packAt = 0;
      let indexAt = 0;
      for (const s of kept) {
        const e = this.entries.get(s.key) as Entry;
        const brought: NewBlock[] = [];
        const files: Partial<Record<DebugFileKind, number[]>> = {};
        for (const kind of DEBUG_FILE_KINDS) {
          const at = e.files[kind];
          if (at === undefined) continue;
          files[kind] = (this.recordAt(at).f[kind] ?? []).map((id) => {
            const known = newId.get(id);
            if (known !== undefined) return known;
            const b = this.blocks;
            const stored = readAt(this.packFd, b.offset[id] as number, b.stored[id] as number, this.dir);
            writeAll(packFd, stored, packAt);
            brought.push([
              b.hash[id] as string,
              packAt,
              stored.length,
              b.length[id] as number,
              b.codec[id] as number,
            ]);
            packAt += stored.length;
            newId.set(id, newId.size);
            return newId.size - 1;
          });
        }
        const frame = encodeFrame(serialize({ k: s.key, t: s.time, a: s.archivedAt, b: brought, f: files }));
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
    this.indexEnd = 0;
    this.packEnd = 0;
    this.blocks = new BlockTable();
    this.byHash = new Map();
    this.entries = new Map();
    this.rawBytes = 0;
    this.load();
    return dropped;
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
  private load(): void {
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

  /** Every block id a record uses exists once its own new blocks are counted. */
  private refsKnown(p: RecordPayload): boolean {
    const limit = this.blocks.count + p.b.length;
    for (const kind of DEBUG_FILE_KINDS) for (const id of p.f[kind] ?? []) if (id >= limit) return false;
    return true;
  }

  private take(p: RecordPayload, at: number): void {
    for (const b of p.b) {
      const id = this.blocks.push(b);
      if (this.writable) this.byHash.set(b[0], id);
    }
    const old = this.entries.get(p.k);
    const files: Partial<Record<DebugFileKind, number>> = { ...old?.files };
    for (const kind of DEBUG_FILE_KINDS) {
      const ids = p.f[kind];
      if (ids === undefined || files[kind] !== undefined) continue;
      files[kind] = at;
      for (const id of ids) this.rawBytes += this.blocks.length[id] as number;
    }
    this.entries.set(p.k, { key: p.k, time: old?.time ?? p.t, archivedAt: old?.archivedAt ?? p.a, files });
  }

  private recordAt(at: number): RecordPayload {
    const header = readAt(this.indexFd, at, FRAME_HEADER, this.dir);
    const payload = parsePayload(readAt(this.indexFd, at + FRAME_HEADER, header.readUInt32LE(0), this.dir));
    if (payload === null)
      throw new Error(`the archive index ${indexFile(this.dir, this.gen)} changed under us`);
    return payload;
  }

  private readBlock(id: number): Buffer {
    const b = this.blocks;
    const stored = readAt(this.packFd, b.offset[id] as number, b.stored[id] as number, this.dir);
    const bytes = b.codec[id] === DEFLATED ? zlib.inflateRawSync(stored) : stored;
    if (crypto.hash('sha256', bytes, 'base64') !== b.hash[id])
      throw new Error(`the archive pack ${packFile(this.dir, this.gen)} is damaged (block ${id})`);
    return bytes;
  }
}

function describe(e: Entry): ArchivedSnapshot {
  return {
    key: e.key,
    time: e.time,
    archivedAt: e.archivedAt,
    kinds: DEBUG_FILE_KINDS.filter((k) => e.files[k] !== undefined),
  };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A record as written: its id lists as runs (id-runs.ts). */
function serialize(p: RecordPayload): Buffer {
  const f: Partial<Record<DebugFileKind, number[]>> = {};
  for (const kind of DEBUG_FILE_KINDS) {
    const ids = p.f[kind];
    if (ids !== undefined) f[kind] = toRuns(ids);
  }
  return Buffer.from(JSON.stringify({ ...p, f }));
}

/** A record's payload, or `null` when it is not one we wrote (a checksum collision, a bug). */
function parsePayload(bytes: Buffer): RecordPayload | null {
  try {
    const p = JSON.parse(bytes.toString('utf8')) as RecordPayload;
    if (typeof p.k !== 'string' || typeof p.t !== 'number' || !Array.isArray(p.b) || typeof p.f !== 'object')
      return null;
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
