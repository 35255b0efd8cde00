/**
 * Structured explanations of the engine's decisions about a section: the data behind the
 * Timeline's "why" column. No text here: the UI words each shape in the user's language, so
 * every value a sentence needs travels as data ("the reason in plain words").
 */
import type { FieldOrigin, SectionOrigin, SectionStatus } from '../engine';

/** One var a condition reads, with its actual value. */
export interface VarReading {
  readonly name: string;
  /** The value (`undefined` when absent). */
  readonly value: unknown;
  readonly present: boolean;
  readonly truthy: boolean;
}

/** A `when` as a sentence: the operator, its operands, what each var holds, and the outcome. */
export type ConditionExplanation =
  | { readonly op: 'always'; readonly result: true }
  | {
      readonly op: 'eq' | 'neq';
      readonly var: VarReading;
      readonly expected: unknown;
      readonly result: boolean;
    }
  | {
      readonly op: 'in' | 'nin';
      readonly var: VarReading;
      readonly values: readonly unknown[];
      readonly result: boolean;
    }
  | { readonly op: 'any' | 'all'; readonly vars: readonly VarReading[]; readonly result: boolean }
  /**
   * `and` / `or`, clause by clause. A clause evolcore never evaluated (an earlier one decided)
   * has `reached[i] === false`: it is explained with the render's vars when they are known
   * (what it would be once reached, which the counterfactual needs), else it is `null`.
   */
  | {
      readonly op: 'and' | 'or';
      readonly clauses: readonly (ConditionExplanation | null)[];
      /** Per clause: whether evolcore evaluated it (`and` / `or` stop at the first that decides). */
      readonly reached: readonly boolean[];
      readonly result: boolean;
    }
  /** Something evolcore reads as true although it is no condition (`{}`, a string other than "always"). */
  | { readonly op: 'true'; readonly result: true };

/** One change of one var that, with the others of its fix, makes a condition true. */
export type VarChange =
  /** Set the var to exactly this value. */
  | { readonly kind: 'set'; readonly var: string; readonly value: unknown }
  /** Remove the var (or set it to `null`). */
  | { readonly kind: 'unset'; readonly var: string }
  /** Give the var any value but `null`; `suggestions` are its known values (may be empty). */
  | { readonly kind: 'set-any'; readonly var: string; readonly suggestions: readonly unknown[] }
  /** Set the var to one of these values. */
  | { readonly kind: 'set-one-of'; readonly var: string; readonly values: readonly unknown[] }
  /** Set the var to a value not in `not`; `suggestions` are known values outside it. */
  | {
      readonly kind: 'set-other';
      readonly var: string;
      readonly not: readonly unknown[];
      readonly suggestions: readonly unknown[];
    }
  /** Give the var a truthy value; `suggestions` come from its type and known values. */
  | { readonly kind: 'make-truthy'; readonly var: string; readonly suggestions: readonly unknown[] };

/**
 * The smallest change of vars that makes a failed condition true. `all`: every change is
 * needed; `one-of`: any single change is enough (`{any: [...]}`). Only vars that must change
 * are listed. `impossible` when no change can help (`{any: []}`).
 */
export interface ConditionFix {
  readonly mode: 'all' | 'one-of';
  readonly changes: readonly VarChange[];
  readonly impossible: boolean;
}

/** What an unresolved path token needs. */
export interface TokenNeed {
  /** The token as written: `$PERSONAL_DIR`, `{{peerKey}}`. */
  readonly token: string;
  /** The var the token reads: `PERSONAL_DIR`, `peerKey`. */
  readonly var: string;
  readonly form: 'dollar' | 'brace';
  /** The value the var had when it was present but not truthy (`0`, `""`, `false`, `null`). */
  readonly value: unknown;
  readonly present: boolean;
  /**
   * The vars to set so the token resolves, following the catalog's derivations
   * (`$PERSONAL_DIR` → `selfAid`, since PERSONAL_DIR ← AGENT_DIR ← selfAid).
   */
  readonly needs: readonly string[];
  /** The derivation chain from the token's var down to the needed vars, when it is derived. */
  readonly chain: readonly string[];
  /** `false` when the catalog does not know the var (a typo is likely). */
  readonly known: boolean;
}

/** Which limit of the total budget stopped a section, and by how much. */
export interface OverTotalExplanation {
  readonly limit: 'files' | 'bytes' | 'both';
  readonly filesBefore: number;
  readonly bytesBefore: number;
  readonly files: number;
  readonly bytes: number;
  readonly maxFiles: number;
  readonly maxBytes: number;
  /** `bytesBefore + bytes − maxBytes` (positive when the bytes limit is what failed). */
  readonly bytesOver: number;
  readonly filesOver: number;
  /** `true` when the section would fit but an earlier one already tripped the gate. */
  readonly afterCut: boolean;
  /** The first section the gate stopped (the one that tripped it), when another. */
  readonly firstCut: string | null;
}

/** The reason of a section's status, one shape per status. */
export type StatusReason =
  | { readonly status: 'ok'; readonly files: number; readonly bytes: number; readonly truncated: boolean }
  | {
      readonly status: 'disabled';
      /** Where `enabled: false` came from. */
      readonly by: FieldOrigin | null;
      readonly sectionOrigin: SectionOrigin;
    }
  | {
      readonly status: 'when-false';
      readonly condition: ConditionExplanation | null;
      readonly fix: ConditionFix | null;
    }
  | {
      readonly status: 'unresolved-vars';
      readonly rawPath: string | null;
      readonly tokens: readonly TokenNeed[];
    }
  | {
      readonly status: 'not-exist';
      readonly path: string | null;
      readonly rawPath: string | null;
      readonly displayPath: string | null;
      readonly readError: string | null;
    }
  | { readonly status: 'over-total'; readonly overTotal: OverTotalExplanation | null }
  | { readonly status: 'invalid'; readonly reason: string };

/** Everything the Timeline says about one section. */
export interface SectionExplanation {
  readonly id: string;
  readonly status: SectionStatus;
  /** The `when` with its values; null for invalid or unevaluated conditions. */
  readonly condition: ConditionExplanation | null;
  /** Where the section's `when` came from (an override may have replaced it). */
  readonly conditionOrigin: FieldOrigin | null;
  readonly reason: StatusReason;
}
