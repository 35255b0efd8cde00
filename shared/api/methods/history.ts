/**
 * The InspectorApi methods of the History tab, spread into shared/api/methods.ts.
 */
import { z } from 'zod';
import { noInput } from '../no-input';
import { manifestFileField, pathField } from '../../base/path-field';
import { MAX_OVERRIDE_TEXT } from './override';
import type { Scenario } from '../../scenarios/scenario';
import type {
  BundleDownload,
  CleanResultShape,
  HistoryDelta,
  HistoryIndexing,
  ReplayResult,
  SnapshotDetail,
  SnapshotDiff,
} from '../history-models';
import type { WireListing } from '../../history/listing-wire';
import type { WhatIfChange } from '../../history/what-if';

/** A snapshot's key, `YYYY-MM-DD-HH-MM-SS[-N]`. */
export const snapshotKey = z.string().regex(/^\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d(?:-\d+)?$/, 'a snapshot key');
const pathString = pathField;
const manifestFile = manifestFileField;
/** An unsaved override draft: its text, for the manifest file it belongs to. */
export const draftSchema = z.strictObject({
  manifestFile,
  overrideText: z.string().max(MAX_OVERRIDE_TEXT).nullable(),
});
const draft = draftSchema;

/** A draft as the renderer sends it (the schema's input). */
export type OverrideDraftInput = Readonly<z.input<typeof draftSchema>>;
/** A draft as a handler receives it, checked (the schema's output). */
export type OverrideDraft = Readonly<z.output<typeof draftSchema>>;

/** Most snapshots one what-if call renders. */
export const MAX_WHAT_IF = 5000;

/** Input schemas. */
export const historyMethodInputs = {
  /** The listing of the open history folder (the home's eck-debug unless another was opened). */
  getHistory: noInput,
  /**
   * Stops (`run: false`) or resumes (`run: true`) the background pass that reads each snapshot's
   * columns; without `run` it only reports whether it is stopped.
   */
  historyIndexing: z.strictObject({ run: z.boolean().optional() }),
  /** Opens another folder of snapshots; `null` goes back to the home's. */
  openHistoryFolder: z.strictObject({ dir: pathString.nullable() }),
  /** One snapshot: its four files raw and parsed. */
  getSnapshot: z.strictObject({ key: snapshotKey }),
  /**
   * Free text over the context files (main side, cached); `keys` limits the search. With
   * `budgetMs` one call reads for about that long and says where to go on (`next`, as `from`).
   */
  searchSnapshots: z.strictObject({
    query: z.string().min(1).max(500),
    keys: z.array(snapshotKey).max(200_000).optional(),
    from: z.number().int().min(0).max(100_000_000).optional(),
    budgetMs: z.number().int().min(10).max(10_000).optional(),
  }),
  diffSnapshots: z.strictObject({ a: snapshotKey, b: snapshotKey }),
  /** Renders a snapshot's vars (re-rooted) now, optionally with the draft, and compares. */
  replaySnapshot: z.strictObject({ key: snapshotKey, draft: draft.optional() }),
  whatIf: z.strictObject({ keys: z.array(snapshotKey).max(MAX_WHAT_IF), draft }),
  /** The snapshot as a scenario of the open workspace (re-rooted), for "use these vars". */
  snapshotAsScenario: z.strictObject({ key: snapshotKey }),
  /** Writes a bundle into the settings folder's `bundles/` (default `snapshot-<key>.json`). */
  exportBundle: z.strictObject({
    key: snapshotKey,
    targetPath: pathString.optional(),
    /**
     * Let the user say where: the desktop app asks with a save dialog (the only target outside
     * `bundles/`); `serve` writes no file and offers the bundle for the page to download.
     */
    saveAs: z.boolean().optional(),
  }),
  /**
   * Stops the export that is running: it ends with `cancelled` at its next step and writes
   * nothing. Answers whether one was running.
   */
  cancelExport: noInput,
  /** Opens a bundle file and re-renders it from its own tree. */
  openBundle: z.strictObject({ path: pathString }),
  /**
   * Counts (and with `confirm` deletes) snapshots whose files are older than `hours`; `cutoff`,
   * the preview's limit, keeps a confirm to what the preview showed (never later than `hours`).
   */
  cleanOldSnapshots: z.strictObject({
    hours: z.number().positive().max(1_000_000),
    confirm: z.boolean(),
    cutoff: z.number().finite().optional(),
  }),
} as const;

/** Outputs. */
export interface HistoryMethodOutputs {
  /** Columns, not one object per snapshot (see listing-wire.ts); `decodeListing` reads it. */
  getHistory: WireListing;
  openHistoryFolder: WireListing;
  historyIndexing: HistoryIndexing;
  getSnapshot: SnapshotDetail;
  searchSnapshots: {
    /** Matches among the candidates this call read. */
    readonly keys: readonly string[];
    readonly searched: number;
    readonly unreadable: number;
    /** The `from` of the next call; `null` once every candidate is read. */
    readonly next: number | null;
    /** Candidates of the whole search. */
    readonly total: number;
  };
  diffSnapshots: SnapshotDiff;
  replaySnapshot: ReplayResult;
  whatIf: { readonly rendered: number; readonly changes: readonly WhatIfChange[]; readonly failed: number };
  snapshotAsScenario: {
    readonly scenario: Scenario;
    readonly rerooted: readonly string[];
    readonly warnings: readonly string[];
  };
  /** `path` of the file written, or `download` of the bundle the page is to fetch (the other `null`). */
  exportBundle: {
    readonly path: string | null;
    readonly download: BundleDownload | null;
    readonly bytes: number;
    readonly files: number;
  };
  cancelExport: { readonly cancelled: boolean };
  openBundle: ReplayResult;
  cleanOldSnapshots: CleanResultShape;
}

export type { HistoryDelta };
