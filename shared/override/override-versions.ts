/**
 * The kept versions of an override: every save keeps the file it replaces in the
 * app's settings folder, so a save (or a restore) can be taken back. These are the wire forms;
 * the store is electron/versions/.
 */
import type { SectionChange } from './draft-compare';
import type { OverrideChange } from './override-change';
import type { SaveOverrideResult } from './override-file';

/** A version's id: the time it was kept (ms, 13 digits) and 8 random hex digits. */
export const VERSION_ID = /^\d{13}-[0-9a-f]{8}$/;

/** Why a version was kept. */
export type VersionReason = 'save' | 'restore';

/** One kept version, as listed (no text). */
export interface OverrideVersion {
  readonly id: string;
  /** When it was kept: the moment the save replaced it (ms since the epoch). */
  readonly keptAt: number;
  /** UTF-8 bytes of its text. */
  readonly bytes: number;
  /** SHA-256 hex of its text. */
  readonly hash: string;
  readonly reason: VersionReason;
  /** What the save that replaced it changed (this version → the text written over it). */
  readonly change: OverrideChange;
  /** `true` when it is the text of the file on disk now (nothing to restore). */
  readonly current: boolean;
}

/** The versions of one manifest file's override, newest first. */
export interface OverrideVersionList {
  readonly manifestFile: string;
  /** The override the versions belong to. */
  readonly overridePath: string;
  readonly versions: readonly OverrideVersion[];
  /** Hash of the file on disk now (`null`: none), for a restore's conflict check. */
  readonly currentHash: string | null;
  /** What is kept: the newest `keepCount`, and every version younger than `keepDays`. */
  readonly keepCount: number;
  readonly keepDays: number;
}

/** One version with its text, the file now, and what restoring it would change. */
export interface OverrideVersionRead {
  readonly version: OverrideVersion;
  readonly text: string;
  /** The override on disk now (`null`: none). */
  readonly currentText: string | null;
  /** Restoring it, in the manifest's terms (current → version). */
  readonly change: OverrideChange;
  /** Sections whose status, bytes or order would change (current render → version's render). */
  readonly sections: readonly SectionChange[];
  readonly contextBytesNow: number;
  readonly contextBytesRestored: number;
}

/** What a restore did: the save's outcome (a restore is a save of the version's text). */
export type RestoreVersionResult = SaveOverrideResult;
