/**
 * The Verify slice, nested under `verify`: whether the open package root holds an
 * installed evolcore (looked up again on every workspace change), the running Verify, and its
 * last answer — which the Timeline shows in words and the status bar marks.
 */
import type { ApiError } from '../../../shared/api';
import type {
  ClaudeCodeLookup,
  ClaudeVerifyAnswer,
  HistoryVerifyAnswer,
  InstalledEngineLookup,
  VerifyAnswer,
} from '../../../shared/api/methods/verify';
import type { SliceCreator } from './app-state';

/** What the Timeline's Verify result shows below its words. */
export type VerifyView = 'summary' | 'diff' | 'installed';

/** State of Verify. */
export interface VerifyData {
  /** `null` until looked up (and while no ECK workspace is open). */
  readonly lookup: InstalledEngineLookup | null;
  readonly running: boolean;
  readonly answer: VerifyAnswer | null;
  readonly error: ApiError | null;
  readonly view: VerifyView;
  /** Verify over History: the last answer and whether one runs. */
  readonly historyRunning: boolean;
  readonly historyAnswer: HistoryVerifyAnswer | null;
  /** The user's Claude Code, for the CLAUDE.md view's Verify (`null` until looked up). */
  readonly claudeLookup: ClaudeCodeLookup | null;
  readonly claudeRunning: boolean;
  readonly claudeAnswer: ClaudeVerifyAnswer | null;
  readonly claudeError: ApiError | null;
}

/** Actions of Verify. */
export interface VerifyActions {
  /** Looks the engine up for the open workspace; forgets the answer of another one. */
  check(): Promise<void>;
  /** Verifies the current render. */
  run(): Promise<void>;
  setView(view: VerifyView): void;
  /** Hides the answer (the status-bar mark stays until the workspace changes). */
  dismiss(): void;
  /** Verifies the `count` newest snapshots of the home. */
  /** Verifies the first `count` of `keys` (the rows History shows), else the `count` newest. */
  runHistory(count: number, keys?: readonly string[]): Promise<void>;
  /** Looks for the user's `claude` (once per window is enough: it does not move). */
  checkClaude(): Promise<void>;
  /** Verifies the open Claude Code project with it. */
  runClaude(): Promise<void>;
}

export type Verify = VerifyData & VerifyActions;

export interface VerifySlice {
  readonly verify: Verify;
}

/** How the last answer relates to the render on screen. */
export type VerifyMark =
  | { readonly kind: 'none' }
  | { readonly kind: 'identical' | 'different' | 'failed'; readonly at: number; readonly current: boolean };

/**
 * The status bar's mark: what the last Verify found, and whether it was about the context shown
 * now (the same text) or an earlier one.
 */
export function verifyMark(answer: VerifyAnswer | null, context: string | null): VerifyMark {
  if (answer === null || answer.kind === 'no-engine') return { kind: 'none' };
  if (answer.kind === 'engine-failed') return { kind: 'failed', at: answer.verifiedAt, current: false };
  return {
    kind: answer.comparison.identical ? 'identical' : 'different',
    at: answer.verifiedAt,
    current: context !== null && context === answer.oursContext,
  };
}

export const createVerifySlice: SliceCreator<VerifySlice> = (api) => (setApp, getApp) => {
  const set = (patch: Partial<VerifyData>): void => setApp((s) => ({ verify: { ...s.verify, ...patch } }));
  return {
    verify: {
      lookup: null,
      running: false,
      answer: null,
      error: null,
      view: 'summary',
      historyRunning: false,
      historyAnswer: null,
      async runHistory(count, keys) {
        if (getApp().verify.historyRunning || getApp().verify.running) return;
        set({ historyRunning: true, error: null });
        const r = await api.verifyHistory({ count, ...(keys === undefined ? {} : { keys: [...keys] }) });
        set(
          r.ok
            ? { historyRunning: false, historyAnswer: r.value }
            : { historyRunning: false, error: r.error },
        );
      },
      claudeLookup: null,
      claudeRunning: false,
      claudeAnswer: null,
      claudeError: null,
      async checkClaude() {
        const r = await api.findClaudeCode();
        set({ claudeLookup: r.ok ? r.value : null });
      },
      async runClaude() {
        if (getApp().verify.claudeRunning) return;
        set({ claudeRunning: true, claudeError: null });
        const r = await api.verifyClaudeProject();
        set(
          r.ok
            ? { claudeRunning: false, claudeAnswer: r.value }
            : { claudeRunning: false, claudeError: r.error },
        );
      },
      async check() {
        const r = await api.findInstalledEngine();
        set({
          lookup: r.ok ? r.value : null,
          answer: null,
          historyAnswer: null,
          error: null,
          view: 'summary',
        });
      },
      async run() {
        if (getApp().verify.running) return;
        set({ running: true, error: null });
        const r = await api.verifyCurrentRender();
        set(r.ok ? { running: false, answer: r.value, view: 'summary' } : { running: false, error: r.error });
      },
      setView(view) {
        set({ view });
      },
      dismiss() {
        set({ view: 'summary', error: null });
      },
    },
  };
};
