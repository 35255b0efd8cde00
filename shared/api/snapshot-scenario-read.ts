/**
 * The answer of `readSnapshotScenario`: the scenario read from a snapshot (shared/scenarios/
 * snapshot-scenario.ts) with what it recorded. It lives in the contract, not in scenarios/,
 * because it carries the answer-size marker of the API.
 */
import type { TooLarge } from './answer-caps';
import type { Scenario } from '../scenarios/scenario';

/** A snapshot read as a scenario, with what it recorded (API output of `readSnapshotScenario`). */
export interface SnapshotScenarioRead {
  readonly key: string;
  readonly scenario: Scenario;
  /** What `context-<key>.md` recorded; `null` when the snapshot has none. */
  readonly recordedContext: string | null;
  readonly recorded: { readonly packageRoot: string | null; readonly home: string | null };
  readonly rerooted: readonly string[];
  readonly warnings: readonly string[];
  /** The recorded context when it is over its cap (answer-caps.ts): `recordedContext` is then `null`. */
  readonly recordedTooLarge?: TooLarge;
}
