/** Prints the comparison: per source, how many are identical, the failures grouped by kind. */
import type { Verdict } from './compare';
import type { SourceName } from './sources';

/** One compared render, as printed and as written by `--out`. */
export interface ResultRecord {
  readonly source: SourceName;
  readonly name: string;
  readonly verdict: Verdict;
  readonly tags?: readonly string[];
  /** Where `--keep-failures` saved it as a case folder. */
  readonly keptAt?: string;
  /** What the real text held, to show the comparison was not only of empty contexts. */
  readonly realShape?: RealShape;
}

export interface RealShape {
  readonly blocks: number;
  readonly totalNote: boolean;
  readonly folderNotes: number;
  readonly threw: boolean;
}

/** Counts the blocks and notes of a real context (null when the real render threw). */
export function shapeOf(context: string | null): RealShape {
  const text = context ?? '';
  return {
    blocks: (text.match(/^Contenu de /gm) ?? []).length,
    totalNote: text.includes('[注意] 上下文清单总量超限'),
    folderNotes: (text.match(/^\[注意\] 目录 /gm) ?? []).length,
    threw: context === null,
  };
}

const clip = (s: string, n = 150): string => {
  const j = JSON.stringify(s);
  return j.length > n ? `${j.slice(0, n)}…"` : j;
};

function describe(v: Verdict): string {
  const d = v.firstNonEmpty ?? v.first;
  if (d) {
    const skipped = v.firstNonEmpty !== undefined && (v.first?.real !== d.real || v.first?.ours !== d.ours);
    return `line ${d.line}${skipped ? ' (not counting empty lines)' : ''} col ${d.column}: real ${clip(d.real)} | ours ${clip(d.ours)}`;
  }
  if (v.totals) return `real ${JSON.stringify(v.totals.real)} | ours ${JSON.stringify(v.totals.ours)}`;
  return v.detail ?? '';
}

function tagShares(records: readonly ResultRecord[]): Map<string, number> {
  const n = new Map<string, number>();
  for (const r of records) for (const t of r.tags ?? []) n.set(t, (n.get(t) ?? 0) + 1);
  for (const [t, c] of n) n.set(t, c / Math.max(1, records.length));
  return n;
}

/**
 * Features (fuzz tags) a failing group shares far more often than the run as a whole, to hint at
 * what the engines disagree about.
 */
function commonTags(group: readonly ResultRecord[], all: ReadonlyMap<string, number>): string {
  const top = [...tagShares(group).entries()]
    .filter(([t, share]) => share >= 0.5 && share >= 2 * (all.get(t) ?? 0))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  return top.length
    ? `  [mostly with: ${top.map(([t, share]) => `${t} ${Math.round(share * 100)}% (run ${Math.round((all.get(t) ?? 0) * 100)}%)`).join(', ')}]`
    : '';
}

/** The summary of one source: counts per group, then up to `show` examples of each failing group. */
export function formatSource(title: string, records: readonly ResultRecord[], show: number): string[] {
  const out: string[] = [];
  const identical = records.filter((r) => r.verdict.identical).length;
  out.push(`${title}: ${identical} of ${records.length} identical`);
  const groups = new Map<string, ResultRecord[]>();
  for (const r of records) {
    const g = groups.get(r.verdict.group);
    if (g) g.push(r);
    else groups.set(r.verdict.group, [r]);
  }
  const shares = tagShares(records);
  const ordered = [...groups.entries()].sort(
    (a, b) =>
      Number(b[1][0]!.verdict.identical) - Number(a[1][0]!.verdict.identical) || b[1].length - a[1].length,
  );
  for (const [group, rs] of ordered) {
    out.push(
      `  ${String(rs.length).padStart(5)}  ${group}${rs[0]!.verdict.identical ? '' : commonTags(rs, shares)}`,
    );
    if (rs[0]!.verdict.identical) continue;
    for (const r of rs.slice(0, show)) {
      out.push(`           ${r.name}: ${describe(r.verdict)}${r.keptAt ? `  [kept: ${r.keptAt}]` : ''}`);
    }
    if (rs.length > show) out.push(`           … ${rs.length - show} more (--show N, --out FILE)`);
  }
  const shapes = records.flatMap((r) => (r.realShape ? [r.realShape] : []));
  if (shapes.length > 0) {
    const n = (f: (s: RealShape) => boolean): number => shapes.filter(f).length;
    out.push(
      `  the real texts: ${n((s) => s.blocks > 0)} with blocks (${shapes.reduce((a, s) => a + s.blocks, 0)} blocks), ` +
        `${n((s) => s.totalNote)} with the total-gate note, ${n((s) => s.folderNotes > 0)} with a folder note, ` +
        `${n((s) => !s.threw && s.blocks === 0)} empty, ${n((s) => s.threw)} thrown`,
    );
  }
  const checked = records.filter((r) => r.verdict.walkChecked);
  const statusSeen = checked.filter((r) => r.verdict.status);
  const statusAgree = statusSeen.filter((r) => r.verdict.status?.agree).length;
  out.push(
    `  totals checked on ${checked.length} of ${records.length} (the real walk agreed with its render); ` +
      `section statuses agree on ${statusAgree} of ${statusSeen.length}`,
  );
  const firstStatus = statusSeen.filter((r) => !r.verdict.status?.agree).slice(0, Math.min(show, 3));
  for (const r of firstStatus) out.push(`           status ${r.name}: ${r.verdict.status?.detail ?? ''}`);
  return out;
}
