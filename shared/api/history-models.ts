/**
 * Data the History methods return and push: plain readonly shapes.
 */
import type { ForeignEntry, SnapshotSummary } from '../history/history-types';
import type { CleanEnd } from '../history/clean-preview';
import type { DebugFileKind } from '../debug-files/names';
import type { ParsedManifestReport } from '../debug-files/parse-manifest-report';
import type { ParsedVarsFile } from '../debug-files/parse-vars';
import type { Scenario } from '../scenarios/scenario';
import type { RenderDiff } from '../history/render-diff';
import type { WireRows } from '../history/listing-wire';
import type { TooLarge } from './answer-caps';

/**
 * One file of a snapshot as read: raw text (always shown) or why it could not be read. A file
 * over its cap (answer-caps.ts) is not read: `tooLarge` says how large, `error` says it in words.
 */
export type SnapshotFileText =
  | { readonly ok: true; readonly name: string; readonly text: string; readonly bytes: number }
  | {
      readonly ok: false;
      readonly name: string | null;
      readonly error: string;
      readonly tooLarge?: TooLarge;
    };

/** One snapshot with its four files, raw and parsed. */
export interface SnapshotDetail {
  readonly summary: SnapshotSummary;
  readonly files: Readonly<Record<DebugFileKind, SnapshotFileText>>;
  readonly vars: ParsedVarsFile | null;
  readonly report: ParsedManifestReport | null;
  /** Parse failures and warnings, by file. */
  readonly problems: readonly string[];
}

/** Two snapshots compared. */
export interface SnapshotDiff {
  readonly a: string;
  readonly b: string;
  readonly diff: RenderDiff;
  readonly contextA: string | null;
  readonly contextB: string | null;
  /**
   * A side whose context is over its cap: its text is `null`, and the contexts are not diffed
   * (`diff.contextEqual` is `null`); the UI says which is too large instead.
   */
  readonly tooLarge: { readonly a: TooLarge | null; readonly b: TooLarge | null };
}

/** A snapshot (or bundle) rendered again and compared with what it recorded. */
export interface ReplayResult {
  readonly key: string;
  readonly scenario: Scenario;
  /** Path vars mapped onto the workspace. */
  readonly rerooted: readonly string[];
  readonly usedDraft: boolean;
  readonly diff: RenderDiff;
  readonly recordedContext: string | null;
  readonly replayedContext: string;
  readonly warnings: readonly string[];
  /**
   * A context over its cap (answer-caps.ts): its text is `''` / `null` here and the contexts
   * were not diffed. Absent when both fit.
   */
  readonly tooLarge?: { readonly recorded: TooLarge | null; readonly replayed: TooLarge | null };
}

/**
 * A bundle waiting for the page to download it (serve mode): the page fetches
 * `HTTP_API_PREFIX + 'download/' + id` with the session token, once, soon.
 */
export interface BundleDownload {
  readonly id: string;
  /** The file name the server gives it (`snapshot-<key>.json`). */
  readonly name: string;
  readonly bytes: number;
}

/** What a clean found (and did when confirmed). */
export interface CleanResultShape {
  readonly count: number;
  readonly files: number;
  /** What the preview shows before anything goes: always judged by the files' modification times. */
  readonly basis: 'mtime';
  readonly bytes: number;
  readonly oldest: CleanEnd | null;
  readonly newest: CleanEnd | null;
  /** The limit used (epoch ms); Confirm passes it back, so it deletes what the preview showed. */
  readonly cutoff: number;
  readonly deleted: boolean;
  readonly failed: readonly { readonly name: string; readonly error: string }[];
}

/** The background pass that reads each snapshot's columns: stopped by the user or not. */
export interface HistoryIndexing {
  /** Stopped by the user; it stays stopped until resumed or another folder is opened. */
  readonly stopped: boolean;
  /** Snapshots whose columns are not read yet. */
  readonly pending: number;
}

/** Pushed as `onDidChangeHistory`: rows added, changed or removed; `reset` means list again. */
export interface HistoryDelta {
  readonly dir: string;
  /** As columns (see listing-wire.ts): a background pass pushes thousands; `decodeRows` reads them. */
  readonly upserts: WireRows;
  readonly removed: readonly string[];
  /** The foreign list when it changed, else `null`. */
  readonly foreign: readonly ForeignEntry[] | null;
  readonly reset: boolean;
}
