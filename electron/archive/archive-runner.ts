/**
 * The desktop app and `serve` archive while they run: once when a home is opened,
 * then whenever its eck-debug folder changes (one `fs.watch` on that folder, not on its
 * files: cheap at a million files), and every few minutes in case a change was missed (a
 * network drive, a folder created later). Runs never overlap; a change during a run asks for
 * one more. Off for the built-in demo home and when the user switched archiving off.
 */
import fs from 'node:fs';
import path from 'node:path';
import { debugDirOf } from '../history/debug-dir';
import { DEMO_HOME } from '../services/app-paths';
import { ArchiveBusyError } from './archive-lock';
import { archiveHome, type ArchiveRunResult } from './archive-home';
import { readArchiveSettings } from './archive-settings';
import { DEFAULT_SETTLE_MS } from './import-eck-debug';

export interface ArchiverOptions {
  readonly settingsDir: () => string;
  readonly log: (message: string) => void;
  /** After each run that did something (tests, and a future History refresh). */
  readonly onRun?: (result: ArchiveRunResult) => void;
  /** Quiet time after a change before a run; longer than the settle time of a snapshot. */
  readonly delayMs?: number;
  /** Time between the runs that catch what a watch missed. */
  readonly intervalMs?: number;
  /**
   * Wait after a home is opened before the first run: the first run over a big eck-debug
   * reads every file, and the window's start and the History's first listing come first.
   */
  readonly firstDelayMs?: number;
}

const DEFAULT_DELAY_MS = DEFAULT_SETTLE_MS + 500;
const DEFAULT_INTERVAL_MS = 10 * 60 * 1000;
const DEFAULT_FIRST_DELAY_MS = 10_000;

/** Archives the open home in the background. */
export class BackgroundArchiver {
  private readonly options: ArchiverOptions;
  private home: string | null = null;
  private watcher: fs.FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private interval: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(options: ArchiverOptions) {
    this.options = options;
  }

  /** The home now open: archive it now and keep doing so. */
  setHome(home: string): void {
    if (this.closed || path.resolve(home) === this.home) return;
    this.stopWatching();
    this.home = path.resolve(home);
    if (this.home === path.resolve(DEMO_HOME)) {
      this.home = null;
      return;
    }
    this.watch();
    this.interval = setInterval(() => this.request(0), this.options.intervalMs ?? DEFAULT_INTERVAL_MS);
    this.interval.unref();
    this.request(this.options.firstDelayMs ?? DEFAULT_FIRST_DELAY_MS);
  }

  /** Asks for a run after `delayMs` (coalesced with any already asked for). */
  request(delayMs: number = this.options.delayMs ?? DEFAULT_DELAY_MS): void {
    if (this.closed || this.home === null) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    // Throttled, not debounced: a home that never pauses writing is still archived.
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.run().finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.request();
        }
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Resolves once the run going on (if any) is over: for tests and a clean close. */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  /** Stops; a run going on stops at its next batch. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopWatching();
    await this.idle();
  }

  private watch(): void {
    const dir = debugDirOf(this.home as string);
    try {
      this.watcher = fs.watch(dir, { persistent: false }, () => this.request());
      this.watcher.on('error', () => this.stopWatcherOnly());
    } catch {
      // No eck-debug yet (nothing recorded): the interval's runs find it once it is there.
      this.watcher = null;
    }
  }

  private stopWatcherOnly(): void {
    this.watcher?.close();
    this.watcher = null;
  }

  private stopWatching(): void {
    this.stopWatcherOnly();
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.interval !== null) clearInterval(this.interval);
    this.timer = null;
    this.interval = null;
  }

  private async run(): Promise<void> {
    const home = this.home;
    if (home === null) return;
    const settings = readArchiveSettings(this.options.settingsDir());
    if (!settings.enabled) return;
    try {
      const result = await archiveHome({
        home,
        settingsDir: this.options.settingsDir(),
        keepDays: settings.keepDays,
        stopped: () => this.closed || this.home !== home,
      });
      if (this.watcher === null && !this.closed && this.home === home) this.watch();
      if (result.archived + result.completed + result.expired > 0) this.options.onRun?.(result);
      // A snapshot still being written: look again once it has settled.
      if (result.unsettled > 0) this.again = true;
    } catch (err) {
      // `eck archive` on a timer is writing it now: the next change or interval runs again.
      if (err instanceof ArchiveBusyError) return;
      this.options.log(`archive of ${home}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
