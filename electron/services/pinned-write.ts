/**
 * The one way the app replaces a file: a temp file beside the target, flushed, then
 * renamed over it, the previous version optionally kept as `<name>.bak` the same way. Every
 * step is pinned to the real folder the write was approved for (write-scope.ts):
 *
 * - folders are created one level at a time, each checked to resolve where it should, so a
 *   link planted in a missing part cannot make `mkdir` create folders elsewhere;
 * - temp files are created exclusively (`wx`: never through a link, never over an existing
 *   name), and the backup is a fresh temp file renamed to `.bak`, so a link at `.bak` (or at
 *   the target) is replaced, never followed — `copyFile` would have written through it;
 * - after the temp files exist and right before the renames, the folder's real path is taken
 *   again and each temp name must still be the very file created (dev:ino), so a folder
 *   swapped for a link mid-save is refused; the temp files are then removed wherever they are
 *   (on Linux `/proc/self/fd` tells where an open file is now).
 *
 * - every file is named inside that real folder, not through the path as given, so swapping a
 *   link in the path (`<home>/eck`) cannot redirect a write at any instant.
 *
 * What is left: Node has no `renameat`, so a real folder of the path itself moved away and
 * replaced by a link between the re-check and the rename would redirect the rename — that takes
 * moving the home's own folder, not planting a link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { OutsideWorkspaceError, realPathOf } from './write-scope';
import { tempPathFor } from './temp-files';

/** A file the writer created and still holds open. */
export interface CreatedFile {
  /** `dev:ino` of the file. */
  readonly id: string;
  /** Where the file is now, when the OS can tell (Linux); `null` otherwise or when deleted. */
  whereNow(): string | null;
  close(): void;
}

/** The file operations used, injectable so tests can make any step fail or race. */
export interface WriteOps {
  /** Creates `file` exclusively holding `data`, flushed to disk; the file stays open. */
  create(file: string, data: string | Uint8Array): CreatedFile;
  rename(from: string, to: string): void;
  unlink(file: string): void;
  /** The bytes of `file` now (links followed: reading is allowed anywhere); `null` when absent. */
  read(file: string): Buffer | null;
  /** Creates one folder (not recursive); an existing name is not an error. */
  mkdir(dir: string): void;
  /** The real path of an existing folder. */
  realpath(dir: string): string;
  /** `dev:ino` of the name itself (`lstat`); `null` when there is none. */
  identify(file: string): string | null;
}

const idOf = (st: fs.Stats): string => `${st.dev}:${st.ino}`;

/** Where an open fd's file is now: Linux only; `null` when unknown or deleted. */
function fdPath(fd: number): string | null {
  if (process.platform !== 'linux') return null;
  try {
    const where = fs.readlinkSync(`/proc/self/fd/${fd}`);
    return where.endsWith(' (deleted)') ? null : where;
  } catch {
    return null;
  }
}

/** The real file system. */
export const NODE_WRITE_OPS: WriteOps = {
  create(file, data) {
    const fd = fs.openSync(file, 'wx', 0o644);
    let open = true;
    const close = (): void => {
      if (open) fs.closeSync(fd);
      open = false;
    };
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
      const id = idOf(fs.fstatSync(fd));
      // Kept open only where the fd can tell where the file is now; elsewhere (Windows) an open
      // file is better not renamed.
      if (process.platform !== 'linux') close();
      return { id, whereNow: () => (open ? fdPath(fd) : null), close };
    } catch (error) {
      close();
      throw error; // The writer removes the half-written file by its name.
    }
  },
  rename: (from, to) => fs.renameSync(from, to),
  unlink: (file) => fs.unlinkSync(file),
  read(file) {
    try {
      // A FIFO or device planted at the name would never end a read: no backup of those.
      if (!fs.statSync(file).isFile())
        throw Object.assign(new Error(`${file} is not a file`), { code: 'EINVAL' });
      return fs.readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  },
  mkdir(dir) {
    try {
      fs.mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  },
  realpath: (dir) => fs.realpathSync(dir),
  identify(file) {
    try {
      return idOf(fs.lstatSync(file));
    } catch {
      return null;
    }
  },
};

/** A file-system failure at one step of a write (the cause is the fs error). */
export class WriteStepError extends Error {
  readonly step: string;
  override readonly cause: unknown;

  constructor(step: string, cause: unknown) {
    super(`${step}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'WriteStepError';
    this.step = step;
    this.cause = cause;
  }
}

/** How to write. */
export interface PinnedWriteOptions {
  /**
   * The real folder the write was approved for (write-scope's `WriteTarget.folder`). Without
   * it the folder is pinned where it resolves when the write starts.
   */
  readonly folder?: string;
  /** Keep the previous version as `<target>.bak`. */
  readonly backup?: boolean;
  readonly ops?: WriteOps;
}

/** Backup path kept beside `target`. */
export function backupPathFor(target: string): string {
  return `${target}.bak`;
}

function changed(target: string, dir: string, now: string, pinned: string): OutsideWorkspaceError {
  return new OutsideWorkspaceError({
    action: 'write',
    path: target,
    why: 'changed',
    link: dir,
    dest: now,
    allowed: [{ kind: 'folder', path: pinned }],
  });
}

function quietly(run: () => void): void {
  try {
    run();
  } catch {
    // Already gone.
  }
}

function step<T>(name: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof OutsideWorkspaceError) throw error;
    throw new WriteStepError(name, error);
  }
}

/**
 * Creates the missing folders of `dir` one at a time; each must resolve to its place in
 * `pinned`, else the write is refused before anything exists where it should not.
 */
function ensureFolder(target: string, dir: string, pinned: string, ops: WriteOps): void {
  const missing: string[] = [];
  let cur = dir;
  let real: string | null = null;
  for (;;) {
    try {
      real = ops.realpath(cur);
      break;
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) break;
      missing.unshift(cur);
      cur = parent;
    }
  }
  if (missing.length === 0) return; // The folder exists: the caller checks where it leads.
  /** Where the folder `up` levels above `dir` must resolve. */
  const expectedAt = (up: number): string => {
    let p = pinned;
    for (let i = 0; i < up; i++) p = path.dirname(p);
    return p;
  };
  // The existing part first: a link planted there would make mkdir create folders elsewhere.
  if (real !== null && real !== expectedAt(missing.length))
    throw changed(target, cur, real, expectedAt(missing.length));
  missing.forEach((folder, i) => {
    step('creating the folder', () => ops.mkdir(folder));
    const now = step('creating the folder', () => ops.realpath(folder));
    const expected = expectedAt(missing.length - 1 - i);
    if (now !== expected) throw changed(target, folder, now, expected);
  });
}

/**
 * Writes `data` to `target` (temp file, rename), pinned to the approved folder. Returns the
 * backup's path (`null`: none kept, or there was no previous file). Throws OutsideWorkspaceError
 * for a refusal and WriteStepError for an fs failure; either way no temp file is left.
 */
export function writePinned(
  target: string,
  data: string | Uint8Array,
  options: PinnedWriteOptions = {},
): string | null {
  const ops = options.ops ?? NODE_WRITE_OPS;
  const abs = path.resolve(target);
  const dir = path.dirname(abs);
  const pinned = options.folder ?? realPathOf(dir);
  ensureFolder(target, dir, pinned, ops);
  const checkFolder = (): void => {
    const now = step('checking the folder', () => ops.realpath(dir));
    if (now !== pinned) throw changed(target, dir, now, pinned);
  };
  checkFolder();
  // Every name is taken inside the approved real folder, never through the path as given: a link
  // in it (`<home>/eck` → elsewhere) swapped between a check and a rename then cannot redirect
  // the temp files, the backup or the rename (found by the 200-save race test: a swap between
  // the folder re-check and the dev:ino check let both renames follow the link outside).
  const at = path.join(pinned, path.basename(abs));
  const created: { path: string; file: CreatedFile; placed: boolean }[] = [];
  const make = (stepName: string, file: string, bytes: string | Uint8Array): void => {
    let made: CreatedFile;
    try {
      made = ops.create(file, bytes);
    } catch (error) {
      // Past an exclusive open the name was ours (half written when the disk filled up):
      // removed. EEXIST means it never was: left alone.
      if ((error as NodeJS.ErrnoException | null)?.code !== 'EEXIST') quietly(() => ops.unlink(file));
      throw new WriteStepError(stepName, error);
    }
    created.push({ path: file, file: made, placed: false });
  };
  try {
    make('writing a temporary file', tempPathFor(at), data);
    const old = options.backup === true ? step('keeping a backup', () => ops.read(at)) : null;
    const backup = old === null ? null : backupPathFor(at);
    if (backup !== null && old !== null) make('keeping a backup', tempPathFor(backup), old);
    // The re-check: the folder still resolves where approved, and each temp name is our file.
    checkFolder();
    for (const c of created) {
      // Not ours any more: the folder was swapped and back, or the name replaced.
      if (ops.identify(c.path) !== c.file.id)
        throw changed(
          target,
          c.path,
          step('checking the folder', () => ops.realpath(dir)),
          pinned,
        );
    }
    const [main, bak] = created as [(typeof created)[number], (typeof created)[number] | undefined];
    if (bak !== undefined && backup !== null) {
      step('keeping a backup', () => ops.rename(bak.path, backup));
      bak.placed = true;
    }
    step('replacing the file', () => ops.rename(main.path, at));
    main.placed = true;
    // Named as the caller named the target (the home's path, not its real one).
    return backup === null ? null : backupPathFor(abs);
  } finally {
    for (const c of created) {
      if (!c.placed) removeOwn(c.path, c.file, ops);
      c.file.close();
    }
  }
}

/** Removes a temp file we created, wherever it is now, and only if the name still is that file. */
function removeOwn(file: string, created: CreatedFile, ops: WriteOps): void {
  const where = created.whereNow();
  for (const candidate of where === null || where === file ? [file] : [where, file]) {
    if (ops.identify(candidate) !== created.id) continue;
    try {
      ops.unlink(candidate);
      return;
    } catch {
      // Gone meanwhile: try the next place it could be.
    }
  }
}

/**
 * `writePinned` without a backup, throwing the fs error itself (or the refusal): settings,
 * scenarios, bundles.
 */
export function writeTextAtomic(target: string, text: string, folder?: string): void {
  try {
    writePinned(target, text, folder === undefined ? {} : { folder });
  } catch (error) {
    throw error instanceof WriteStepError ? error.cause : error;
  }
}
