/**
 * Data shapes of the history index over an eck-debug folder. They cross the API to
 * the renderer's History tab, so they are plain readonly data.
 */
import type { DebugFileKind } from '../debug-files/names';
import type { SnapshotColumns } from './history-columns';

/** One file of a snapshot. */
export interface SnapshotFile {
  readonly name: string;
  /** Size on disk; `null` until stated (the first listing may skip stats to stay instant). */
  readonly bytes: number | null;
}

/**
 * The table's columns of a snapshot, filled by the background pass from its vars and report:
 * one per stored descriptor of `history-columns.ts`, where each one's source is written.
 */
export type { SnapshotColumns } from './history-columns';
export { EMPTY_COLUMNS } from './history-columns';

/** One render's files, grouped by snapshot key. */
export interface SnapshotSummary {
  /** `YYYY-MM-DD-HH-MM-SS[-N]`. */
  readonly key: string;
  readonly timestamp: string;
  readonly suffix: number | null;
  /** Epoch ms of the timestamp read as local time. */
  readonly time: number;
  /** The files present, by kind (a snapshot may lack some of the four). */
  readonly files: Readonly<Partial<Record<DebugFileKind, SnapshotFile>>>;
  /** The kinds absent, in the reference's order. */
  readonly missing: readonly DebugFileKind[];
  readonly columns: SnapshotColumns;
  /** `pending` until the background pass has read its vars and report. */
  readonly parseState: 'pending' | 'done';
  /** What went wrong reading or parsing its files (`vars-…json: 3:5: malformed JSON`), or `null`. */
  readonly error: string | null;
}

/** A folder entry whose name does not fit the pattern: listed apart, never dropped. */
export interface ForeignEntry {
  readonly name: string;
  readonly kind: 'file' | 'directory' | 'symlink' | 'other';
  readonly bytes: number | null;
}

/** The index of one folder. */
export interface HistoryListing {
  readonly dir: string;
  /** Oldest first. */
  readonly snapshots: readonly SnapshotSummary[];
  readonly foreign: readonly ForeignEntry[];
  /** The folder could not be listed (missing, not a folder, no permission); the lists are empty. */
  readonly error: string | null;
}
