/**
 * Does a render reproduce a snapshot's recorded context? Used after "use these vars": the
 * answer is only meaningful for a render of exactly the loaded scenario.
 */
import type { Scenario } from '../../../../shared/api';
import { jsonEqual } from '../../../../shared/scenarios/compare';

/** The outcome of the check. */
export type ReplayCheck =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'no-record' }
  | { readonly kind: 'match' }
  | { readonly kind: 'differ'; readonly at: number };

/** Same vars, session type and manifest choice. */
export function sameScenario(a: Scenario, b: Scenario): boolean {
  return a.sessionType === b.sessionType && a.manifestFile === b.manifestFile && jsonEqual(a.vars, b.vars);
}

/** Index of the first differing UTF-16 unit (the shorter length when one is a prefix). */
export function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return n;
}

/** Compares the render of `rendered` with what the snapshot of `loaded` recorded. */
export function checkReplay(
  loaded: Scenario,
  recordedContext: string | null,
  rendered: { readonly scenario: Scenario; readonly context: string } | null,
): ReplayCheck {
  if (recordedContext === null) return { kind: 'no-record' };
  if (rendered === null || !sameScenario(loaded, rendered.scenario)) return { kind: 'waiting' };
  if (rendered.context === recordedContext) return { kind: 'match' };
  return { kind: 'differ', at: firstDifference(rendered.context, recordedContext) };
}

/** `2026-11-30-17-04-49-2` → `2026-11-30 17:04:49 (2)`. */
export function snapshotLabel(key: string): string {
  const m = /^(\d{4}-\d\d-\d\d)-(\d\d)-(\d\d)-(\d\d)(?:-(\d+))?$/.exec(key);
  if (m === null) return key;
  return `${m[1]} ${m[2]}:${m[3]}:${m[4]}${m[5] === undefined ? '' : ` (${m[5]})`}`;
}
