/**
 * One archive run over a home: open the home's archive (or the one given), copy what is new
 * of its eck-debug, apply the retention, close. What `eck archive` and the running app do.
 */
import { debugDirOf } from '../history/debug-dir';
import { ArchiveStore, type ArchiveStats } from './archive-store';
import { archiveDirFor, noteHome } from './archive-location';
import { importEckDebug, type ImportCounts } from './import-eck-debug';
import { applyRetention, keepFromOf } from './retention';

export interface ArchiveRunOptions {
  readonly home: string;
  /** The archive folder; default the home's in the settings folder (archive-location.ts). */
  readonly dir?: string;
  readonly settingsDir?: string;
  /** Days kept; `null` keeps all; `undefined` applies no retention on this run. */
  readonly keepDays?: number | null;
  readonly settleMs?: number;
  readonly now?: () => number;
  readonly stopped?: () => boolean;
}

export interface ArchiveRunResult extends ImportCounts {
  readonly dir: string;
  /** Snapshots the retention removed. */
  readonly expired: number;
  readonly stats: ArchiveStats;
  readonly ms: number;
}

/** Runs once. Throws ArchiveBusyError when another process is writing the archive. */
export async function archiveHome(options: ArchiveRunOptions): Promise<ArchiveRunResult> {
  const started = performance.now();
  const dir = options.dir ?? archiveDirFor(options.home, options.settingsDir);
  const store = ArchiveStore.openWriter(dir);
  try {
    if (options.dir === undefined) noteHome(dir, options.home);
    const keepDays = options.keepDays;
    const counts = await importEckDebug({
      debugDir: debugDirOf(options.home),
      store,
      ...(typeof keepDays === 'number'
        ? { keepFrom: keepFromOf((options.now ?? Date.now)(), keepDays) }
        : {}),
      ...(options.settleMs === undefined ? {} : { settleMs: options.settleMs }),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.stopped === undefined ? {} : { stopped: options.stopped }),
    });
    const expired =
      options.keepDays === undefined
        ? 0
        : applyRetention(store, options.keepDays, (options.now ?? Date.now)());
    // The readers' fast open (row-index-file.ts); derived, so a failure here loses nothing.
    try {
      store.writeRowIndex();
    } catch {
      // A full disk: readers read the log, and the next run tries again.
    }
    return { ...counts, dir, expired, stats: store.stats(), ms: performance.now() - started };
  } finally {
    store.close();
  }
}
