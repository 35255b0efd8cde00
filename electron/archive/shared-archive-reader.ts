/**
 * One reader of the open home's archive, shared by everything in the process that reads it: the
 * History's timeline, the archive's API methods and the Vars tab's snapshot list. Each used to
 * open its own, and a year of renders' row index is 172 MB: the History's first rows waited
 * 0.2 s for the archive's numbers to read it a second time, and the Vars tab read it once per
 * list. A reader takes no lock, so one open for the whole process is as safe as one per caller.
 */
import type { OpenArchive } from '../history/history-service';
import { ArchiveStore, readRowIndexAhead } from './archive-store';

/**
 * The shared reader as a caller that closes what it opens holds it (the History, the Vars tab's
 * list): everything reads through to it, and `close` only lets go, the file stays open for the
 * others. Delegated, not a prototype: a method's writes to the reader's own state must land on it.
 */
export function heldOpen(store: ArchiveStore | null): OpenArchive | null {
  if (store === null) return null;
  return {
    list: () => store.list(),
    rowColumns: () => store.rowColumns(),
    fileSize: (key, kind) => store.fileSize(key, kind),
    readFile: (key, kind) => store.readFile(key, kind),
    refresh: () => store.refresh(),
    get generation() {
      return store.generation;
    },
    stats: () => store.stats(),
    close: () => undefined,
  };
}

export class SharedArchiveReader {
  private open: { readonly dir: string; readonly store: ArchiveStore } | null = null;
  /** An open whose row index is being read off the main thread (`soon`). */
  private opening: { readonly dir: string; readonly done: Promise<ArchiveStore | null> } | null = null;
  private closed = false;

  /** `dirOf`: the open home's archive folder now (it follows a change of home). */
  constructor(private readonly dirOf: () => string) {}

  /** The reader of the open home's archive, refreshed; opened now when need be. `null`: no archive. */
  now(): ArchiveStore | null {
    const dir = this.dirOf();
    const kept = this.kept(dir);
    if (kept !== undefined) return kept;
    return this.keep(dir, ArchiveStore.openReader(dir));
  }

  /**
   * The same, but a reader still to open reads its row index without holding the event loop
   * (`readRowIndexAhead`); callers at once share the one read.
   */
  async soon(): Promise<ArchiveStore | null> {
    const dir = this.dirOf();
    const kept = this.kept(dir);
    if (kept !== undefined) return kept;
    if (this.opening === null || this.opening.dir !== dir) {
      const done = readRowIndexAhead(dir).then((ahead) => {
        if (this.opening?.done === done) this.opening = null;
        // Opened meanwhile (a caller that could not wait), or the home changed: that one serves.
        const meanwhile = this.kept(dir);
        if (meanwhile !== undefined || this.dirOf() !== dir) return meanwhile ?? null;
        return this.keep(dir, ArchiveStore.openReader(dir, ahead));
      });
      this.opening = { dir, done };
    }
    return this.opening.done;
  }

  /** Closes the reader (the process is ending). */
  close(): void {
    this.closed = true;
    this.open?.store.close();
    this.open = null;
  }

  /**
   * The reader kept for `dir`, refreshed; `undefined` when there is none to keep (another home's
   * is closed, and one that no longer refreshes is dropped, to be opened again).
   */
  private kept(dir: string): ArchiveStore | null | undefined {
    const open = this.open;
    if (open === null) return undefined;
    if (open.dir === dir)
      try {
        open.store.refresh();
        return open.store;
      } catch {
        // Its files went or changed under it: opened again below, or the error is the caller's.
      }
    open.store.close();
    this.open = null;
    return undefined;
  }

  private keep(dir: string, store: ArchiveStore | null): ArchiveStore | null {
    if (store === null) return null;
    if (this.closed) {
      store.close();
      return null;
    }
    this.open = { dir, store };
    return store;
  }
}
