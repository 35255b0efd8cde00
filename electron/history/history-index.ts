/**
 * The history index over one eck-debug folder (Node side).
 *
 * The first list costs one `readdir` (withFileTypes) and, by default, no `stat`: on this 2-core
 * machine under load a stat per snapshot tripled the list of 50,000 files (bench/history-bench.ts),
 * so the sizes come with the background pass (newest snapshots first), which reads the vars and
 * the manifest report anyway. `sizes: 'context' | 'all'` states them in the first list instead.
 * Contents are read on demand (`readSnapshotFile`). The folder watcher belongs to the app shell;
 * it feeds `applyChange`.
 */
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import { opendirSync, statSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToLoop, setTimeout as sleep } from 'node:timers/promises';
import type { Dirent, Stats } from 'node:fs';
import type { ForeignEntry, HistoryListing, SnapshotSummary } from '../../shared/history/history-types';
import { isDebugTempName, parseDebugFileName } from '../../shared/debug-files/names';
import type { DebugFileKind, NameZone } from '../../shared/debug-files/names';
import { DEFAULT_NAME_ZONE, debugFileName } from '../../shared/debug-files/names';
import { SnapshotGrouper, newSnapshot, withFile, withoutFile } from '../../shared/history/snapshot-group';
import { RowStore, compareRowKeys, sortRowKeys } from '../../shared/history/row-store';
import type { RowSource } from '../../shared/history/row-store';
import { encodeSource } from '../../shared/history/listing-wire';
import type { WireListing, WireRows } from '../../shared/history/listing-wire';
import { folderParts, parseSnapshot } from './parse-snapshot';
import type { SnapshotParts } from './parse-snapshot';
import { ARCHIVE_DAMAGED, ArchiveRows } from './archive-rows';
import type { ArchiveReader, KeyList } from './archive-rows';
import type { CleanCandidate, CleanEnd } from '../../shared/history/clean-preview';
import { selectOlderThan } from '../../shared/history/clean-preview';
import type { SnapshotFileText } from '../../shared/api/history-models';
import { MAX_SHOWN_TEXT_BYTES, tooLargeMessage } from '../../shared/api/answer-caps';
import type { CappedRead } from '../services/capped-read';
import { readTextCapped, readTextCappedSync } from '../services/capped-read';
import type { PassReader } from './pass-worker-client';
import { runWorkerPass } from './worker-pass';
import { stampAfterRead } from './file-stamp';
import type { StampStat } from './file-stamp';
import type { WorkerPassTarget } from './worker-pass';
import type { SavedColumnsAt, SavedRows } from '../../shared/history/saved-rows';
import { restoredRow, savedRowOf, savedSections } from '../../shared/history/saved-rows';
import { DEBUG_FILE_KINDS } from '../../shared/debug-files/names';

/** Which sizes the first listing states with a `stat` (the rest stay `null` until needed). */
export type ListingSizes = 'none' | 'context' | 'all';

/** Options of an index. */
export interface HistoryIndexOptions {
  /**
   * Default `none`: names only, sizes from the background pass. `context` states the one size
   * the table shows (one stat per snapshot); `all` every file's.
   */
  readonly sizes?: ListingSizes;
  /**
   * How to read the timestamps in the names: `local` (default; what our writer writes) or `utc`
   * (what evolclaw's own writer writes, `toISOString()`). Only `time` depends on it.
   */
  readonly nameZone?: NameZone;
  /**
   * Sees the dot-named entries of each listing (the only ones a temp file can be) before they
   * are grouped, and returns names it removed (the app's stale temp files), so the folder is
   * listed once for both.
   */
  readonly sweep?: (dir: string, entries: readonly Dirent[]) => readonly string[];
}

/** What `applyChange` did. */
export interface HistoryChange {
  /** The snapshot touched, `null` for a foreign or ignored name. */
  readonly key: string | null;
  /** The snapshot after the change; `null` when it lost its last file (or for a foreign name). */
  readonly snapshot: SnapshotSummary | null;
  /** The name went to (or left) the foreign list. */
  readonly foreign: boolean;
}

/** Progress of the background pass. */
export interface ParseProgress {
  /** The keys of the snapshots filled in this chunk (the rows are the index's to build). */
  readonly updated: readonly string[];
  readonly done: number;
  readonly total: number;
}

/** Options of the background pass. */
export interface BackgroundParseOptions {
  /**
   * Most snapshots read in one slice; between slices the event loop runs (default 512). With a
   * `reader`, the snapshots of one batch it reads (default 256).
   */
  readonly chunkSize?: number;
  /** Longest a slice runs before it yields, in ms (default 8): what a request waits at most. */
  readonly sliceMs?: number;
  /**
   * Pause after each slice, in ms (default 0: just a turn of the event loop). The app rests as
   * long as it works, so the pass takes half a core and the window keeps the other to scroll.
   */
  readonly restMs?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ParseProgress) => void;
  /** Built once when the pass starts: a session type for snapshots that record none. */
  readonly sessionGuess?: () => SessionGuess;
  /**
   * Reads the folder's snapshots off the main thread (pass-worker-client.ts), which then only
   * writes rows and rests not at all; the archive-only ones, and all of them if the reader
   * fails, are read here in slices as without one.
   */
  readonly reader?: PassReader;
  /**
   * The rows saved when this folder was last indexed (saved-index.ts), asked once per index
   * when its first pass starts: a listed row with the same files whose stamp the worker finds
   * unchanged is filled from it instead of read.
   */
  readonly saved?: () => SavedRows | null;
}

/** What `cleanOlderThan` found, and did when confirmed. */
export interface CleanResult {
  /** Snapshots older than the limit. */
  readonly count: number;
  readonly snapshots: readonly string[];
  /** Their files, by name (foreign files are never cleaned). */
  readonly files: readonly string[];
  /** Their files' total size on disk. */
  readonly bytes: number;
  /** The oldest and the newest of them, with the time they were judged by. */
  readonly oldest: CleanEnd | null;
  readonly newest: CleanEnd | null;
  /** The limit used (epoch ms): a confirm that passes it back deletes no later snapshot. */
  readonly cutoff: number;
  /** `true` only when called with `confirm: true`. */
  readonly deleted: boolean;
  /** Files that could not be deleted, with the reason. */
  readonly failed: readonly { readonly name: string; readonly error: string }[];
}

function errnoCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : 'EIO';
}

function folderErrorMessage(dir: string, err: unknown): string {
  const code = errnoCode(err);
  if (code === 'ENOENT') return `folder not found: ${dir}`;
  if (code === 'ENOTDIR') return `not a folder: ${dir}`;
  if (code === 'EACCES' || code === 'EPERM') return `no permission to read the folder: ${dir}`;
  return `cannot list ${dir}: ${code}`;
}

function readErrorMessage(name: string, code: string): string {
  if (code === 'ENOENT') return `${name} was removed`;
  if (code === ARCHIVE_DAMAGED) return `${name}: the archive copy is damaged`;
  if (code === 'ENOTREG') return `${name}: not a regular file`;
  return `${name}: ${code}`;
}

/** A capped read as the answer carries it (the folder's or the archive's copy). */
export function fileReadOf(name: string, read: CappedRead): SnapshotFileText {
  if (read.ok) return { ok: true, name, text: read.text, bytes: read.bytes };
  if (read.tooLarge !== undefined)
    return { ok: false, name, error: tooLargeMessage(name, read.tooLarge), tooLarge: read.tooLarge };
  return { ok: false, name, error: readErrorMessage(name, read.code) };
}

/**
 * Reads one file of a snapshot by key at once, without a listing: for a reader that needs one
 * snapshot and must not list a folder of many thousands to find it (a scenario from a snapshot).
 * Named by the one extension table (debug-files/names.ts) and capped like every read of the
 * index; `null` when the snapshot has no such file.
 */
export function readSnapshotFileIn(dir: string, key: string, kind: DebugFileKind): SnapshotFileText | null {
  const name = debugFileName(kind, key);
  const read = readTextCappedSync(join(dir, name), MAX_SHOWN_TEXT_BYTES);
  if (!read.ok && read.tooLarge === undefined && read.code === 'ENOENT') return null;
  return fileReadOf(name, read);
}

function kindOfDirent(entry: Dirent): ForeignEntry['kind'] {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  if (entry.isSymbolicLink()) return 'symlink';
  return 'other';
}

function sizeOrNull(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null; // Removed since the listing; the watcher will tell.
  }
}

/** The index of one folder. Any folder may be opened, not only the home's own eck-debug. */
export class HistoryIndex {
  /** The folder indexed. */
  readonly dir: string;
  private readonly sizes: ListingSizes;
  private readonly zone: NameZone;
  private readonly sweep: HistoryIndexOptions['sweep'];
  /** The folder's snapshots, as columns (row-store.ts: 250,000 objects took 280 MB). */
  private readonly snapshots = new RowStore();
  private readonly foreign = new Map<string, ForeignEntry>();
  private order: string[] | null = [];
  /** The home's archive, merged into the listing (`attachArchive`); `null`: the folder alone. */
  private archive: ArchiveRows | null = null;
  /** Archived snapshots no longer in the folder (evolcore's cleanup took them), by key. */
  private readonly archiveOnly = new RowStore();
  private archiveOrder: string[] | null = [];
  private folderError: string | null = null;
  /** Bumped by `refresh`, so a pass over an older listing stops instead of writing stale rows. */
  private generation = 0;
  /**
   * Counts the watcher's changes, and when each key last changed: a row read off the main thread
   * is written only if its key did not change since its batch was sent (worker-pass.ts).
   */
  private changes = 0;
  private readonly changedAt = new Map<string, number>();
  /** The saved rows in use, until a pass leaves nothing pending (then only memory). */
  private saved: { readonly rows: SavedRows; readonly errors: ReadonlyMap<number, string> } | null = null;
  private savedAsked = false;
  /** Rows filled from the saved index, and read anew, by the passes of this index (for the bench). */
  private readonly savedCounts = { restored: 0, read: 0 };
  private running: {
    readonly generation: number;
    readonly pass: Promise<number>;
    readonly signal: AbortSignal | undefined;
  } | null = null;

  constructor(dir: string, options: HistoryIndexOptions = {}) {
    this.dir = dir;
    this.sizes = options.sizes ?? 'none';
    this.zone = options.nameZone ?? DEFAULT_NAME_ZONE;
    this.sweep = options.sweep;
  }

  /** Lists the folder again and regroups it; every snapshot goes back to `pending`. */
  refresh(): HistoryListing {
    this.generation++;
    this.changedAt.clear();
    // The keys listed before: only those can become archive-only rows now (mergeArchive).
    const wasLive = this.archive === null ? [] : [...this.snapshots.keys()];
    this.snapshots.clear();
    this.foreign.clear();
    this.folderError = null;
    // Streamed (opendir): no array of 1M entries, and faster than readdirSync at that size
    // (1M entries: 390–450 ms against 840–1,120 ms here). The grouper writes into the columns.
    const grouper = new SnapshotGrouper(this.zone, this.snapshots);
    // Only a dot name can be a temp file for the sweep: those wait for it, the rest are grouped
    // as they come.
    const dotted: Dirent[] = [];
    try {
      const dir = opendirSync(this.dir, { bufferSize: 4096 });
      try {
        for (let d = dir.readSync(); d !== null; d = dir.readSync()) {
          if (d.name.charCodeAt(0) === 46 && this.sweep !== undefined) dotted.push(d);
          else this.group(grouper, d);
        }
      } finally {
        dir.closeSync();
      }
    } catch (err) {
      this.snapshots.clear();
      this.folderError = folderErrorMessage(this.dir, err);
      this.order = [];
      return this.listing();
    }
    const swept = new Set(this.sweep?.(this.dir, dotted));
    for (const d of dotted) if (!swept.has(d.name)) this.group(grouper, d);
    for (const f of grouper.finish().foreign) this.foreign.set(f.name, f);
    this.order = null;
    this.mergeArchive(wasLive);
    return this.listing();
  }

  /** Groups one listed entry (its size by `stat` only when the options ask for it). */
  private group(grouper: SnapshotGrouper, d: Dirent): void {
    const kind = kindOfDirent(d);
    const statIt = this.sizes === 'all' || (this.sizes === 'context' && d.name.startsWith('context-'));
    grouper.add(d.name, kind, statIt && kind !== 'directory' ? sizeOrNull(join(this.dir, d.name)) : null);
  }

  /**
   * Merges an archive of this folder's snapshots into the listing (`null` takes it out): a
   * snapshot in both shows once, marked `both`; one only archived is a row of its own, read from
   * the archive. Called again after the reader's `refresh`, it returns the rows that changed, for
   * the service to push (the live listing was answered first: the archive never delays it).
   */
  attachArchive(
    reader: ArchiveReader | null,
    sessionGuess?: () => SessionGuess,
  ): { upserts: string[]; removed: string[] } {
    if (reader === null) {
      const removed = [...this.archiveOnly.keys()];
      const upserts: string[] = [];
      for (const s of [...this.snapshots.values()])
        if (s.where !== undefined) {
          this.snapshots.set(s.key, liveOnly(s));
          upserts.push(s.key);
        }
      this.archive = null;
      this.archiveOnly.clear();
      this.archiveOrder = [];
      return { upserts, removed };
    }
    const { upserts, removed, archived } = this.takeArchive(reader, sessionGuess);
    return { upserts: [...upserts, ...this.writeArchived(archived.slice(0, archived.length))], removed };
  }

  /**
   * `attachArchive` in two steps, for an archive too large to write in one turn (a year of
   * renders: 2M rows take seconds): takes the archive's list and updates the live rows it
   * changes (`upserts`) and drops what it lost (`removed`) at once; `archived` are the keys of
   * archive-only rows still to be written, oldest first, by `writeArchived` (in parts, newest
   * first: the service pushes each part as it is written). Until then such a key has no row.
   */
  takeArchive(
    reader: ArchiveReader,
    sessionGuess?: () => SessionGuess,
  ): { upserts: string[]; removed: string[]; archived: KeyList } {
    // Archived rows come with the columns their import computed (archive-facts.ts); the guess
    // fills a session type their files do not record, as the pass does.
    if (this.archive === null) this.archive = new ArchiveRows(reader, this.zone, sessionGuess);
    const { added, removed: gone } = this.archive.take();
    const upserts: string[] = [];
    const removed: string[] = [];
    // With no live rows (evolcore cleaned eck-debug), every key that came is archive-only: the
    // list is passed on as it is, its keys made part by part as they are written.
    let archived: KeyList = added;
    if (this.snapshots.size > 0) {
      const only: string[] = [];
      for (const key of added.slice(0, added.length)) {
        const live = this.snapshots.get(key);
        if (live === undefined) only.push(key);
        else {
          this.snapshots.set(key, { ...live, where: 'both' });
          upserts.push(key);
        }
      }
      archived = only;
    }
    for (const key of gone) {
      const live = this.snapshots.get(key);
      if (live !== undefined) {
        this.snapshots.set(key, liveOnly(live));
        upserts.push(key);
      } else if (this.archiveOnly.delete(key)) removed.push(key);
    }
    if (removed.length > 0) this.archiveOrder = null;
    return { upserts, removed, archived };
  }

  /**
   * Writes archive-only rows (keys `takeArchive` gave) straight from the archive's columns
   * (`ArchiveRows.writeRow`, no object per row); returns the keys written. A key the folder
   * lists by now, or the archive no longer holds, is left out.
   */
  writeArchived(keys: readonly string[]): string[] {
    const archive = this.archive;
    const written: string[] = [];
    if (archive === null) return written;
    const live = this.snapshots.size > 0;
    for (const key of keys)
      if (!(live && this.snapshots.has(key)) && archive.writeRow(key, this.archiveOnly)) written.push(key);
    if (written.length > 0) this.archiveOrder = null;
    return written;
  }

  /**
   * After a fresh listing: each archived snapshot is a live row marked `both`, or one of its own.
   * The archive-only rows stay as they were (the archive did not change with the folder): only a
   * key listed now leaves them, and only a key listed before and gone now joins them. Writing
   * every archived row again took 5 s at 2M, after each burst of evolcore's cleanup.
   */
  private mergeArchive(wasLive: readonly string[]): void {
    const archive = this.archive;
    if (archive === null) return;
    let changed = false;
    // By key: a row is built only for a key the archive holds too.
    for (const key of [...this.snapshots.keys()]) {
      if (!archive.has(key)) continue;
      const live = this.snapshots.get(key) as SnapshotSummary;
      this.snapshots.set(key, { ...live, where: 'both' });
      if (this.archiveOnly.delete(key)) changed = true;
    }
    for (const key of wasLive)
      if (!this.snapshots.has(key) && !this.archiveOnly.has(key) && archive.writeRow(key, this.archiveOnly))
        changed = true;
    if (changed) this.archiveOrder = null;
  }

  /** The archived-only keys, oldest first. */
  private archivedKeys(): readonly string[] {
    this.archiveOrder ??= sortRowKeys([...this.archiveOnly.keys()]);
    return this.archiveOrder;
  }

  /**
   * The timeline's keys oldest first, the folder's and the archived-only ones merged (two sorted
   * runs: no sort of the whole timeline), each with the store it is in.
   */
  private timeline(): { keys: string[]; archived: Uint8Array } {
    const live = this.liveKeys();
    const only = this.archivedKeys();
    const keys: string[] = [];
    const archived = new Uint8Array(live.length + only.length);
    let j = 0;
    for (const key of live) {
      for (; j < only.length && compareRowKeys(only[j] as string, key) < 0; j++) {
        archived[keys.length] = 1;
        keys.push(only[j] as string);
      }
      keys.push(key);
    }
    for (; j < only.length; j++) {
      archived[keys.length] = 1;
      keys.push(only[j] as string);
    }
    return { keys, archived };
  }

  /**
   * The current state: snapshots oldest first (the folder's and the archived-only ones merged),
   * foreign entries, and a folder error if any. The snapshot objects are built when first read:
   * the app sends `wireListing`, and a listing nobody reads builds none.
   */
  listing(): HistoryListing {
    const { keys } = this.timeline();
    let built: SnapshotSummary[] | null = null;
    const snapshots = (): SnapshotSummary[] =>
      (built ??= keys.map((k) => this.snapshot(k) as SnapshotSummary));
    return {
      dir: this.dir,
      get snapshots() {
        return snapshots();
      },
      foreign: [...this.foreign.values()],
      error: this.folderError,
    };
  }

  /** The listing in its wire form, encoded from the columns (no object per snapshot). */
  wireListing(): WireListing {
    const { keys, archived } = this.timeline();
    return {
      dir: this.dir,
      rows: this.encodeAt(keys, archived),
      foreign: [...this.foreign.values()],
      error: this.folderError,
    };
  }

  /**
   * The rows of `keys` as they are now, in their wire form, encoded from the columns; a key no
   * longer listed is left out. The service keeps only the keys the pass filled until it pushes
   * them: holding each filled row's object for that second, 10–20k of them, had them survive into
   * the old generation and swung serve's heap by about 100 MB at 250,000 snapshots.
   */
  wireRowsOf(keys: Iterable<string>): WireRows {
    const found: string[] = [];
    const where: number[] = [];
    for (const key of keys) {
      if (this.snapshots.has(key)) where.push(0);
      else if (this.archiveOnly.has(key)) where.push(1);
      else continue;
      found.push(key);
    }
    return this.encodeAt(found, Uint8Array.from(where));
  }

  /** Encodes rows by key, `archived[i]` 1 for a key of the archive-only store. */
  private encodeAt(keys: readonly string[], archived: Uint8Array): WireRows {
    const rows = keys.map(
      (k, i) => (archived[i] === 1 ? this.archiveOnly : this.snapshots).rowOf(k) as number,
    );
    const live = this.snapshots.sourceOfRows(rows);
    const only = this.archiveOnly.sourceOfRows(rows);
    const pick = (i: number): RowSource => (archived[i] === 1 ? only : live);
    return encodeSource({
      count: keys.length,
      key: (i) => keys[i] as string,
      time: (i) => pick(i).time(i),
      present: (i) => pick(i).present(i),
      bytes: (i, k) => pick(i).bytes(i, k),
      done: (i) => pick(i).done(i),
      error: (i) => pick(i).error(i),
      where: (i) => pick(i).where(i),
      columns: (i) => pick(i).columns(i),
    });
  }

  /** The folder's own snapshot keys, oldest first. */
  private liveKeys(): readonly string[] {
    this.order ??= sortRowKeys([...this.snapshots.keys()]);
    return this.order;
  }

  /** The folder's own snapshots, oldest first. */
  private liveSnapshots(): SnapshotSummary[] {
    return this.liveKeys().map((k) => this.snapshots.get(k) as SnapshotSummary);
  }

  /**
   * The keys (among `keys`, else the whole timeline oldest first) of snapshots with a file of
   * `kind` that a read finds, in the folder or in the archive (as `readSnapshotFileNow` reads),
   * told by the store's bits and the archive's kinds: no row is built.
   */
  keysWithFile(kind: DebugFileKind, keys?: readonly string[]): string[] {
    return (keys ?? this.timeline().keys).filter(
      (k) => this.snapshots.hasFile(k, kind) || this.archive?.has(k, kind) === true,
    );
  }

  /** One snapshot by key, in the folder or only in the archive. */
  snapshot(key: string): SnapshotSummary | undefined {
    return this.snapshots.get(key) ?? this.archiveOnly.get(key);
  }

  /**
   * Applies one watcher event. An `add` of a name already known is a change (the file was
   * rewritten): its snapshot is parsed again. Costs one `stat` for an add, none for an unlink.
   */
  applyChange(name: string, change: 'add' | 'unlink'): HistoryChange {
    if (isDebugTempName(name) || name.includes('/') || name.includes('\\')) {
      return { key: null, snapshot: null, foreign: false };
    }
    const parsed = parseDebugFileName(name, this.zone);
    if (parsed) this.changedAt.set(parsed.key, ++this.changes);
    if (change === 'unlink') {
      if (this.foreign.delete(name) || !parsed) return { key: null, snapshot: null, foreign: true };
      return this.removeFile(parsed.key, parsed.kind);
    }
    let kind: ForeignEntry['kind'];
    let bytes: number | null;
    try {
      const st = statSync(join(this.dir, name));
      kind = st.isFile() ? 'file' : st.isDirectory() ? 'directory' : 'other';
      bytes = kind === 'directory' ? null : st.size;
    } catch {
      // Gone before we looked: the same as an unlink.
      return this.applyChange(name, 'unlink');
    }
    if (!parsed || kind !== 'file') {
      this.foreign.set(name, { name, kind, bytes });
      return { key: null, snapshot: null, foreign: true };
    }
    const current = this.snapshots.get(parsed.key);
    const fresh = newSnapshot(parsed, { name, bytes });
    // A key only the archive held (its files copied back, say) is in both places again.
    const next = current
      ? withFile(current, parsed.kind, { name, bytes })
      : this.archive?.has(parsed.key)
        ? { ...fresh, where: 'both' as const }
        : fresh;
    if (!current && this.archiveOnly.delete(parsed.key)) this.archiveOrder = null;
    this.snapshots.set(parsed.key, next);
    if (!current) this.insertKey(next);
    return { key: parsed.key, snapshot: next, foreign: false };
  }

  private removeFile(key: string, kind: DebugFileKind): HistoryChange {
    const current = this.snapshots.get(key);
    if (!current) return { key, snapshot: null, foreign: false };
    if (current.files[kind] === undefined) return { key, snapshot: current, foreign: false };
    const next = withoutFile(current, kind);
    if (next) {
      this.snapshots.set(key, next);
      return { key, snapshot: next, foreign: false };
    }
    this.snapshots.delete(key);
    const at = this.order?.indexOf(key) ?? -1;
    if (at >= 0) this.order?.splice(at, 1);
    // evolcore's cleanup took the last file of a snapshot the archive kept: it stays in the
    // timeline, read from the archive from now on, with the columns already read (same files).
    const row = this.archive?.row(key) ?? null;
    if (row === null) return { key, snapshot: null, foreign: false };
    const kept: SnapshotSummary =
      current.parseState === 'done' ? { ...row, columns: current.columns, parseState: 'done' } : row;
    this.archiveOnly.set(key, kept);
    this.archiveOrder = null;
    return { key, snapshot: kept, foreign: false };
  }

  /** Keeps the order without a full sort in the usual case: a new snapshot is the newest. */
  private insertKey(snapshot: SnapshotSummary): void {
    if (this.order === null) return;
    const lastKey = this.order[this.order.length - 1];
    if (lastKey === undefined || compareRowKeys(lastKey, snapshot.key) < 0) this.order.push(snapshot.key);
    else this.order = null;
  }

  /** A snapshot as the clean judges it: one stat per file gives its newest time and its size. */
  private cleanCandidate(snapshot: SnapshotSummary, byName: boolean): CleanCandidate {
    let newest = -Infinity;
    let bytes = 0;
    const files: string[] = [];
    for (const file of Object.values(snapshot.files)) {
      files.push(file.name);
      const st = statSync(join(this.dir, file.name), { throwIfNoEntry: false });
      if (!st) continue;
      newest = Math.max(newest, st.mtimeMs);
      bytes += st.size;
    }
    // Files all gone since the listing: never old (there is nothing to delete).
    const mtime = byName ? snapshot.time : newest === -Infinity ? Infinity : newest;
    return { key: snapshot.key, mtime, bytes, files };
  }

  /**
   * Reads one file of a snapshot, on demand: from the folder, else the archive's copy (a
   * snapshot only archived, or a file evolcore deleted since the listing). Errors are values.
   */
  async readSnapshotFile(key: string, kind: DebugFileKind): Promise<SnapshotFileText> {
    const name = this.snapshots.fileName(key, kind);
    if (name === null) return this.readArchived(key, kind);
    const read = await readTextCapped(join(this.dir, name), MAX_SHOWN_TEXT_BYTES);
    return this.orArchived(key, kind, name, read);
  }

  /** The archive's copy when the folder's file is gone; the folder's read otherwise. */
  private orArchived(key: string, kind: DebugFileKind, name: string, read: CappedRead): SnapshotFileText {
    if (!read.ok && read.tooLarge === undefined && read.code === 'ENOENT' && this.archive?.has(key, kind))
      return this.readArchived(key, kind);
    return fileReadOf(name, read);
  }

  /** One file from the archive, capped as the folder's are. */
  private readArchived(key: string, kind: DebugFileKind): SnapshotFileText {
    if (this.archive?.has(key, kind) !== true)
      return { ok: false, name: null, error: `snapshot ${key} has no ${kind} file` };
    return fileReadOf(debugFileName(kind, key), this.archive.read(key, kind));
  }

  /** Where the pass reads a snapshot: the folder (the archive for a file gone since), or the archive. */
  private partsOf(s: SnapshotSummary, seen?: (kind: DebugFileKind, st: Stats) => void): SnapshotParts {
    const archive = this.archive;
    const folder = folderParts(this.dir, seen);
    if (archive === null) return folder;
    if (s.where === 'archive')
      return { read: (kind) => archive.read(s.key, kind), size: (kind) => archive.size(s.key, kind) };
    return {
      read: (kind, file) => {
        const read = folder.read(kind, file);
        const gone = !read.ok && read.tooLarge === undefined && read.code === 'ENOENT';
        return gone && archive.has(s.key, kind) ? archive.read(s.key, kind) : read;
      },
      size: (kind, file) => folder.size(kind, file) ?? archive.size(s.key, kind),
    };
  }

  /**
   * Reads one file of a snapshot at once, synchronously: for opening one snapshot, whose four
   * small files would otherwise wait four thread-pool round trips each, every one of them behind
   * a slice of the background pass. Bulk readers (search, what-if) use the async one.
   */
  readSnapshotFileNow(key: string, kind: DebugFileKind): SnapshotFileText {
    const name = this.snapshots.fileName(key, kind);
    if (name === null) return this.readArchived(key, kind);
    const read = readTextCappedSync(join(this.dir, name), MAX_SHOWN_TEXT_BYTES);
    return this.orArchived(key, kind, name, read);
  }

  /** Reads any listed entry by name (a foreign file too: the raw file is always shown). */
  async readListedFile(name: string): Promise<SnapshotFileText> {
    const parsed = parseDebugFileName(name);
    const listed =
      this.foreign.has(name) || (parsed && this.snapshots.fileName(parsed.key, parsed.kind) === name);
    if (!listed) return { ok: false, name, error: `not in the listing: ${name}` };
    return this.readByName(name);
  }

  /** Capped (answer-caps.ts): a file over the cap is stated, never read. */
  private async readByName(name: string): Promise<SnapshotFileText> {
    return fileReadOf(name, await readTextCapped(join(this.dir, name), MAX_SHOWN_TEXT_BYTES));
  }

  /**
   * Fills the columns of every pending snapshot, newest first (the rows a user sees first),
   * in chunks with a turn of the event loop between them, so the list stays responsive.
   * Snapshots changed while being read are read again. One pass at a time: a second call joins
   * the running one. Resolves with the number of snapshots filled.
   */
  parseInBackground(options: BackgroundParseOptions = {}): Promise<number> {
    const generation = this.generation;
    // Join the pass that runs over this listing, unless it was stopped (it ends at its next slice).
    if (this.running?.generation === generation && this.running.signal?.aborted !== true) {
      return this.running.pass;
    }
    // A pass over an older listing, or a stopped one, is ending; start after it.
    const before = this.running?.pass ?? Promise.resolve(0);
    // Started from the next turn of the loop, so the listing that asked for it is answered first.
    const pass = before
      .catch(() => 0)
      .then(() => yieldToLoop())
      .then(() => this.runPass(options, generation))
      .finally(() => {
        if (this.running?.pass === pass) this.running = null;
      });
    this.running = { generation, pass, signal: options.signal };
    return pass;
  }

  /** Snapshots whose columns the background pass has not read yet. */
  pendingCount(): number {
    return this.snapshots.pendingCount() + this.archiveOnly.pendingCount();
  }

  /** The keys of pending snapshots, newest first (keys only: no row is built to sort them). */
  private pendingNewestFirst(): string[] {
    const pending: string[] = [];
    for (const key of this.snapshots.keys()) if (this.snapshots.isPending(key)) pending.push(key);
    for (const key of this.archiveOnly.keys()) if (this.archiveOnly.isPending(key)) pending.push(key);
    return sortRowKeys(pending, true);
  }

  /** One pass over the listing of `generation`; stops as soon as the folder is listed again. */
  private async runPass(options: BackgroundParseOptions, generation: number): Promise<number> {
    const chunkSize = Math.max(1, options.chunkSize ?? 512);
    const sliceMs = options.sliceMs ?? 8;
    const restMs = options.restMs ?? 0;
    let filled = 0;
    if (generation !== this.generation) return 0;
    const guess = options.sessionGuess?.();
    if (options.saved !== undefined && !this.savedAsked) {
      this.savedAsked = true;
      const rows = options.saved();
      this.saved = rows === null ? null : { rows, errors: new Map(rows.errors) };
    }
    if (options.reader !== undefined) {
      const { filled: read } = await runWorkerPass(
        this.workerTarget(options, generation, guess),
        options.reader,
        {
          batchSize: options.chunkSize ?? 256,
          ...(guess === undefined ? {} : { guess }),
          ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
        },
      );
      filled += read;
    }
    // Nothing left to restore: the saved rows are only memory now (a later relisting reads).
    if (this.snapshots.pendingCount() === 0) this.saved = null;
    for (let pending = this.pendingNewestFirst(); pending.length; pending = this.pendingNewestFirst()) {
      const total = pending.length;
      let i = 0;
      while (i < total) {
        if (options.signal?.aborted || generation !== this.generation) return filled;
        // One slice: up to `chunkSize` snapshots or `sliceMs`, whichever comes first.
        const started = performance.now();
        const updated: string[] = [];
        const end = Math.min(total, i + chunkSize);
        do {
          // Read as it is now: the read and the write below happen in one turn, so a file the
          // watcher reported since the list was taken is in it (or makes it pending again).
          const before = this.snapshot(pending[i++] as string);
          if (before === undefined || before.parseState !== 'pending') continue;
          if (this.archiveOnly.has(before.key)) {
            const result = parseSnapshot(this.partsOf(before), before, guess);
            this.archiveOnly.set(result.key, result);
            updated.push(result.key);
            continue;
          }
          updated.push(this.readHereStamped(before, guess).key);
        } while (i < end && performance.now() - started < sliceMs);
        filled += updated.length;
        options.onProgress?.({ updated, done: i, total });
        await (restMs > 0 ? sleep(restMs) : yieldToLoop());
      }
    }
    return filled;
  }

  /**
   * Reads a listed snapshot on the main thread and writes it with the facts the saved index keeps,
   * as the worker pass does (pass-batch.ts): the files' stamp from the stats the read took, and
   * the section ids a session guess was asked about. Without them a home indexed on this path
   * (no worker) was read whole again on every reopening.
   */
  private readHereStamped(before: SnapshotSummary, guess: SessionGuess | undefined): SnapshotSummary {
    const stats: Partial<Record<DebugFileKind, StampStat>> = {};
    let sections: readonly string[] | null = null;
    const noted: SessionGuess = (ids) => {
      sections = [...ids];
      return guess?.(ids) ?? null;
    };
    const result = parseSnapshot(
      this.partsOf(before, (kind, st) => {
        stats[kind] = st;
      }),
      before,
      noted,
    );
    // A file taken from the archive (gone here) is stated now, finds none: stamped 0, never saved.
    this.snapshots.set(result.key, result);
    this.snapshots.setPassFacts(result.key, stampAfterRead(this.dir, result.files, stats), sections);
    this.savedCounts.read++;
    return result;
  }

  /** The folder's rows as the worker pass reads and writes them (worker-pass.ts). */
  private workerTarget(
    options: BackgroundParseOptions,
    generation: number,
    guess: SessionGuess | undefined,
  ): WorkerPassTarget {
    const rows = this.snapshots;
    return {
      dir: this.dir,
      live: () => options.signal?.aborted !== true && generation === this.generation,
      // The listing's order, kept since it was answered: no sort of every key in one turn.
      pendingNewestFirst: () =>
        this.liveKeys()
          .filter((k) => rows.isPending(k))
          .reverse(),
      row: (key) => rows.get(key),
      mark: () => this.changes,
      changedSince: (key, mark) => (this.changedAt.get(key) ?? 0) > mark,
      item: (key) => {
        const files = rows.pendingFiles(key);
        if (files === null) return null;
        const saved = this.saved?.rows;
        const i = saved === undefined ? -1 : savedRowOf(saved, key);
        return saved !== undefined && i >= 0 && saved.mask[i] === maskOf(files)
          ? { key, files, expect: saved.stamp[i] as number }
          : { key, files };
      },
      write: (row, stamp, sections) => {
        rows.set(row.key, row);
        rows.setPassFacts(row.key, stamp, sections);
        this.savedCounts.read++;
      },
      writeRead: (read, columns) => {
        const { key, bytes, error, stamp, guessIds } = read;
        const written = rows.setRead(key, { bytes, columns, error }, stamp, guessIds);
        if (written === 'written') this.savedCounts.read++;
        return written;
      },
      restore: (row) => {
        const saved = this.saved;
        const i = saved === null ? -1 : savedRowOf(saved.rows, row.key);
        if (saved === null || i < 0) return null;
        const restored = restoredRow(saved.rows, i, row, guess, saved.errors);
        rows.set(row.key, restored);
        rows.setPassFacts(row.key, saved.rows.stamp[i] as number, savedSections(saved.rows, i));
        this.savedCounts.restored++;
        return restored;
      },
      readHere: (row) => (this.archive === null ? null : parseSnapshot(this.partsOf(row), row, guess)),
    };
  }

  /** The done rows as the saved index keeps them (saved-index.ts writes them). */
  savedRows(columnsAt?: SavedColumnsAt): SavedRows {
    return this.snapshots.savedRows(this.liveKeys(), columnsAt);
  }

  /** How many rows the passes filled from the saved index, and how many they read. */
  savedUse(): { readonly restored: number; readonly read: number } {
    return { ...this.savedCounts };
  }

  /**
   * The snapshots older than `hours` before `now`, as evolcore's `cleanEckDebug` keeps 24 hours.
   * `basis: 'mtime'` (default) judges by the files' modification times, as `cleanEckDebug`
   * does (a snapshot is old when its newest file is); `name` by the timestamp in the names,
   * which suits a copied folder whose mtimes are the copy's. Deletes nothing unless
   * `confirm: true` (never delete by itself; ask first and say how many).
   */
  async cleanOlderThan(
    hours: number,
    options: {
      readonly confirm?: boolean;
      readonly now?: number;
      readonly basis?: 'mtime' | 'name';
      /** A limit given by an earlier preview: never later than the one `hours` sets now. */
      readonly cutoff?: number;
      /** Throws when a file must not be deleted (write-scope.ts); returns the path to unlink. */
      readonly canDelete?: (file: string) => string;
    } = {},
  ): Promise<CleanResult> {
    const byHours = (options.now ?? Date.now()) - hours * 3_600_000;
    const limit = options.cutoff === undefined ? byHours : Math.min(options.cutoff, byHours);
    const byName = options.basis === 'name';
    // The folder's snapshots only: the archive keeps its own (its retention, retention.ts).
    const picked = selectOlderThan(
      this.liveSnapshots().map((s) => this.cleanCandidate(s, byName)),
      limit,
    );
    const files = picked.files;
    const base = {
      count: picked.keys.length,
      snapshots: picked.keys,
      files,
      bytes: picked.bytes,
      oldest: picked.oldest,
      newest: picked.newest,
      cutoff: limit,
    };
    if (!options.confirm) return { ...base, deleted: false, failed: [] };
    const failed: { name: string; error: string }[] = [];
    const check = options.canDelete ?? ((file: string) => file);
    for (const name of files) {
      try {
        await unlink(check(join(this.dir, name)));
      } catch (err) {
        const code = errnoCode(err);
        if (code !== 'ENOENT') {
          failed.push({ name, error: code });
          continue;
        }
      }
      this.applyChange(name, 'unlink');
    }
    return { ...base, deleted: true, failed };
  }
}

/** The kinds a row has, a bit per kind of `DEBUG_FILE_KINDS` (the saved index's mask). */
function maskOf(files: SnapshotSummary['files']): number {
  let mask = 0;
  DEBUG_FILE_KINDS.forEach((kind, k) => {
    if (files[kind] !== undefined) mask |= 1 << k;
  });
  return mask;
}

/** A snapshot of the folder without its archive mark (the archive dropped it, or was detached). */
function liveOnly(s: SnapshotSummary): SnapshotSummary {
  const { where: _where, ...rest } = s;
  return rest;
}

/**
 * The folder to index for a path a user picked: a home (or anything holding `data/eck-debug/`)
 * means its eck-debug folder; any other folder is taken as it is (a colleague's copy).
 */
export function historyDirFor(path: string): string {
  const nested = join(path, 'data', 'eck-debug');
  try {
    if (statSync(nested).isDirectory()) return nested;
  } catch {
    // No such subfolder: the path itself is the history.
  }
  return path;
}

/** Opens and lists a folder of snapshots (see `historyDirFor`). */
export function openHistory(path: string, options: HistoryIndexOptions = {}): HistoryIndex {
  const index = new HistoryIndex(historyDirFor(path), options);
  index.refresh();
  return index;
}
