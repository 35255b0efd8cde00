/**
 * The InspectorApi methods of the archive of renders, spread into
 * shared/api/methods.ts: what the open home's archive holds, one archived snapshot's files, and
 * the user's archive settings (on/off, how many days are kept).
 */
import { z } from 'zod';
import { noInput } from '../no-input';
import type { SnapshotFileText } from '../history-models';
import type { DebugFileKind } from '../../debug-files/names';

const snapshotKey = z.string().regex(/^\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d(?:-\d+)?$/, 'a snapshot key');

/** Longest retention that can be set (days); `null` keeps every snapshot. */
export const MAX_ARCHIVE_KEEP_DAYS = 36_500;

/** The settings file's schema too (electron/archive/archive-settings.ts): one definition. */
export const archiveSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  keepDays: z.number().int().min(1).max(MAX_ARCHIVE_KEEP_DAYS).nullable(),
});

/** The user's archive settings. */
export type ArchiveSettingsShape = z.infer<typeof archiveSettingsSchema>;

/** Input schemas. */
export const archiveMethodInputs = {
  /** The open home's archive: every snapshot it holds, as columns (oldest first). */
  listArchive: noInput,
  /** One archived snapshot's files (capped as getSnapshot's are). */
  getArchivedSnapshot: z.strictObject({ key: snapshotKey }),
  getArchiveSettings: noInput,
  setArchiveSettings: archiveSettingsSchema,
} as const;

/** The archive of the open home, in columns: row i is `keys[i]`, `times[i]`… */
export interface ArchiveListing {
  /** The archive folder (in the app's settings folder). */
  readonly dir: string;
  /** `false` until the first snapshot is archived. */
  readonly exists: boolean;
  readonly keys: readonly string[];
  /** Epoch ms of each snapshot (from its key, UTC). */
  readonly times: readonly number[];
  /** When each was archived (epoch ms). */
  readonly archivedAt: readonly number[];
  /** The files each has: bit 1 vars, 2 context, 4 fragments, 8 manifest. */
  readonly kinds: readonly number[];
  /** Bytes of the files as they were, and what the archive takes on disk. */
  readonly rawBytes: number;
  readonly storedBytes: number;
}

/** One archived snapshot. */
export interface ArchivedSnapshotFiles {
  readonly key: string;
  readonly time: number;
  readonly archivedAt: number;
  readonly files: Readonly<Record<DebugFileKind, SnapshotFileText>>;
}

/** Outputs. */
export interface ArchiveMethodOutputs {
  listArchive: ArchiveListing;
  getArchivedSnapshot: ArchivedSnapshotFiles;
  getArchiveSettings: ArchiveSettingsShape;
  setArchiveSettings: ArchiveSettingsShape;
}
