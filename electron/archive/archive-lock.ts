/**
 * One writer at a time per archive: the desktop app, `serve` and a timer's `eck archive` may
 * all run at once. The lock is a file created exclusively (`wx`) holding the writer's pid; a
 * lock whose process is gone (killed mid-import) is taken over, so a kill never leaves the
 * archive locked for good. Readers take no lock: they read only whole records (see
 * record-frame.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

/** The lock file inside an archive folder. */
export const LOCK_FILE = 'lock';

/** Another live process holds the lock. */
export class ArchiveBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number | null,
  ) {
    super(`the archive ${dir} is being written by another process${pid === null ? '' : ` (pid ${pid})`}`);
    this.name = 'ArchiveBusyError';
  }
}

/** A held lock. */
export interface ArchiveLock {
  release(): void;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, it is just not ours to signal.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** A lock file this old with no readable pid is a writer that died between `open` and `write`. */
const UNREADABLE_STALE_MS = 60_000;

function tryTake(file: string): boolean {
  try {
    const fd = fs.openSync(file, 'wx');
    try {
      fs.writeSync(fd, String(process.pid));
    } finally {
      fs.closeSync(fd);
    }
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** Takes the lock of `dir` or throws `ArchiveBusyError`. */
export function takeArchiveLock(dir: string): ArchiveLock {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryTake(file)) {
      let held = true;
      return {
        release: () => {
          if (!held) return;
          held = false;
          if (holderOf(file) === process.pid) fs.rmSync(file, { force: true });
        },
      };
    }
    const pid = holderOf(file);
    let stale = pid !== null && !alive(pid);
    if (pid === null) {
      try {
        stale = Date.now() - fs.statSync(file).mtimeMs > UNREADABLE_STALE_MS;
      } catch {
        stale = true; // Gone since: try again.
      }
    }
    if (!stale) throw new ArchiveBusyError(dir, pid);
    fs.rmSync(file, { force: true });
  }
  throw new ArchiveBusyError(dir, holderOf(file));
}
