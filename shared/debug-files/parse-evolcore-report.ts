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
import { OwnStrings } from '../base/own-copy';
import { lineAt } from './report-lines';
import type { LineSpan } from './report-lines';

/** The first line of evolcore's report. */
export const EVOLCORE_REPORT_TITLE = '# ECK Manifest Diagnostics';

const DETAILS_TITLE = '## Section details';

/**
 * The keys of the facts the reader uses, by position in a block's `facts`. Other keys are not
 * kept: a map of every fact of every block was most of the reader's time.
 */
const FACT_KEYS = [
  'status',
  'used in output',
  'file count',
  'when',
  'injected as fragment',
  'unresolved tokens',
  'skipped',
  'enabled',
  'note',
  'dir overflow',
] as const;

type FactKey = (typeof FACT_KEYS)[number];

/**
 * One details block: its heading and its kept facts, the first line of each key winning (a
 * description with a line break cannot fake a later fact).
 */
interface DetailBlock {
  readonly heading: string;
  /** By the key's position in FACT_KEYS (an array: a keyed store on an object was slow). */
  readonly facts: (string | undefined)[];
}

function factOf(block: DetailBlock, key: FactKey): string | undefined {
  return block.facts[FACT_KEYS.indexOf(key)];
}

const LONGEST_FACT_KEY = Math.max(...FACT_KEYS.map((k) => k.length));

/**
 * The kept keys' positions by length: a line's key is told by its length and compared in place,
 * never cut out of the text (a string made and hashed per fact line was a third of the time).
 */
const FACT_KEYS_BY_LENGTH: readonly (readonly number[])[] = Array.from(
  { length: LONGEST_FACT_KEY + 1 },
  (_, n) => FACT_KEYS.flatMap((k, i) => (k.length === n ? [i] : [])),
);

function blockOf(heading: string): DetailBlock {
  return { heading, facts: new Array<string | undefined>(FACT_KEYS.length).fill(undefined) };
}

/**
 * The next place of one character in a text, for positions asked in rising order: each
 * `indexOf` starts where the last one was asked and its answer is kept until passed, so a whole
 * scan costs one pass over the text per character, however many lines ask (a search per line
 * from each line's start could run on through every later line).
 */
class NextOf {
  private at = -1;

  constructor(
    private readonly text: string,
    private readonly char: string,
  ) {}

  /** The first place at or after `from`, `Infinity` when none. */
  from(from: number): number {
    if (this.at < from) {
      const found = this.text.indexOf(this.char, from);
      this.at = found < 0 ? Infinity : found;
    }
    return this.at;
  }
}

/** Where the characters the fact pattern cares about are next: `:` and what `.` does not match. */
interface FactScan {
  readonly colon: NextOf;
  /** `.` of a regular expression matches no line terminator (and no line holds `\n`). */
  readonly terminators: readonly NextOf[];
}

function factScanOf(text: string): FactScan {
  return {
    colon: new NextOf(text, ':'),
    terminators: ['\r', '\u2028', '\u2029'].map((c) => new NextOf(text, c)),
  };
}

/**
 * Records the fact of line `[start, end)` of `text` in `block`, exactly as the pattern
 * `/^- ([^:]+): (.*)$/` read it: the key runs to the line's first colon, a space follows, and the
 * value holds no line terminator.
 */
function takeFact(text: string, start: number, end: number, block: DetailBlock, scan: FactScan): void {
  if (end - start < 2 || text.charCodeAt(start) !== 0x2d || text.charCodeAt(start + 1) !== 0x20) return;
  const colon = scan.colon.from(start + 2);
  // An empty key (`- : x`) has length 0, which no kept key has.
  if (colon >= end || colon + 1 >= end || text.charCodeAt(colon + 1) !== 0x20) return;
  const keyLength = colon - start - 2;
  if (keyLength > LONGEST_FACT_KEY) return;
  let field = -1;
  for (const i of FACT_KEYS_BY_LENGTH[keyLength] as readonly number[])
    if (text.startsWith(FACT_KEYS[i] as string, start + 2)) field = i;
  if (field < 0 || block.facts[field] !== undefined) return;
  for (const t of scan.terminators) if (t.from(colon + 2) < end) return;
  block.facts[field] = text.slice(colon + 2, end);
}

/** Whether line `span` of `text` is exactly `line`. */
function lineIs(text: string, span: LineSpan, line: string): boolean {
  return span.end - span.start === line.length && text.startsWith(line, span.start);
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
function statusOf(block: DetailBlock, used: boolean | null, files: number | null): SectionStatus | null {
  if (factOf(block, 'skipped') !== undefined) {
    if (factOf(block, 'enabled') === 'false') return 'disabled';
    return whenResultOf(factOf(block, 'when')) === false ? 'when-false' : 'over-total';
  }
  switch (factOf(block, 'status')) {
    case 'OK':
      return used === false && (files ?? 0) > 0 && factOf(block, 'note') === undefined ? 'over-total' : 'ok';
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

/**
 * Section and session ids as strings of their own: sliced out of the report they would each hold
 * its whole text, and they outlive it (a row's columns, the pass worker's answers, the session
 * guess's ids). A worker's batch of 256 answers held 256 report texts until it was posted: most
 * of what its young generation copied and promoted.
 */
const OWN = new OwnStrings();

function sectionOf(block: DetailBlock): ParsedReportSection {
  const { heading } = block;
  const dash = heading.indexOf(' — ');
  const used = yes(factOf(block, 'used in output'));
  const files = count(factOf(block, 'file count'));
  const status = statusOf(block, used, files);
  return {
    id: OWN.of(dash < 0 ? heading : heading.slice(0, dash)),
    status,
    pathStatus: status === null ? (factOf(block, 'status') ?? null) : pathStateOf(status),
    // The report's `order` column is a position; the manifest's order is not recorded.
    order: null,
    whenResult: status === 'disabled' ? null : whenResultOf(factOf(block, 'when')),
    used,
    injected: yes(factOf(block, 'injected as fragment')),
    files,
    bytes: null,
    unresolved: tokensOf(factOf(block, 'unresolved tokens')),
    truncated: factOf(block, 'dir overflow') !== undefined,
    label: heading,
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

const TOTAL_PREFIX = '- sections total: ';
const SESSION_PREFIX = '- sessionId: ';

/**
 * Reads a report of evolcore's format; `null` when the text is not one, or not whole (then the
 * lenient reader takes it: table, headings). Line by line over the text, as `splitLines` cuts
 * it, without making the lines: the History's pass reads every snapshot's report through here,
 * and the lines' array and a map of facts per block were most of its time.
 */
export function parseEvolcoreReport(body: string): ParsedManifestReport | null {
  if (!hasEvolcoreTitle(body)) return null;
  const span: LineSpan = { start: 0, end: 0, next: 0 };
  let total: string | undefined;
  let session: string | undefined;
  let blocks: DetailBlock[] | null = null;
  let block: DetailBlock | null = null;
  const scan = factScanOf(body);
  // `<=`: a text ending in a line break has an empty last line, as `split` gives it.
  for (let at = 0; at <= body.length; at = span.next) {
    lineAt(body, at, span);
    const { start, end } = span;
    // Only lines starting `-` or `#` tell anything: one character decides for all the others.
    const first = start < end ? body.charCodeAt(start) : 0;
    if (first === 0x2d) {
      if (total === undefined && body.startsWith(TOTAL_PREFIX, start)) total = body.slice(start, end);
      else if (session === undefined && body.startsWith(SESSION_PREFIX, start))
        session = body.slice(start + SESSION_PREFIX.length, end);
      if (block !== null) takeFact(body, start, end, block, scan);
    } else if (first === 0x23) {
      if (blocks === null) {
        if (lineIs(body, span, DETAILS_TITLE)) blocks = [];
      } else if (body.startsWith('### ', start)) {
        block = blockOf(body.slice(start + 4, end));
        blocks.push(block);
      }
    }
  }
  if (blocks === null) return null;
  // A report cut short or edited by hand (fewer blocks than it counts) is read leniently.
  if (total !== `${TOTAL_PREFIX}${blocks.length}`) return null;
  return {
    source: 'evolcore',
    manifestFile: null,
    sessionType: null,
    sessionId: session === undefined ? null : OWN.of(session),
    totals: null,
    contextBytes: null,
    sections: blocks.map(sectionOf),
    summary: null,
  };
}
