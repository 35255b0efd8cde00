/**
 * Judges one render of both engines: the context text exactly (after mapping the product's names
 * only), whether the real render threw, and — where the real driver's walk agrees with its render
 * — the totals and each section's status.
 */
import type { RenderReport } from '../../shared/engine/index';
import type { RealAnswer } from './real-engine';

/** evolclaw's names in the real text become evolcore's (docs/engine.md §0, point 2); nothing else changes. */
export function mapRealNames(text: string): string {
  return text
    .replaceAll('EvolClaw Context Kit', 'EvolCore Context Kit')
    .replaceAll('$EVOLCLAW_HOME', '$EVOLCORE_HOME');
}

/** The first line where two texts differ (1-based), with both lines; null when equal. */
export function firstDifference(
  real: string,
  ours: string,
): { line: number; column: number; real: string; ours: string } | null {
  if (real === ours) return null;
  const a = real.split('\n');
  const b = ours.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x !== y) {
      let c = 0;
      if (x !== undefined && y !== undefined) while (c < x.length && x[c] === y[c]) c++;
      return { line: i + 1, column: c + 1, real: x ?? '<end of text>', ours: y ?? '<end of text>' };
    }
  }
  return null;
}

const withoutEmptyLines = (s: string): string =>
  s
    .split('\n')
    .filter((l) => l !== '')
    .join('\n');

/** A short name for the kind of a text difference, so failures group by what went wrong. */
export function differenceKind(real: string, ours: string, first: { real: string; ours: string }): string {
  if (real === '' || ours === '')
    return real === '' ? 'text: real empty, ours not' : 'text: ours empty, real not';
  if (withoutEmptyLines(real) === withoutEmptyLines(ours)) return 'text: empty lines only';
  const lines = [first.real, first.ours];
  const starts = (p: string): boolean => lines.some((l) => l.startsWith(p));
  if (starts('[注意] 上下文清单总量超限')) return 'text: total-gate note';
  if (starts('[注意] 目录 ')) return 'text: folder note';
  if (starts('Contenu de ')) {
    const shown = (l: string): string => l.replace(/ \(.*$/, '');
    return shown(first.real) === shown(first.ours)
      ? 'text: block label'
      : 'text: block header (display path or order)';
  }
  if (lines.includes('<end of text>')) return 'text: one side has more lines';
  if (first.real.includes('[object Object]') || first.ours.includes('[object Object]'))
    return 'text: object value';
  return 'text: content line';
}

/** Per-render totals as both engines count them. */
export interface Totals {
  readonly files: number;
  readonly bytes: number;
  readonly overTotal: readonly string[];
}

export interface Verdict {
  readonly identical: boolean;
  /** What happened: `identical`, `identical (both fatal …)`, or the kind of the first difference. */
  readonly group: string;
  readonly first?: { line: number; column: number; real: string; ours: string };
  /** The first difference once empty lines are dropped on both sides (when that is not equal). */
  readonly firstNonEmpty?: { line: number; column: number; real: string; ours: string };
  readonly detail?: string;
  readonly totals?: { readonly real: Totals; readonly ours: Totals };
  /** Whether the real walk's records could be used for totals and statuses. */
  readonly walkChecked: boolean;
  /** First section whose status differs (only when the walk agrees and the lists line up). */
  readonly status?: { readonly agree: boolean; readonly detail?: string };
  readonly manifest?: { readonly real: string; readonly ours: string };
}

/**
 * A real section id as text. The real engine joins ids into its notes with `Array.join`, which
 * writes a missing (undefined, here null after JSON) id as nothing.
 */
const realId = (id: unknown): string => (id === null || id === undefined ? '' : String(id));

function compareStatuses(walk: NonNullable<RealAnswer['walk']>, report: RenderReport): Verdict['status'] {
  const real = walk.statuses ?? [];
  const ours = report.sections;
  if (real.length !== ours.length)
    return { agree: false, detail: `real has ${real.length} sections, ours ${ours.length}` };
  for (let i = 0; i < real.length; i++) {
    const r = real[i]!;
    const o = ours[i]!;
    if (realId(r.id) !== o.id || r.status !== o.status)
      return { agree: false, detail: `#${i + 1} real ${realId(r.id)}:${r.status}, ours ${o.id}:${o.status}` };
  }
  return { agree: true };
}

/** Compares one render. `realManifest` is the file the real side rendered. */
export function judge(
  real: RealAnswer,
  ours: { report: RenderReport | null; threw: string | null },
  realManifest: string,
): Verdict {
  const v = judgeRender(real, ours, realManifest);
  // The two sides chose different manifest files (the real side reads only the agent's config;
  // evolcore 0.0.26 and the inspector also read relation and venue level, and honour an explicit
  // $AGENT_DIR): say that first, it explains the rest.
  const chosen = ours.report?.manifestFile;
  if (!v.identical && chosen !== undefined && chosen !== realManifest)
    return { ...v, group: `manifest file: real ${realManifest}, ours ${chosen} — ${v.group}` };
  return v;
}

function judgeRender(
  real: RealAnswer,
  ours: { report: RenderReport | null; threw: string | null },
  realManifest: string,
): Verdict {
  if (ours.report === null)
    return { identical: false, group: 'ours threw', detail: ours.threw ?? '', walkChecked: false };
  const report = ours.report;
  const manifest =
    report.manifestFile !== realManifest ? { real: realManifest, ours: report.manifestFile } : undefined;
  if (real.context === null) {
    // evolcore's caller answers the user with an error and the agent gets no turn: the inspector
    // must say so (report.failure) and show no context.
    const what = `${real.error?.name ?? 'Error'}: ${real.error?.message ?? ''}`;
    if (report.context === '' && report.failure !== null)
      return {
        identical: true,
        group: `identical (real threw; ours failure ${report.failure.code}, empty context)`,
        walkChecked: false,
      };
    return {
      identical: false,
      group:
        report.context === ''
          ? 'real threw; ours has an empty context but no failure'
          : 'real threw; ours rendered a context',
      detail: what,
      walkChecked: false,
    };
  }
  if (report.failure !== null)
    return {
      identical: false,
      group: `ours failure ${report.failure.code}; real rendered`,
      detail: report.failure.message,
      walkChecked: false,
    };
  const realText = mapRealNames(real.context);
  const walk = real.walk;
  const walkChecked = walk !== null && walk.agrees;
  const status = walkChecked ? compareStatuses(walk, report) : undefined;
  const base = { walkChecked, ...(status ? { status } : {}), ...(manifest ? { manifest } : {}) };
  const first = firstDifference(realText, report.context);
  if (first) {
    // An extra or missing empty line early on would hide every later difference: classify by
    // the first difference of the non-empty lines, and keep both.
    const nonEmpty = firstDifference(withoutEmptyLines(realText), withoutEmptyLines(report.context));
    const kind = differenceKind(realText, report.context, nonEmpty ?? first);
    const group = kind;
    const more =
      nonEmpty !== null &&
      kind !== 'text: empty lines only' &&
      (first.real !== nonEmpty.real || first.ours !== nonEmpty.ours);
    return {
      identical: false,
      group: more ? `${group} (and empty lines)` : group,
      first,
      ...(nonEmpty ? { firstNonEmpty: nonEmpty } : {}),
      ...base,
    };
  }
  if (walkChecked) {
    const realTotals: Totals = {
      files: walk.totalFiles ?? 0,
      bytes: walk.totalBytes ?? 0,
      overTotal: (walk.overTotal ?? []).map(realId),
    };
    const ourTotals: Totals = {
      files: report.totals.files,
      bytes: report.totals.bytes,
      overTotal: [...report.totals.overTotal],
    };
    const diff: string[] = [];
    if (realTotals.files !== ourTotals.files) diff.push('files');
    if (realTotals.bytes !== ourTotals.bytes) diff.push('bytes');
    if (realTotals.overTotal.join('\u0000') !== ourTotals.overTotal.join('\u0000'))
      diff.push('over-total ids');
    if (diff.length > 0)
      return {
        identical: false,
        group: `totals: ${diff.join(', ')}`,
        totals: { real: realTotals, ours: ourTotals },
        ...base,
      };
  }
  return { identical: true, group: 'identical', ...base };
}
