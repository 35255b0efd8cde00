/**
 * Copies the snapshots of an eck-debug folder that are not archived yet. Only reads
 * the folder: the home is evolcore's. Safe to run twice, from two processes (the store's lock)
 * and while evolcore's `cleanEckDebug` deletes old files: a file that vanishes between the
 * listing and its read is counted and skipped, and what was read of that snapshot is kept.
 *
 * A snapshot whose newest file is younger than `settleMs` is left for the next run: evolcore
 * writes its four files one after the other, and an import in between would see half of them.
 * Files that turn up later for a key already archived are added to it (a second record).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DebugFileKind } from '../../shared/debug-files/names';
import {
  DEBUG_FILE_KINDS,
  DEBUG_KEY_AFFIX,
  debugFileName,
  debugKindOf,
  isDebugTempName,
  parseDebugFileName,
} from '../../shared/debug-files/names';
import { KeySlots } from '../../shared/history/key-codes';
import { ownCopy } from '../../shared/base/own-copy';
import { archivedFacts } from '../history/archive-facts';
import type { ArchiveStore, SnapshotToAdd } from './archive-store';
import type { RowFacts } from './row-index-file';

/** Largest debug file copied; a bigger one is not a render we know and is reported, not read. */
export const MAX_ARCHIVED_FILE = 64 * 1024 * 1024;

/** Default wait before a new snapshot is copied (see the module comment). */
export const DEFAULT_SETTLE_MS = 2000;

/** Snapshots read between two yields to the event loop. */
const PARALLEL = 16;
/** A batch is committed (flushed) at this many snapshots or bytes read. */
const BATCH_SNAPSHOTS = 500;
const BATCH_BYTES = 16 * 1024 * 1024;

/** What one import did. */
export interface ImportCounts {
  /** Snapshots found in the folder. */
  listed: number;
  /** Snapshots copied for the first time. */
  archived: number;
  /** Snapshots archived before that got files they lacked. */
  completed: number;
  /** Snapshots already archived whole: nothing to do. */
  already: number;
  /** Snapshots too new to copy yet (left for the next run). */
  unsettled: number;
  /** Snapshots older than the retention keeps (`keepFrom`): not copied. */
  tooOld: number;
  /** Files listed that were gone when read (evolcore's cleanup); their snapshots lost them. */
  vanishedFiles: number;
  /** Files that are not regular files or are too large, by path and why (first 20). */
  refused: { path: string; reason: string }[];
  refusedCount: number;
  /** Bytes of the files copied, new blocks and the bytes they added to the pack. */
  bytesRead: number;
  newBlocks: number;
  packBytes: number;
  /** `true` when the eck-debug folder does not exist (nothing recorded yet). */
  missing: boolean;
}

export interface ImportOptions {
  readonly debugDir: string;
  readonly store: ArchiveStore;
  readonly settleMs?: number;
  readonly now?: () => number;
  /** Asked between batches; `true` stops the import (the app is closing). */
  readonly stopped?: () => boolean;
  /** Snapshots per flushed batch (tests make it small to kill the import between two). */
  readonly batchSnapshots?: number;
  /** Called once the folder is listed, before any file is read (tests delete files there). */
  readonly onListed?: () => Promise<void>;
  /**
   * Snapshots older than this time (ms) are not copied: the archive's retention would drop them
   * at once (retention.ts judges the same time, the one in the name). A folder kept for months
   * with evolcore's cleanup off was read whole, 1.7 GB at 250,000 snapshots, only to be expired.
   */
  readonly keepFrom?: number;
}

type Read = { ok: true; bytes: Buffer; mtimeMs: number } | { ok: false; code: string; reason?: string };

const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/**
 * A regular file's bytes, bounded; never throws (a FIFO planted in the home is refused, not
 * waited on). Synchronous on purpose: four thread-pool round trips per file (open, stat, read,
 * close) made the import wait, idle, for most of its time; the caller reads a small group and
 * then yields, so the app's event loop is never held for more than a few milliseconds.
 */
function readDebugFile(file: string): Read {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, READ_FLAGS);
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { ok: false, code: 'ENOTREG', reason: 'not a regular file' };
    if (st.size > MAX_ARCHIVED_FILE)
      return { ok: false, code: 'EFBIG', reason: `${st.size} bytes, over ${MAX_ARCHIVED_FILE}` };
    const bytes = Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < st.size) {
      const n = fs.readSync(fd, bytes, got, st.size - got, got);
      if (n === 0) break;
      got += n;
    }
    return { ok: true, bytes: got === st.size ? bytes : bytes.subarray(0, got), mtimeMs: st.mtimeMs };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
    return { ok: false, code, reason: (err as Error).message };
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/** Lets the event loop run (pushed events, requests) between two groups of reads. */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** One snapshot of the listing, built only for the few being read (a group of `PARALLEL`). */
interface Listed {
  readonly key: string;
  readonly time: number;
  /** Bit `i` set: the folder holds the file of kind `DEBUG_FILE_KINDS[i]`. */
  readonly kinds: number;
}

/**
 * The folder's snapshots as three columns: one key, one time and one bit set of kinds each. The
 * file names are not kept, since a parsed name is always `debugFileName(kind, key)`. An object and
 * four name strings per snapshot had cost serve some 100 MB at 250k snapshots while it archived.
 */
interface ListedSnapshots {
  readonly keys: string[];
  readonly times: number[];
  readonly kinds: number[];
  /** Snapshots listed but older than the retention keeps: counted, not kept. */
  tooOld: number;
}

/** Entries read from the folder between two yields to the event loop. */
const LIST_BATCH = 4096;
/** A key's place in the listing's slots when it is too old to keep (key-codes.ts `KeySlots`). */
const TOO_OLD = -2;

/**
 * The snapshots of the folder, streamed (1M names are never held at once); `null`: no folder.
 * Keys are found by their codes (key-codes.ts `KeySlots`), as the row store finds them: three of
 * every four names are of a key met before, and are neither sliced nor parsed. A kept key is a
 * string of its own (`ownCopy`), not a view holding its file name. A snapshot older than
 * `keepFrom` is only counted. The first run in serve listed 250k snapshots while the History's
 * pass ran: this is what the run's listing cost on top of it.
 */
async function listSnapshots(dir: string, keepFrom: number): Promise<ListedSnapshots | null> {
  let handle: fs.Dir;
  try {
    handle = fs.opendirSync(dir, { bufferSize: LIST_BATCH });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot list ${dir}: ${(err as Error).message}`, { cause: err });
  }
  const listed: ListedSnapshots = { keys: [], times: [], kinds: [], tooOld: 0 };
  // Each key's place in `listed`, or TOO_OLD.
  const slots = new KeySlots();
  try {
    for (;;) {
      for (let n = 0; n < LIST_BATCH; n++) {
        const entry = handle.readSync();
        if (entry === null) return listed;
        const name = entry.name;
        const kind = debugKindOf(name);
        if (kind === null || isDebugTempName(name)) continue;
        const bit = 1 << DEBUG_FILE_KINDS.indexOf(kind);
        const [prefix, suffix] = DEBUG_KEY_AFFIX[kind];
        const known = slots.getIn(name, prefix, name.length - suffix);
        if (known === TOO_OLD) continue;
        if (known !== undefined) {
          listed.kinds[known] = (listed.kinds[known] ?? 0) | bit;
          continue;
        }
        const parsed = parseDebugFileName(name);
        if (parsed === null) continue;
        const at = parsed.time < keepFrom ? TOO_OLD : listed.keys.length;
        slots.set(parsed.key, at);
        if (at === TOO_OLD) {
          listed.tooOld++;
          continue;
        }
        listed.keys.push(ownCopy(parsed.key));
        listed.times.push(parsed.time);
        listed.kinds.push(bit);
      }
      await yieldToLoop();
    }
  } catch (err) {
    throw new Error(`cannot list ${dir}: ${(err as Error).message}`, { cause: err });
  } finally {
    handle.closeSync();
  }
}

/** The listing's snapshots in the order they are copied: oldest first (the cleanup takes those first). */
function oldestFirst(listed: ListedSnapshots): Uint32Array {
  const { keys, times } = listed;
  const order = new Uint32Array(keys.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((a, b) => {
    const dt = (times[a] ?? 0) - (times[b] ?? 0);
    if (dt !== 0) return dt;
    const ka = keys[a] ?? '';
    const kb = keys[b] ?? '';
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}

/** Snapshot `i` of the listing, as one object. */
function listedAt(listed: ListedSnapshots, i: number): Listed {
  return { key: listed.keys[i] ?? '', time: listed.times[i] ?? 0, kinds: listed.kinds[i] ?? 0 };
}

/** Whether the listing holds the file of `kind` for the snapshot. */
function hasKind(s: Listed, kind: DebugFileKind): boolean {
  return (s.kinds & (1 << DEBUG_FILE_KINDS.indexOf(kind))) !== 0;
}

/** Copies what is new in `debugDir` into the store. Throws only when the folder cannot be listed. */
export async function importEckDebug(options: ImportOptions): Promise<ImportCounts> {
  const { debugDir, store } = options;
  const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  const now = options.now ?? Date.now;
  const counts: ImportCounts = {
    listed: 0,
    archived: 0,
    completed: 0,
    already: 0,
    unsettled: 0,
    tooOld: 0,
    vanishedFiles: 0,
    refused: [],
    refusedCount: 0,
    bytesRead: 0,
    newBlocks: 0,
    packBytes: 0,
    missing: false,
  };
  const keepFrom = options.keepFrom ?? Number.NEGATIVE_INFINITY;
  const listed = await listSnapshots(debugDir, keepFrom);
  if (listed === null) {
    counts.missing = true;
    return counts;
  }
  counts.listed = listed.keys.length + listed.tooOld;
  counts.tooOld = listed.tooOld;
  await options.onListed?.();
  const todo = oldestFirst(listed).filter((i) => {
    const s = listedAt(listed, i);
    const have = store.kindsOf(s.key);
    const lacking = DEBUG_FILE_KINDS.some((k) => hasKind(s, k) && !have.includes(k));
    if (!lacking) counts.already++;
    return lacking;
  });

  let batch: SnapshotToAdd[] = [];
  let batchBytes = 0;
  let batchNew = 0;
  let batchCompleted = 0;
  const commit = (): void => {
    if (batch.length === 0) return;
    const wrote = store.append(batch, now());
    counts.newBlocks += wrote.blocks;
    counts.packBytes += wrote.packBytes;
    counts.archived += batchNew;
    counts.completed += batchCompleted;
    batch = [];
    batchBytes = 0;
    batchNew = 0;
    batchCompleted = 0;
  };

  for (let i = 0; i < todo.length; i += PARALLEL) {
    if (options.stopped?.() === true) break;
    const group = Array.from(todo.subarray(i, i + PARALLEL), (at) => listedAt(listed, at));
    const read = group.map((s) => readSnapshot(debugDir, s, store, counts));
    const at = now();
    for (let j = 0; j < group.length; j++) {
      const s = group[j] as Listed;
      const r = read[j];
      if (r === undefined || r === null) continue;
      if (at - r.newest < settleMs) {
        counts.unsettled++;
        continue;
      }
      if (Object.keys(r.files).length === 0) continue;
      const before = store.kindsOf(s.key).length;
      batch.push({ key: s.key, time: s.time, files: r.files, facts: factsOf(store, s.key, r.files) });
      if (before === 0) batchNew++;
      else batchCompleted++;
      for (const bytes of Object.values(r.files)) batchBytes += bytes.length;
      counts.bytesRead += Object.values(r.files).reduce((n, b) => n + b.length, 0);
    }
    if (batch.length >= (options.batchSnapshots ?? BATCH_SNAPSHOTS) || batchBytes >= BATCH_BYTES) commit();
    await yieldToLoop();
  }
  commit();
  return counts;
}

/**
 * The History's facts of a snapshot (its columns), from the files read now and those archived
 * before: computed once here, so its archived row never waits for the background pass.
 */
function factsOf(store: ArchiveStore, key: string, files: Partial<Record<DebugFileKind, Buffer>>): RowFacts {
  const have = store.kindsOf(key);
  return archivedFacts(key, {
    kinds: DEBUG_FILE_KINDS.filter((k) => files[k] !== undefined || have.includes(k)),
    bytes: (kind) => files[kind] ?? store.readFile(key, kind),
    size: (kind) => files[kind]?.length ?? store.fileSize(key, kind),
  });
}

/** The files of one snapshot not archived yet; `null` when none could be read. */
function readSnapshot(
  dir: string,
  s: Listed,
  store: ArchiveStore,
  counts: ImportCounts,
): { files: Partial<Record<DebugFileKind, Buffer>>; newest: number } | null {
  const have = store.kindsOf(s.key);
  const files: Partial<Record<DebugFileKind, Buffer>> = {};
  let newest = 0;
  for (const kind of DEBUG_FILE_KINDS) {
    if (!hasKind(s, kind) || have.includes(kind)) continue;
    const file = path.join(dir, debugFileName(kind, s.key));
    const r = readDebugFile(file);
    if (r.ok) {
      files[kind] = r.bytes;
      newest = Math.max(newest, r.mtimeMs);
    } else if (r.code === 'ENOENT') {
      counts.vanishedFiles++;
    } else {
      counts.refusedCount++;
      if (counts.refused.length < 20) counts.refused.push({ path: file, reason: r.reason ?? r.code });
    }
  }
  return Object.keys(files).length === 0 ? null : { files, newest };
}
