/**
 * A section's hazards in plain words ("faithful, then flagged"): the diagnostics
 * of evolcore's surprising behaviour that the engine reproduces — a peer's text parsed as a
 * template, an object printed as `[object Object]`, a path leaving the home — worded in the
 * user's language from the facts each diagnostic carries. Pure: the translate function is passed in.
 */
import type { Diagnostic, DiagnosticCode, RenderReport } from '../../../../shared/engine';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { TimelineKey } from './messages';

/** The diagnostic codes a Timeline row shows as hazards, and the message key of each. */
const HAZARD_KEYS: Partial<Record<DiagnosticCode, TimelineKey>> = {
  'each-value-reparsed': 'hazard.each-value-reparsed',
  'object-rendered': 'hazard.object-rendered',
  'each-joined': 'hazard.each-joined',
  'path-escape': 'hazard.path-escape',
  'path-outside-root': 'hazard.path-outside-root',
  'relative-path': 'hazard.relative-path',
  'alias-without-boundary': 'hazard.alias-without-boundary',
  'override-without-id': 'hazard.override-without-id',
  'unclosed-block': 'hazard.unclosed-block',
  'when-not-condition': 'hazard.when-not-condition',
  'binary-file': 'hazard.binary-file',
  'invalid-utf8': 'hazard.invalid-utf8',
  'huge-file': 'hazard.huge-file',
};

/** A hazard as a row holds it: what it is, how serious, and the facts for its sentence. */
export interface RowHazard {
  readonly code: DiagnosticCode;
  readonly level: Diagnostic['level'];
  readonly params: Readonly<Record<string, string | number>>;
  /** The engine's own English sentence, for the tooltip and for copying. */
  readonly detail: string;
}

/** The hazards of every section, by section id (a finding is listed once per section). */
export function hazardsBySection(report: RenderReport): ReadonlyMap<string, readonly RowHazard[]> {
  const out = new Map<string, RowHazard[]>();
  for (const d of report.diagnostics) {
    if (d.section === undefined || HAZARD_KEYS[d.code] === undefined) continue;
    const list = out.get(d.section) ?? [];
    if (list.some((h) => h.detail === d.message)) continue;
    list.push({ code: d.code, level: d.level, params: d.params ?? {}, detail: d.message });
    out.set(d.section, list);
  }
  return out;
}

const clip = (v: string | number | undefined): string => {
  const s = String(v ?? '');
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

/** One hazard as a sentence. */
export function hazardText(t: PanelTranslate<TimelineKey>, h: RowHazard): string {
  const key = HAZARD_KEYS[h.code];
  if (key === undefined) return h.detail;
  const p = Object.fromEntries(Object.entries(h.params).map(([k, v]) => [k, clip(v)]));
  return t(key, p);
}

/** The banner when evolcore would not finish this render at all. */
export function failureText(
  t: PanelTranslate<TimelineKey>,
  failure: NonNullable<RenderReport['failure']>,
): string {
  const section = failure.section ?? '?';
  if (failure.code === 'when-missing') return t('failure.when-missing', { section });
  if (failure.code === 'when-crash') return t('failure.when-crash', { section });
  return t('failure.manifest-crash', { message: failure.message });
}
