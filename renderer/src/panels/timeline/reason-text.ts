/**
 * Words for a section's explanation (shared/explain): the condition with its values and the
 * reason of the status, in the user's language. Pure: the translate function is passed in.
 */
import type {
  ConditionExplanation,
  ConditionFix,
  SectionExplanation,
  StatusReason,
  TokenNeed,
  VarChange,
} from '../../../../shared/explain';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { formatValue } from '../../format/values';
import type { TimelineKey } from './messages';

type T = PanelTranslate<TimelineKey>;

/** At most this many suggested values are named in a fix. */
const MAX_SUGGESTIONS = 4;

/** A value as JSON, or "(not set)". */
export function valueText(t: T, value: unknown): string {
  return formatValue(value) ?? t('value.absent');
}

function list(t: T, values: readonly unknown[]): string {
  return `[${values.map((v) => valueText(t, v)).join(', ')}]`;
}

/** The expression of a condition in math notation: `chatType ≠ null`, `peerRole ∈ ["owner"]`. */
export function expressionText(t: T, cond: ConditionExplanation): string {
  switch (cond.op) {
    case 'always':
      return 'always';
    case 'eq':
      return `${cond.var.name} = ${valueText(t, cond.expected)}`;
    case 'neq':
      return `${cond.var.name} ≠ ${valueText(t, cond.expected)}`;
    case 'in':
      return `${cond.var.name} ∈ ${list(t, cond.values)}`;
    case 'nin':
      return `${cond.var.name} ∉ ${list(t, cond.values)}`;
    case 'any':
      return t('cond.anyExpr', { names: cond.vars.map((v) => v.name).join(', ') });
    case 'all':
      return t('cond.allExpr', { names: cond.vars.map((v) => v.name).join(', ') });
    case 'true':
      return 'true';
    case 'and':
    case 'or':
      // Clause by clause; a clause evolcore never reached (an earlier one decided) shows as "…".
      return cond.clauses
        .map((c) =>
          c === null
            ? '…'
            : c.op === 'and' || c.op === 'or'
              ? `(${expressionText(t, c)})`
              : expressionText(t, c),
        )
        .join(cond.op === 'and' ? ' ∧ ' : ' ∨ ');
  }
}

/** Every var reading of a condition, through `and` / `or`. */
function readingsOf(cond: ConditionExplanation): { name: string; value: unknown }[] {
  switch (cond.op) {
    case 'always':
    case 'true':
      return [];
    case 'any':
    case 'all':
      return [...cond.vars];
    case 'and':
    case 'or':
      return cond.clauses.flatMap((c) => (c === null ? [] : readingsOf(c)));
    default:
      return [cond.var];
  }
}

/** `chatType = null, so chatType ≠ null is false`; for and / or, the heading of its clause list. */
export function conditionText(t: T, cond: ConditionExplanation): string {
  if (cond.op === 'always' || cond.op === 'true') return t('cond.always');
  if (cond.op === 'and' || cond.op === 'or') return compoundHead(t, cond);
  const seen = new Set<string>();
  const vars = readingsOf(cond).filter((v) => !seen.has(v.name) && (seen.add(v.name), true));
  const readings = vars.map((v) => t('cond.reading', { name: v.name, value: valueText(t, v.value) }));
  return t('cond.so', {
    readings: readings.join(t('list.sep')),
    expression: expressionText(t, cond),
    result: t(cond.result ? 'cond.true' : 'cond.false'),
  });
}

type Compound = Extract<ConditionExplanation, { op: 'and' | 'or' }>;

function compoundHead(t: T, cond: Compound): string {
  return t(cond.op === 'and' ? 'cond.andHead' : 'cond.orHead', {
    n: cond.clauses.length,
    result: t(cond.result ? 'cond.true' : 'cond.false'),
  });
}

/** One clause of an `and` / `or`, as the Timeline lists it under the condition's heading. */
export interface ClauseLine {
  /** 0 for the clauses of the outer and / or, 1 inside a nested one, … */
  readonly depth: number;
  /** `skipped`: evolcore never evaluated it (an earlier clause decided). */
  readonly mark: 'true' | 'false' | 'skipped';
  readonly text: string;
}

/** The clauses of an and / or, depth first, each with its values and outcome. */
export function clauseLines(t: T, cond: ConditionExplanation | null, depth = 0): ClauseLine[] {
  if (cond === null || (cond.op !== 'and' && cond.op !== 'or')) return [];
  return cond.clauses.flatMap((c, i): ClauseLine[] => {
    const reached = cond.reached[i] ?? true;
    if (c === null) return [{ depth, mark: 'skipped', text: t('cond.notReached') }];
    const own = conditionText(t, c);
    const text = reached ? own : t('cond.notReachedWould', { text: own });
    const mark = reached ? (c.result ? 'true' : 'false') : 'skipped';
    return [{ depth, mark, text }, ...clauseLines(t, c, depth + 1)];
  });
}

function withSuggestions(t: T, change: string, suggestions: readonly unknown[]): string {
  if (suggestions.length === 0) return change;
  const shown = suggestions.slice(0, MAX_SUGGESTIONS).map((v) => valueText(t, v));
  return t('fix.eg', { change, values: shown.join(t('list.or')) });
}

/** One change of a fix: `set peerRole to one of ["owner", "admin"]`. */
export function changeText(t: T, c: VarChange): string {
  switch (c.kind) {
    case 'set':
      return t('fix.set', { name: c.var, value: valueText(t, c.value) });
    case 'unset':
      return t('fix.unset', { name: c.var });
    case 'set-any':
      return withSuggestions(t, t('fix.setAny', { name: c.var }), c.suggestions);
    case 'set-one-of':
      return t('fix.setOneOf', { name: c.var, values: list(t, c.values) });
    case 'set-other':
      return withSuggestions(t, t('fix.setOther', { name: c.var, values: list(t, c.not) }), c.suggestions);
    case 'make-truthy':
      return withSuggestions(t, t('fix.makeTruthy', { name: c.var }), c.suggestions);
  }
}

/** The fix of a false condition: `To load it: set chatType to any value (e.g. "private" or "group").` */
export function fixText(t: T, fix: ConditionFix): string {
  if (fix.impossible) return t('fix.impossible');
  const parts = fix.changes.map((c) => changeText(t, c));
  return fix.mode === 'one-of'
    ? t('fix.leadOneOf', { changes: parts.join(t('list.sep')) })
    : t('fix.lead', { changes: parts.join(t('list.and')) });
}

function tokenText(t: T, need: TokenNeed): string {
  const head =
    need.present && need.value !== undefined
      ? t('unresolved.falsy', { token: need.token, value: valueText(t, need.value) })
      : t('unresolved.absent', { token: need.token });
  const chain = need.chain.length > 1 ? ` ${t('unresolved.chain', { chain: need.chain.join(' ← ') })}` : '';
  const unknown = need.known ? '' : ` — ${t('unresolved.unknown', { name: need.var })}`;
  return `${head}${chain}: ${t('unresolved.set', { vars: need.needs.join(t('list.sep')) })}${unknown}`;
}

/** Sentences of a status reason (without the condition line). */
export function statusReasonText(t: T, reason: StatusReason): string[] {
  switch (reason.status) {
    case 'ok':
      // The badge says "loaded"; the condition line and the folder bars say the rest.
      return [];
    case 'disabled':
      return [
        t(
          reason.by === 'override'
            ? 'disabled.override'
            : reason.by === 'base'
              ? 'disabled.base'
              : 'disabled.unknown',
        ),
      ];
    case 'when-false':
      return reason.fix === null ? [] : [fixText(t, reason.fix)];
    case 'unresolved-vars':
      return [
        t('unresolved.lead', { path: reason.rawPath ?? '' }),
        ...reason.tokens.map((need) => tokenText(t, need)),
      ];
    case 'not-exist': {
      const lines = [
        `${t('notExist.lead', { path: reason.path ?? '' })}${reason.rawPath !== null ? ` ${t('notExist.from', { raw: reason.rawPath })}` : ''}`,
      ];
      if (reason.readError !== null) lines.push(t('notExist.readError', { message: reason.readError }));
      return lines;
    }
    case 'over-total': {
      const o = reason.overTotal;
      if (o === null) return [t('over.unknown')];
      if (o.afterCut) return [t('over.afterCut', { first: o.firstCut ?? '?' })];
      const lines: string[] = [];
      if (o.limit !== 'files') {
        lines.push(
          t('over.bytes', {
            before: o.bytesBefore,
            own: o.bytes,
            sum: o.bytesBefore + o.bytes,
            max: o.maxBytes,
            over: o.bytesOver,
          }),
        );
      }
      if (o.limit !== 'bytes') {
        lines.push(
          t('over.files', {
            before: o.filesBefore,
            own: o.files,
            sum: o.filesBefore + o.files,
            max: o.maxFiles,
            over: o.filesOver,
          }),
        );
      }
      if (o.firstCut !== null) lines.push(t('over.alsoAfter', { first: o.firstCut }));
      return lines;
    }
    case 'invalid':
      return [t('invalid.lead', { reason: reason.reason })];
  }
}

/** What the Timeline's "why" column shows: the status reason first, then the condition. */
export interface ReasonText {
  /** The main sentences (the status reason, the fix). */
  readonly lines: readonly string[];
  /** The condition with its values, or null when there is none to show. */
  readonly condition: string | null;
  /**
   * The clauses of an and / or condition, listed under it: after `condition`, or, when the
   * condition is the reason (`when-false`, `condition` null), after the first line.
   */
  readonly clauses: readonly ClauseLine[];
}

/** The "why" of a row. For `when-false` the condition comes first: it *is* the reason. */
export function reasonText(t: T, e: SectionExplanation): ReasonText {
  const cond = e.condition === null ? null : conditionText(t, e.condition);
  const withOrigin =
    cond !== null && e.conditionOrigin === 'override' && e.condition?.op !== 'always'
      ? `${cond} ${t('cond.fromOverride')}`
      : cond;
  const lines = statusReasonText(t, e.reason);
  const clauses = clauseLines(t, e.condition);
  if (e.status === 'when-false' && withOrigin !== null)
    return { lines: [withOrigin, ...lines], condition: null, clauses };
  return { lines, condition: withOrigin, clauses };
}
