/**
 * Reader of `manifest-<ts>.md` in evolcore's own format (`formatManifestDiagnostics`, written by
 * evolcore and, since §14, by the inspector too; see `evolcore-format.ts`). The `## Section
 * details` part holds one block per section in render order with every fact the table has and
 * more, so it is read block by block, by position (ids may repeat: `undefined` for entries
 * without one). The real statuses are turned into the inspector's (docs/engine.md §4).
 */
import type { SectionStatus } from '../engine';
import type { ParsedManifestReport } from './parse-manifest-report';
import type { ParsedReportSection } from './report-cells';
import { pathStateOf } from './report-summary';
import { splitLines } from './report-lines';

/** The first line of evolcore's report. */
export const EVOLCORE_REPORT_TITLE = '# ECK Manifest Diagnostics';

const DETAILS_TITLE = '## Section details';

/** The `- key: value` facts of one details block. */
interface DetailFacts {
  readonly heading: string;
  readonly facts: ReadonlyMap<string, string>;
}

function detailBlocks(lines: readonly string[]): DetailFacts[] | null {
  const start = lines.indexOf(DETAILS_TITLE);
  if (start < 0) return null;
  const blocks: DetailFacts[] = [];
  let facts: Map<string, string> | null = null;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('### ')) {
      facts = new Map();
      blocks.push({ heading: line.slice(4), facts });
      continue;
    }
    // Only a `- ` line can be a fact: the pattern is not tried on the others.
    const m = facts && line.startsWith('- ') ? /^- ([^:]+): (.*)$/.exec(line) : null;
    // The first of a key wins: a description with a line break cannot fake a later fact.
    if (m && facts && !facts.has(m[1] as string)) facts.set(m[1] as string, m[2] as string);
  }
  return blocks;
}

function yes(value: string | undefined): boolean | null {
  return value === 'yes' ? true : value === 'no' ? false : null;
}

function count(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

/** `- when: \`…\` → true`: the result, or `null` when the line is absent. */
function whenResultOf(value: string | undefined): boolean | null {
  const m = value === undefined ? null : /→ (true|false)$/.exec(value);
  return m ? m[1] === 'true' : null;
}

/**
 * The inspector's status for one block. Sections after the total gate tripped keep the real
 * engine's initial `NO-PATH` and say `skipped: 总闸超限未加载`; of those, a disabled one or one
 * whose `when` is false is that, the rest are over-total. An `OK` section that read files but put
 * nothing in, without the blank-content note, is the one during which the gate tripped.
 */
function statusOf(
  word: string | undefined,
  facts: ReadonlyMap<string, string>,
  used: boolean | null,
  files: number | null,
): SectionStatus | null {
  if (facts.has('skipped')) {
    if (facts.get('enabled') === 'false') return 'disabled';
    return whenResultOf(facts.get('when')) === false ? 'when-false' : 'over-total';
  }
  switch (word) {
    case 'OK':
      return used === false && (files ?? 0) > 0 && !facts.has('note') ? 'over-total' : 'ok';
    case 'UNRESOLVED-VARS':
      return 'unresolved-vars';
    case 'NOT-EXIST':
      return 'not-exist';
    case 'SKIPPED(disabled)':
      return 'disabled';
    case 'SKIPPED(when)':
      return 'when-false';
    case 'NO-PATH':
      return 'invalid';
    default:
      return null;
  }
}

function tokensOf(value: string | undefined): string[] {
  if (value === undefined) return [];
  return [...value.matchAll(/`([^`]*)`/g)].map((m) => m[1] as string);
}

function sectionOf(block: DetailFacts): ParsedReportSection {
  const { facts } = block;
  const dash = block.heading.indexOf(' — ');
  const used = yes(facts.get('used in output'));
  const files = count(facts.get('file count'));
  const status = statusOf(facts.get('status'), facts, used, files);
  return {
    id: dash < 0 ? block.heading : block.heading.slice(0, dash),
    status,
    pathStatus: status === null ? (facts.get('status') ?? null) : pathStateOf(status),
    // The report's `order` column is a position; the manifest's order is not recorded.
    order: null,
    whenResult: status === 'disabled' ? null : whenResultOf(facts.get('when')),
    used,
    injected: yes(facts.get('injected as fragment')),
    files,
    bytes: null,
    unresolved: tokensOf(facts.get('unresolved tokens')),
    truncated: facts.has('dir overflow'),
    label: block.heading,
  };
}

/**
 * Whether the text's first line is evolcore's title (`splitLines(body)[0] === TITLE`), told
 * without cutting the text into lines: most reports of an older home are not evolcore's.
 */
export function hasEvolcoreTitle(body: string): boolean {
  if (!body.startsWith(EVOLCORE_REPORT_TITLE)) return false;
  const after = EVOLCORE_REPORT_TITLE.length;
  return body.length === after || body[after] === '\n' || body.startsWith('\r\n', after);
}

/** `parseEvolcoreReport` on the text's lines (`splitLines`), for a caller that has them already. */
export function evolcoreReportOfLines(lines: readonly string[]): ParsedManifestReport | null {
  if (lines[0] !== EVOLCORE_REPORT_TITLE) return null;
  const blocks = detailBlocks(lines);
  if (blocks === null) return null;
  let total: string | undefined;
  let session: string | undefined;
  for (const l of lines) {
    if (total === undefined && l.startsWith('- sections total: ')) total = l;
    else if (session === undefined && l.startsWith('- sessionId: ')) session = l;
  }
  // A report cut short or edited by hand (fewer blocks than it counts) is read leniently.
  if (total !== `- sections total: ${blocks.length}`) return null;
  return {
    source: 'evolcore',
    manifestFile: null,
    sessionType: null,
    sessionId: session === undefined ? null : session.slice('- sessionId: '.length),
    totals: null,
    contextBytes: null,
    sections: blocks.map(sectionOf),
    summary: null,
  };
}

/**
 * Reads a report of evolcore's format; `null` when the text is not one, or not whole (then the
 * lenient reader takes it: table, headings).
 */
export function parseEvolcoreReport(body: string): ParsedManifestReport | null {
  return hasEvolcoreTitle(body) ? evolcoreReportOfLines(splitLines(body)) : null;
}
