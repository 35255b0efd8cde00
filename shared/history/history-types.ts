/**
 * Data shapes of the history index over an eck-debug folder (issue 7). They cross the API to
 * the renderer's History tab, so they are plain readonly data.
 */
import type { DebugFileKind } from '../debug-files/names';

/** One file of a snapshot. */
export interface SnapshotFile {
  readonly name: string;
  /** Size on disk; `null` until stated (the first listing may skip stats to stay instant). */
  readonly bytes: number | null;
}

/** The table's columns of a snapshot, filled by the background pass from its vars and report. */
export interface SnapshotColumns {
  readonly sessionType: string | null;
  /**
   * Set when `sessionType` is a guess: evolcore's files do not record it, and the recorded
   * sections are those of this manifest file, which only that session type renders.
   */
  readonly sessionInferredFrom: string | null;
  readonly chatType: string | null;
  readonly channel: string | null;
  /** `peerName`, else `peerKey`, else `peerId`. */
  readonly peer: string | null;
  readonly peerKey: string | null;
  readonly manifestFile: string | null;
  /** Sections that put something into the context. */
  readonly sectionsLoaded: number | null;
  readonly sectionsTotal: number | null;
  /** Size of `context-<ts>.md` (what the agent got), else the report's own count. */
  readonly contextBytes: number | null;
  /** A folder cut by its limits, or any section over the total budget. */
  readonly truncated: boolean | null;
  /** The total budget (`totals.maxBytes`) the render ran with, as its manifest report records it. */
  readonly budgetBytes: number | null;
  /**
   * Exact epoch ms of the render when the vars file records it (evolclaw writes an ISO
   * `timestamp`); the name's time is only to the second and in an unknown zone.
   */
  readonly recordedAt: number | null;
}

/** Columns before anything was read. */
export const EMPTY_COLUMNS: SnapshotColumns = {
  sessionType: null,
  sessionInferredFrom: null,
  chatType: null,
  channel: null,
  peer: null,
  peerKey: null,
  manifestFile: null,
  sectionsLoaded: null,
  sectionsTotal: null,
  contextBytes: null,
  truncated: null,
  budgetBytes: null,
  recordedAt: null,
};

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
