/**
 * What the main side tells the Manifest tab about one manifest file pair, and what a save
 * returns. Outcomes a person must choose from (a conflict, a refused draft, a disk that
 * will not take the file) are values of their own, not API errors (docs/design.md §Style: errors as values).
 */
import type { ManifestIssue } from '../manifest/issue';
import type { OverrideChange } from './override-change';

/** The override file as read from disk. */
export interface OverrideOnDisk {
  readonly text: string;
  /** SHA-256 of the bytes, hex: a save sends it back to prove what it was based on. */
  readonly hash: string;
  readonly mtimeMs: number;
  readonly bytes: number;
}

/** Base and override of one manifest file. */
export interface ManifestFilePair {
  readonly manifestFile: string;
  /** `$KITS/<file>` and its text (`null` when missing). */
  readonly basePath: string;
  readonly baseText: string | null;
  /** `$ECK/<file>`, whether or not it exists. */
  readonly overridePath: string;
  /** `null`: no override yet. */
  readonly override: OverrideOnDisk | null;
}

/** Why a write failed, in the words the UI uses. */
export type WriteFailureReason = 'read-only' | 'disk-full' | 'io-error';

/** The outcome of a save. */
export type SaveOverrideResult =
  | {
      readonly kind: 'saved';
      readonly path: string;
      readonly disk: OverrideOnDisk;
      /** The previous version, kept next to the file; `null` when there was none. */
      readonly backupPath: string | null;
      /** Warnings the validation found but that do not stop a save. */
      readonly warnings: readonly ManifestIssue[];
      /** What the save changed, for the words of the message. */
      readonly change: OverrideChange;
      /** The id of the version the replaced file was kept as; `null` when none was kept. */
      readonly keptVersion: string | null;
      /** Why the replaced file could not be kept as a version (the save happened anyway). */
      readonly versionError: string | null;
    }
  | {
      /** The file changed on disk since it was loaded: reload theirs, overwrite, or compare. */
      readonly kind: 'conflict';
      readonly path: string;
      /** What is on disk now (`null`: it was deleted). */
      readonly disk: OverrideOnDisk | null;
    }
  | {
      /** Validation refused the draft; nothing was written. */
      readonly kind: 'invalid';
      readonly path: string;
      readonly issues: readonly ManifestIssue[];
    }
  | {
      /** The disk refused the write; the old file is intact. */
      readonly kind: 'write-failed';
      readonly path: string;
      readonly reason: WriteFailureReason;
      readonly message: string;
    };

/** What evolcore does with a saved manifest (reference: "manifest 只加载一次并缓存"). */
export const KIT_CACHE_NOTE = {
  en: 'evolcore caches the manifest per process: a running agent sees this change only after its kit cache is invalidated (invalidateKitCache) or it restarts.',
  zh: 'evolcore 在每个进程内缓存 manifest：正在运行的 agent 要等其 kit 缓存失效（invalidateKitCache）或重启后才会用上这次修改。',
} as const;
