/**
 * The kept versions of the overrides, in the app's settings folder, never in the home:
 *
 *   <settings>/override-versions/<home name>-<12 hex of the home's path>/<manifest file>/<id>.json
 *
 * one file per version (its text and what the save that replaced it changed), named by its id
 * (`<ms>-<8 hex>`), so the newest-first list is the names sorted. Every file is written by
 * pinned-write.ts (temp, flush, rename) into the folder write-scope approved.
 *
 * Retention: a version is kept while it is one of the newest {@link KEEP_COUNT} **or** younger
 * than {@link KEEP_DAYS} days — whichever keeps more, so a burst of saves today never pushes out
 * last week's, and a file saved twice a year still has its last 50. {@link HARD_CAP} bounds a
 * runaway (a script saving in a loop) at the cost of the oldest of those 30 days.
 *
 * The order of a save's writes (override-store.ts) is: 1. this version file, 2. the override
 * (with its `.bak`), 3. pruning. A crash between any two leaves the replaced text in this list
 * (1 is atomic: either the whole version or none, and then the override is not replaced yet).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_SHOWN_TEXT_BYTES } from '../../shared/api/answer-caps';
import type { OverrideChange } from '../../shared/override/override-change';
import type { OverrideVersion, VersionReason } from '../../shared/override/override-versions';
import { VERSION_ID } from '../../shared/override/override-versions';
import { readTextCappedSync } from '../services/capped-read';
import type { WriteOps } from '../services/pinned-write';
import { writePinned } from '../services/pinned-write';
import type { WriteScope } from '../services/write-scope';
import { cleanStaleTemps } from '../services/temp-files';

/** The settings sub-folder of all versions. */
export const VERSIONS_FOLDER = 'override-versions';
/** Always kept: the newest this many. */
export const KEEP_COUNT = 50;
/** Always kept: every version younger than this many days. */
export const KEEP_DAYS = 30;
/** Never more than this many per manifest file, whatever their age. */
export const HARD_CAP = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One version file's content. */
interface VersionFile {
  readonly format: 1;
  readonly home: string;
  readonly manifestFile: string;
  readonly keptAt: number;
  readonly reason: VersionReason;
  readonly hash: string;
  readonly change: OverrideChange;
  readonly text: string;
}

/** A version with its text. */
export interface StoredVersion {
  readonly meta: Omit<OverrideVersion, 'current'>;
  readonly text: string;
}

/** What the store needs. */
export interface VersionStoreOptions {
  readonly settingsDir: () => string;
  /** Approves the writes and deletes (write-scope.ts); without it, the folder as it resolves. */
  readonly scope?: Pick<WriteScope, 'writeTargetIn' | 'deletableIn'>;
  /** Test seams. */
  readonly now?: () => number;
  readonly ops?: WriteOps;
  readonly unlink?: (file: string) => void;
}

const sha256 = (text: string): string => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** The folder of one home's versions: readable name plus a hash of the home's full path. */
export function homeFolderName(home: string): string {
  const resolved = path.resolve(home);
  const slug = path
    .basename(resolved)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 40);
  return `${slug || 'home'}-${sha256(resolved).slice(0, 12)}`;
}

/** The store of one settings folder. */
export class VersionStore {
  constructor(private readonly options: VersionStoreOptions) {}

  /** The folder of one home's and manifest file's versions. */
  folderOf(home: string, manifestFile: string): string {
    return path.join(this.options.settingsDir(), VERSIONS_FOLDER, homeFolderName(home), manifestFile);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * Keeps `text` as the newest version (before a save replaces it); returns its id. A text the
   * newest version already holds is not kept twice (a save retried after a crash). Throws the
   * fs error or the scope's refusal.
   */
  keep(
    home: string,
    manifestFile: string,
    text: string,
    change: OverrideChange,
    reason: VersionReason,
  ): string {
    const hash = sha256(text);
    const newest = this.ids(home, manifestFile)[0];
    if (newest !== undefined && this.read(home, manifestFile, newest)?.meta.hash === hash) return newest;
    // Never older than the newest: the names' order is the list's order even if the clock steps back.
    const newestAt = newest === undefined ? 0 : Number(newest.slice(0, 13));
    const at = Math.max(this.now(), newestAt + 1);
    const id = `${String(at).padStart(13, '0')}-${crypto.randomBytes(4).toString('hex')}`;
    const file: VersionFile = {
      format: 1,
      home: path.resolve(home),
      manifestFile,
      keptAt: at,
      reason,
      hash,
      change,
      text,
    };
    const target = path.join(this.folderOf(home, manifestFile), `${id}.json`);
    // A save killed mid-write left its temp file here: removed (the app cleans only the
    // settings folder's top level at start).
    cleanStaleTemps(path.dirname(target), { inside: this.options.settingsDir() });
    const approved = this.options.scope?.writeTargetIn(VERSIONS_FOLDER, target);
    writePinned(target, `${JSON.stringify(file)}\n`, {
      ...(approved === undefined ? {} : { folder: approved.folder }),
      ...(this.options.ops === undefined ? {} : { ops: this.options.ops }),
    });
    return id;
  }

  /** Version ids, newest first (files whose names are not ids are ignored). */
  ids(home: string, manifestFile: string): string[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.folderOf(home, manifestFile));
    } catch {
      return [];
    }
    return names
      .filter((n) => n.endsWith('.json') && VERSION_ID.test(n.slice(0, -5)))
      .map((n) => n.slice(0, -5))
      .sort()
      .reverse();
  }

  /** One version; `null` when it is missing, too large or not a version file (never throws). */
  read(home: string, manifestFile: string, id: string): StoredVersion | null {
    if (!VERSION_ID.test(id)) return null;
    const file = path.join(this.folderOf(home, manifestFile), `${id}.json`);
    // A version holds at most one override (MAX_OVERRIDE_TEXT); its JSON escapes can double it.
    const read = readTextCappedSync(file, 2 * MAX_SHOWN_TEXT_BYTES + 64 * 1024);
    if (!read.ok) return null;
    let doc: Partial<VersionFile>;
    try {
      doc = JSON.parse(read.text) as Partial<VersionFile>;
    } catch {
      return null;
    }
    if (doc.format !== 1 || typeof doc.text !== 'string' || typeof doc.keptAt !== 'number') return null;
    const change = doc.change ?? { on: [], off: [], changed: [], other: false };
    return {
      meta: {
        id,
        keptAt: doc.keptAt,
        bytes: Buffer.byteLength(doc.text, 'utf8'),
        hash: sha256(doc.text),
        reason: doc.reason === 'restore' ? 'restore' : 'save',
        change,
      },
      text: doc.text,
    };
  }

  /** The versions, newest first (unreadable files left out). */
  list(home: string, manifestFile: string): StoredVersion[] {
    return this.ids(home, manifestFile)
      .map((id) => this.read(home, manifestFile, id))
      .filter((v): v is StoredVersion => v !== null);
  }

  /** The ids retention would remove now (oldest past both limits, or past the hard cap). */
  expired(home: string, manifestFile: string): string[] {
    const cutoff = this.now() - KEEP_DAYS * DAY_MS;
    return this.ids(home, manifestFile).filter(
      (id, index) => index >= HARD_CAP || (index >= KEEP_COUNT && Number(id.slice(0, 13)) < cutoff),
    );
  }

  /** Applies retention; returns the ids removed. A failed delete is left for the next save. */
  prune(home: string, manifestFile: string): string[] {
    const removed: string[] = [];
    for (const id of this.expired(home, manifestFile)) {
      const target = path.join(this.folderOf(home, manifestFile), `${id}.json`);
      try {
        const real = this.options.scope?.deletableIn(VERSIONS_FOLDER, target) ?? target;
        (this.options.unlink ?? fs.unlinkSync)(real);
        removed.push(id);
      } catch {
        // Kept a little longer; nothing is lost by that.
      }
    }
    return removed;
  }
}
