/**
 * The InspectorApi methods of Verify, spread into shared/api/methods.ts: whether the
 * open package root holds an installed evolcore (or evolclaw) engine, and the current scenario
 * rendered by it beside ours. The engine is the one found in the package root — a path to run
 * never comes through the API (`eck verify --engine` is the CLI's alone).
 */
import { z } from 'zod';
import { noInput } from '../no-input';
import { snapshotKey } from './history';
import type { ContextComparison } from '../../verify/compare-contexts';

/** Input schemas. */
export const verifyMethodInputs = {
  /** Looks for the engine (cheap: no process is started). */
  findInstalledEngine: noInput,
  /** Renders the current scenario with the installed engine, in its box, and compares. */
  verifyCurrentRender: noInput,
  /**
   * Replays snapshots of the home with both engines and counts the identical ones: the first
   * `count` of `keys` (the rows the History table shows), else the `count` newest.
   */
  verifyHistory: z.strictObject({
    count: z.number().int().min(1).max(200),
    keys: z.array(snapshotKey).max(200).optional(),
  }),
  /** Looks for the user's `claude` and reads its version. */
  findClaudeCode: noInput,
  /** Runs the user's Claude Code on the open Claude Code project and compares its memory. */
  verifyClaudeProject: noInput,
} as const;

/** Whether Claude Code Verify is available. */
export type ClaudeCodeLookup =
  | {
      readonly available: true;
      readonly file: string;
      readonly version: string | null;
      /** The version is the one the inspector models. */
      readonly modelled: boolean;
    }
  | { readonly available: false; readonly looked: readonly string[] };

/** What one Claude Code Verify found. */
export type ClaudeVerifyAnswer =
  | { readonly kind: 'no-claude'; readonly looked: readonly string[] }
  | { readonly kind: 'no-project' }
  | { readonly kind: 'claude-failed'; readonly version: string | null; readonly message: string }
  | {
      readonly kind: 'compared';
      readonly version: string | null;
      readonly modelled: boolean;
      readonly identical: boolean;
      readonly start: ContextComparison;
      /** `null` when over the answer's size cap. */
      readonly oursStart: string | null;
      /** `null` when over the answer's size cap. */
      readonly installedStart: string | null;
      readonly attachments: {
        readonly ours: number;
        readonly theirs: number;
        readonly firstDifferent: number | null;
      } | null;
      readonly managedElsewhere: string | null;
      readonly ms: number;
      readonly verifiedAt: number;
    };

/** The engine Verify would run, in the answer's words. */
export interface InstalledEngineInfo {
  /** Package name (`evolcore`, `evolclaw`, …). */
  readonly name: string;
  readonly version: string | null;
  /** The engine file relative to the package root (`dist/eck/kit-renderer.js`). */
  readonly file: string;
}

/** Whether Verify is available for the open workspace. */
export type InstalledEngineLookup =
  | { readonly available: true; readonly engine: InstalledEngineInfo }
  | { readonly available: false; readonly why: string; readonly looked: readonly string[] };

/** What one Verify found. */
export type VerifyAnswer =
  | { readonly kind: 'no-engine'; readonly why: string; readonly looked: readonly string[] }
  | {
      readonly kind: 'engine-failed';
      readonly engine: InstalledEngineInfo;
      readonly reason: 'timeout' | 'threw' | 'crashed';
      readonly message: string;
      /** The inspector also shows this render as failed (evolcore would throw): they agree. */
      readonly oursFailed: boolean;
      readonly ms: number;
      readonly verifiedAt: number;
    }
  | {
      readonly kind: 'compared';
      readonly engine: InstalledEngineInfo;
      readonly comparison: ContextComparison;
      /**
       * Our context as verified (the status bar tells the current render from an older one);
       * `null` when over the answer's size cap.
       */
      readonly oursContext: string | null;
      /** What the installed engine sends; `null` when over the answer's size cap. */
      readonly installedContext: string | null;
      readonly installedBytes: number;
      readonly ms: number;
      readonly verifiedAt: number;
    };

/** One snapshot's verdict in Verify over History. */
export type SnapshotVerifyVerdict =
  | { readonly key: string; readonly kind: 'identical' }
  | {
      readonly key: string;
      readonly kind: 'different';
      readonly firstLine: number;
      readonly sections: readonly string[];
    }
  | {
      readonly key: string;
      readonly kind: 'engine-failed';
      readonly message: string;
      readonly oursFailed: boolean;
    }
  | { readonly key: string; readonly kind: 'not-replayable'; readonly message: string };

/** What Verify over History found. */
export type HistoryVerifyAnswer =
  | { readonly kind: 'no-engine'; readonly why: string }
  | { readonly kind: 'engine-failed'; readonly message: string }
  | {
      readonly kind: 'verified';
      readonly engine: InstalledEngineInfo;
      readonly checked: number;
      readonly identical: number;
      readonly verdicts: readonly SnapshotVerifyVerdict[];
      readonly ms: number;
    };

/** Outputs. */
export interface VerifyMethodOutputs {
  findInstalledEngine: InstalledEngineLookup;
  verifyCurrentRender: VerifyAnswer;
  verifyHistory: HistoryVerifyAnswer;
  findClaudeCode: ClaudeCodeLookup;
  verifyClaudeProject: ClaudeVerifyAnswer;
}
