/**
 * The main-side History service: one HistoryIndex over the open home's eck-debug
 * folder (or another folder a user opened), kept live from the workspace watcher (or its own
 * watcher for another folder) through `applyChange`, pushing `onDidChangeHistory`.
 */
import path from 'node:path';
import { watch } from 'node:fs';
import type { Dirent, FSWatcher } from 'node:fs';
import type { DiskChange, EventName, EventPayloads, WorkspaceInfo } from '../../shared/api';
import type { HistoryListing, SnapshotSummary } from '../../shared/history/history-types';
import type { HistoryDelta, HistoryIndexing } from '../../shared/api/history-models';
import { debugDirOf } from './debug-dir';
import { ApiFailure } from '../../shared/api';
import { encodeRows } from '../../shared/history/listing-wire';
import type { WireListing } from '../../shared/history/listing-wire';
import { HistoryIndex, historyDirFor } from './history-index';
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import { createBurstCollector } from '../workspace/coalesce';
import type { BurstCollector } from '../workspace/coalesce';
import type { ArchiveReader, KeyList } from './archive-rows';
import { sharedPassWorker } from './pass-worker-client';
import type { PassReader } from './pass-worker-client';
import type { SavedIndexStore } from './saved-index';

/** A home's archive open to read (`ArchiveStore.openReader` gives one). */
export interface OpenArchive extends ArchiveReader {
  /** Reads what a writer appended since (or a new generation after a retention). */
  refresh(): void;
  close(): void;
  readonly generation: number;
  stats(): { readonly indexBytes: number };
}

/** Sends one typed event. */
type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

/** What the service needs from the process. */
export interface HistoryServiceOptions {
  /** The open workspace's home (it may change: another workspace opened). */
  readonly home: () => string;
  readonly emit: Emit;
  /**
   * A session type for snapshots that record none (evolcore's format), from the open
   * workspace's manifests; asked once per pass.
   */
  readonly sessionGuess?: () => SessionGuess;
  /**
   * Sees each listing of the home's eck-debug folder (not of a folder the user opened) and
   * removes the app's stale temp files from it; returns the names removed (the one
   * listing serves both).
   */
  readonly sweepHomeFolder?: (dir: string, entries: readonly Dirent[]) => readonly string[];
  /** Watch a folder that is not the home's (default true). */
  readonly watchFolders?: boolean;
  /**
   * Opens the open home's archive to read, `null` when it has none yet. Its snapshots join the
   * home's listing after the first rows are answered (the folder's listing never waits for it).
   */
  readonly openArchive?: () => OpenArchive | null;
  /**
   * The same, doing its reading off the main thread (`readRowIndexAhead`): the first merge of
   * the archive into a listing opens it this way where given.
   */
  readonly openArchiveAhead?: () => Promise<OpenArchive | null>;
  /**
   * Reads the background pass's snapshots off the main thread (default: the process's pass
   * worker); `null` reads them on the main thread in rested slices.
   */
  readonly passReader?: PassReader | null;
  /**
   * The home's saved index (saved-index.ts): read when the home's folder is first indexed, so
   * the pass fills unchanged rows from it; written after a pass, at most every `saveEveryMs`.
   */
  readonly savedIndex?: SavedIndexStore;
  /** Least time between two saves of the index (default 60 s; the first waits `SAVE_AFTER_MS`). */
  readonly saveEveryMs?: number;
  /** Most rows of the first and of each later delta of archived rows (`ARCHIVE_PARTS`; tests lower them). */
  readonly archiveParts?: { readonly first: number; readonly rest: number };
  /** Told when a save failed (the app's log); the History goes on without it. */
  readonly onSaveError?: (message: string) => void;
}

/** After a pass ends, the save waits this long: the next burst of renders may be on its way. */
export const SAVE_AFTER_MS = 2000;

/**
 * Least time between two pushes of background-pass rows. Each push costs the renderer a pass
 * over every row (merge, chart, filter choices), felt as one long frame while scrolling; at one
 * a second, a pass over 12,500 snapshots (~2 s) sends two or three.
 */
const PUSH_EVERY_MS = 1000;

/**
 * Most rows of the pushed deltas of archived rows (`writeInParts`): the first small, for the rows
 * on screen at once (20-40 ms to write and send; 5,000 took 0.1-0.2 s of a year's first rows,
 * the code still cold); then about 10 MB of JSON each.
 */
export const ARCHIVE_PARTS = { first: 1_000, rest: 100_000 } as const;

/** Most changed paths of one burst applied one by one; beyond it the folder is listed again. */
const MAX_INCREMENTAL = 2000;

/** The index of the open history folder, live. */
export class HistoryService {
  private index: HistoryIndex | null = null;
  /** `null`: the home's eck-debug; else a folder the user opened. */
  private folder: string | null = null;
  private homeDir = '';
  private watcher: { readonly fs: FSWatcher; readonly burst: BurstCollector } | null = null;
  /** Stops the background pass of the current index; `null` while none runs. */
  private passAbort: AbortController | null = null;
  /**
   * The user stopped the pass (Cancel for the index pass). It stays stopped for this
   * index (new snapshots keep their "…" columns too) until resumed or another folder is opened.
   */
  private stopped = false;
  /** The home's archive merged into the index, while the home's own folder is shown. */
  private archive: { readonly store: OpenArchive; stamp: string } | null = null;
  /** The merge of the archive into the index just made, until it is done (tests wait on it). */
  private archiveMerge: Promise<void> = Promise.resolve();
  /** The archived rows being written and pushed in parts (`writeInParts`), until all are. */
  private archiveWriting: Promise<void> = Promise.resolve();
  /** Told which snapshots changed, so caches of their contents can drop them. */
  private readonly rowListeners = new Set<(keys: readonly string[] | null) => void>();
  /** A save of the home's index waiting for its time (one at a time), and when the last was. */
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private lastSave = 0;

  constructor(private readonly options: HistoryServiceOptions) {}

  /** The index, listed on first use; follows a change of home. */
  current(): HistoryIndex {
    const dir = this.folder ?? debugDirOf(this.options.home());
    if (this.index === null || this.index.dir !== dir) {
      this.resetPass();
      const sweep = this.folder === null ? this.options.sweepHomeFolder : undefined;
      this.index = new HistoryIndex(dir, sweep === undefined ? {} : { sweep });
      this.homeDir = this.options.home();
      this.index.refresh();
      if (this.folder === null) this.watchHomeFolder(dir);
      this.startPass(true);
      this.notifyRows(null);
      this.closeArchive();
      if (this.folder === null) this.mergeArchiveSoon(this.index);
    }
    return this.index;
  }

  /**
   * Merges the home's archive into `index` on a later turn: the listing that made the index is
   * answered first, and the archived rows follow as pushed deltas, newest first (`writeInParts`).
   */
  private mergeArchiveSoon(index: HistoryIndex): void {
    if (this.options.openArchive === undefined) return;
    const ahead = this.options.openArchiveAhead;
    this.archiveMerge = (async () => {
      const store = ahead === undefined ? null : await ahead().catch(() => null);
      // A later turn at least, even when the reader was open already (its promise settles in a
      // microtask, before the answer is sent): the listing that made the index is answered first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const current = this.index === index && this.folder === null;
      // Opened meanwhile (a change on disk asked for the archive) or no longer wanted: this one
      // is closed and the one there serves.
      if (store !== null && (!current || this.archive !== null)) store.close();
      else if (store !== null) this.archive = { store, stamp: '' };
      if (!current) return;
      this.archiveChanged();
      await this.archiveWriting;
    })();
  }

  /** Resolves once the archive opened with the current index is merged (for tests). */
  whenArchiveMerged(): Promise<void> {
    return this.archiveMerge;
  }

  /**
   * The archive may have changed (a run of the archiver, a change in eck-debug): reads what was
   * appended and pushes the rows that came, went or are now in both places. Cheap when nothing
   * changed: two `fstat`s, no listing.
   */
  archiveChanged(): void {
    const index = this.index;
    if (index === null || this.folder !== null || this.options.openArchive === undefined) return;
    let archive = this.archive;
    try {
      if (archive === null) {
        const store = this.options.openArchive();
        if (store === null) return;
        archive = { store, stamp: '' };
        this.archive = archive;
      } else archive.store.refresh();
    } catch {
      // An archive that cannot be read leaves the live listing as it is.
      this.closeArchive();
      return;
    }
    const stamp = `${archive.store.generation}:${archive.store.stats().indexBytes}`;
    if (stamp === archive.stamp) return;
    archive.stamp = stamp;
    const { upserts, removed, archived } = index.takeArchive(archive.store, this.options.sessionGuess);
    if (upserts.length === 0 && removed.length === 0 && archived.length === 0) return;
    this.notifyRows([...upserts, ...removed]);
    if (upserts.length > 0 || removed.length > 0)
      this.emitWire({ upserts: index.wireRowsOf(upserts), removed, foreign: null, reset: false });
    this.archiveWriting = this.writeInParts(index, archived);
  }

  /**
   * Writes archived rows into the index and pushes them in parts (`ARCHIVE_PARTS`),
   * newest first, one part a turn, then starts the pass (for rows an older archive kept without
   * columns). A year of renders (2M rows) written and pushed at once held the process for 40 s,
   * and its one delta was 192 MB of JSON, which no page could take; the newest rows are the ones
   * on screen. A part for an index no longer open is not written.
   */
  private writeInParts(index: HistoryIndex, keys: KeyList): Promise<void> {
    return new Promise<void>((resolve) => {
      let end = keys.length;
      const part = (): void => {
        if (this.index !== index) return resolve();
        const parts = this.options.archiveParts ?? ARCHIVE_PARTS;
        const from = Math.max(0, end - (end === keys.length ? parts.first : parts.rest));
        const written = index.writeArchived(keys.slice(from, end));
        end = from;
        if (written.length > 0) {
          this.notifyRows(written);
          this.emitWire({ upserts: index.wireRowsOf(written), removed: [], foreign: null, reset: false });
        }
        if (end > 0) setImmediate(part);
        else {
          this.startPass();
          resolve();
        }
      };
      part();
    });
  }

  private closeArchive(): void {
    this.archive?.store.close();
    this.archive = null;
  }

  /** The listing now (background parsing fills the columns and pushes them). */
  listing(): HistoryListing {
    return this.current().listing();
  }

  /** The listing as sent, encoded from the index's columns. */
  wireListing(): WireListing {
    return this.current().wireListing();
  }

  /**
   * Opens another folder (a home or a folder of snapshots); `null` returns to the home's. A
   * folder that cannot be listed (missing, not a folder, no permission) is refused with an
   * `ApiFailure` and the open one stays, so the path dialog can say why and let the user retype.
   */
  async openFolder(dir: string | null): Promise<HistoryListing> {
    if (dir === null) {
      await this.stopWatcher();
      this.resetPass();
      this.folder = null;
      this.index = null;
      return this.listing();
    }
    const target = historyDirFor(path.resolve(dir));
    const index = new HistoryIndex(target);
    const listing = index.refresh();
    if (listing.error !== null) {
      throw new ApiFailure(
        listing.error.startsWith('folder not found') ? 'not-found' : 'read-error',
        listing.error,
        target,
      );
    }
    await this.stopWatcher();
    this.resetPass();
    this.closeArchive();
    this.folder = target;
    this.index = index;
    this.homeDir = this.options.home();
    this.startPass(true);
    this.notifyRows(null);
    if (this.options.watchFolders !== false) this.watchFolder(target);
    return listing;
  }

  /**
   * Stops (`run: false`) or resumes (`run: true`) the pass that reads every snapshot's columns;
   * without `run` it only reports. Snapshots already read keep their columns; the others stay
   * pending, so a resumed pass picks up where the stopped one was.
   */
  indexing(run?: boolean): HistoryIndexing {
    const index = this.current();
    if (run === false && !this.stopped) {
      this.stopped = true;
      this.passAbort?.abort();
      this.passAbort = null;
    } else if (run === true && this.stopped) {
      this.stopped = false;
      this.startPass();
    }
    return { stopped: this.stopped, pending: index.pendingCount() };
  }

  /** A new index (another folder, another home) starts with its own, running, pass. */
  private resetPass(): void {
    this.passAbort?.abort();
    this.passAbort = null;
    this.stopped = false;
  }

  /** Subscribes to "these snapshots changed" (`null`: all of them). */
  onRows(listener: (keys: readonly string[] | null) => void): () => void {
    this.rowListeners.add(listener);
    return () => this.rowListeners.delete(listener);
  }

  private notifyRows(keys: readonly string[] | null): void {
    for (const l of this.rowListeners) l(keys);
  }

  /**
   * The home's eck-debug folder is watched here, not by the workspace's chokidar (which skips
   * its files: see watch-scope.ts). Without the folder (no render recorded yet) nothing is
   * watched until the workspace watcher reports the folder's creation.
   */
  private watchHomeFolder(dir: string): void {
    this.stopWatcherNow();
    if (this.options.watchFolders !== false) this.watchFolder(dir);
  }

  /** Feeds the workspace watcher's bursts (the hub's `onDidChangeOnDisk`). */
  handleDiskChange(change: DiskChange): void {
    if (this.folder !== null || this.index === null) return;
    const dir = path.resolve(this.index.dir);
    // The folder itself (or data/, made with it at once) appeared or went: watch it anew, list
    // it again.
    if (change.paths.some((p) => isSameOrAbove(path.resolve(p), dir))) {
      this.watchHomeFolder(dir);
      this.applyPaths([], true);
      return;
    }
    const mine = change.paths.filter((p) => path.dirname(path.resolve(p)) === dir || path.resolve(p) === dir);
    const unlisted = change.count > change.paths.length;
    if (mine.length === 0 && !unlisted) return;
    this.applyPaths(mine, unlisted);
  }

  /** The workspace changed: a new home means a new index. */
  handleWorkspaceChange(info: WorkspaceInfo): void {
    if (this.folder === null && this.index !== null && info.home !== this.homeDir) {
      this.stopWatcherNow();
      this.closeArchive();
      this.index = null;
      this.emitDelta({ upserts: [], removed: [], foreign: null, reset: true });
    }
  }

  private applyPaths(paths: readonly string[], listAgain: boolean): void {
    const index = this.index;
    if (index === null) return;
    // First what the archive holds now: a snapshot evolcore just deleted stays, as archived.
    this.archiveChanged();
    if (listAgain || paths.length > MAX_INCREMENTAL) {
      index.refresh();
      this.notifyRows(null);
      this.emitDelta({ upserts: [], removed: [], foreign: null, reset: true });
      this.startPass(true);
      return;
    }
    const upserts = new Map<string, SnapshotSummary>();
    const removed = new Set<string>();
    let foreignChanged = false;
    for (const p of paths) {
      if (path.resolve(p) === path.resolve(index.dir)) continue;
      const change = index.applyChange(path.basename(p), 'add');
      if (change.foreign) foreignChanged = true;
      if (change.key === null) continue;
      if (change.snapshot) {
        upserts.set(change.key, change.snapshot);
        removed.delete(change.key);
      } else {
        removed.add(change.key);
        upserts.delete(change.key);
      }
    }
    const keys = [...upserts.keys(), ...removed];
    if (keys.length === 0 && !foreignChanged) return;
    this.notifyRows(keys);
    this.emitDelta({
      upserts: [...upserts.values()],
      removed: [...removed],
      foreign: foreignChanged ? index.listing().foreign : null,
      reset: false,
    });
    if (upserts.size > 0) this.startPass();
  }

  /**
   * Starts (or joins) the background pass; its rows are pushed at most every `PUSH_EVERY_MS`,
   * so a pass over 12,500 snapshots sends a handful of deltas, not one per chunk.
   */
  private startPass(fresh = false): void {
    const index = this.index;
    if (index === null || this.stopped) return;
    // One controller per running pass: a pass joined (already running) keeps the one it has.
    if (this.passAbort === null || this.passAbort.signal.aborted) this.passAbort = new AbortController();
    const signal = this.passAbort.signal;
    // Keys only: the rows are encoded from the index's columns when pushed (`wireRowsOf`), so a
    // filled row's object is garbage at once instead of held until the push.
    let pending = new Set<string>();
    // After a fresh listing the first rows wait one interval too (the listing just sent is being
    // drawn); a snapshot that just appeared gets its columns at once.
    let last = fresh ? Date.now() : 0;
    const flush = (): void => {
      if (this.index !== index || pending.size === 0) return;
      const keys = pending;
      pending = new Set();
      last = Date.now();
      this.emitWire({ upserts: index.wireRowsOf(keys), removed: [], foreign: null, reset: false });
    };
    const reader = this.options.passReader === undefined ? sharedPassWorker() : this.options.passReader;
    const store = this.folder === null ? this.options.savedIndex : undefined;
    void index
      .parseInBackground({
        // Short slices: a request (open a snapshot) waits at most one slice of reads. The rests
        // hold only for what is read on the main thread (no worker, or archive-only rows).
        sliceMs: 8,
        restMs: 8,
        signal,
        ...(reader === null ? {} : { reader }),
        ...(store === undefined ? {} : { saved: () => store.load(index.dir) }),
        ...(this.options.sessionGuess === undefined ? {} : { sessionGuess: this.options.sessionGuess }),
        onProgress: ({ updated }) => {
          for (const key of updated) pending.add(key);
          if (Date.now() - last >= PUSH_EVERY_MS) flush();
        },
      })
      .then(
        (filled) => {
          flush();
          if (filled > 0 && store !== undefined && index.pendingCount() === 0) this.saveSoon(index, store);
        },
        () => undefined,
      );
  }

  /** Saves the home's index once the pass has rested a moment, at most every `saveEveryMs`. */
  private saveSoon(index: HistoryIndex, store: SavedIndexStore): void {
    if (this.saveTimer !== null) return;
    const every = this.options.saveEveryMs ?? 60_000;
    const wait = Math.max(SAVE_AFTER_MS, this.lastSave + every - Date.now());
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      if (this.index === index && this.folder === null) this.saveNow(index, store);
    }, wait);
    this.saveTimer.unref?.();
  }

  private saveNow(index: HistoryIndex, store: SavedIndexStore): void {
    this.lastSave = Date.now();
    const failed = store.save(index.dir, (columnsAt) => index.savedRows(columnsAt));
    if (failed !== null) this.options.onSaveError?.(failed);
  }

  private emitDelta(
    delta: Omit<HistoryDelta, 'dir' | 'upserts'> & { upserts: readonly SnapshotSummary[] },
  ): void {
    this.emitWire({ ...delta, upserts: encodeRows(delta.upserts) });
  }

  private emitWire(delta: Omit<HistoryDelta, 'dir'>): void {
    this.options.emit('onDidChangeHistory', { dir: this.index?.dir ?? '', ...delta });
  }

  /**
   * Watches another folder with the platform's own watcher (one folder, no subfolders): unlike
   * chokidar it does not stat every file first, which for 50,000 snapshots costs seconds.
   */
  private watchFolder(dir: string): void {
    const burst = createBurstCollector(60, (paths) => this.applyPaths(paths, false));
    try {
      const fs = watch(dir, { persistent: false }, (_event, name) => {
        // Without a name the platform could not tell which file: list the folder again.
        if (name === null) this.applyPaths([], true);
        else burst.add(path.join(dir, name.toString()));
      });
      fs.on('error', () => undefined);
      this.watcher = { fs, burst };
    } catch {
      burst.dispose(); // Not watchable (gone, no permission): the listing stays as it was read.
    }
  }

  private stopWatcherNow(): void {
    const w = this.watcher;
    this.watcher = null;
    if (w === null) return;
    w.burst.dispose();
    w.fs.close();
  }

  private async stopWatcher(): Promise<void> {
    this.stopWatcherNow();
    await Promise.resolve();
  }

  /** Stops watching; a save that was waiting is made now. */
  async close(): Promise<void> {
    if (this.saveTimer !== null) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
      const store = this.options.savedIndex;
      if (this.index !== null && this.folder === null && store !== undefined) this.saveNow(this.index, store);
    }
    await this.stopWatcher();
    this.closeArchive();
  }
}

/** `true` when `p` is `dir` or a folder above it. */
function isSameOrAbove(p: string, dir: string): boolean {
  return p === dir || dir.startsWith(p.endsWith(path.sep) ? p : p + path.sep);
}
