/**
 * The one table of History's columns, as `shared/format/section-types.ts` is for section types.
 * Each descriptor names a column, its kind and where its value comes from:
 * - `read`: a **stored** column, read once per snapshot from its parsed files by the background
 *   pass (`snapshot-columns.ts`) and sent in the listing's wire form (`listing-wire.ts`, one
 *   array per column, by kind);
 * - `show`: a column of the History table (header `col.<id>` in the tab's messages, its filter,
 *   its cell's look); its value is the stored one of the same id unless it says otherwise
 *   (`value`, from the row and facts of the whole listing, such as the Δ).
 *
 * Adding a column is one descriptor here (plus its header in the tab's messages, en and zh,
 * which the compiler asks for): `SnapshotColumns`, the wire form, the filters, the sort and the
 * table rows all iterate this table (see renderer/src/panels/history/new-history-column.test.ts).
 */
import type { ParsedManifestReport } from '../debug-files/parse-manifest-report';
import type { ParsedVarsFile } from '../debug-files/parse-vars';
import type { SnapshotWhere } from './history-types';

/** A stored value's kind: how it travels (text is interned, a flag is 0/1). */
export type ColumnKind = 'text' | 'number' | 'flag';

/** The value of a kind; `null` when nothing tells it. */
export type KindValue<K extends ColumnKind> = K extends 'text'
  ? string | null
  : K extends 'number'
    ? number | null
    : boolean | null;

/** What a stored column is read from: one snapshot's parsed files, each may be missing. */
export interface ParsedSnapshot {
  readonly vars: ParsedVarsFile | null;
  readonly report: ParsedManifestReport | null;
  /** Size of `context-<ts>.md`, `null` when there is none. */
  readonly contextFileBytes: number | null;
}

/** How the renderer draws a shown cell (its formatters are keyed by this). */
export type CellDisplay = 'text' | 'time' | 'bytes' | 'signedBytes' | 'yesNo' | 'where';

/** A row as the shown columns read it (a `SnapshotSummary` is one). */
export interface ColumnRow {
  readonly key: string;
  readonly time: number;
  readonly suffix: number | null;
  /** Where the snapshot is kept; absent: the live folder only. */
  readonly where?: SnapshotWhere;
  readonly columns: Readonly<Record<string, string | number | boolean | null>>;
}

/** Facts of the whole listing a row's value may need (the Δ looks at earlier rows). */
export interface ListingFacts {
  /** Context bytes against the previous snapshot of the session (`context-delta.ts`), by key. */
  readonly deltas: ReadonlyMap<string, number | null>;
}

/** How a column shows in the table. */
export interface ShowSpec {
  /** A dropdown of the values present, or free text matching the cell. */
  readonly filter: 'choice' | 'text';
  readonly display: CellDisplay;
  /** The value shown and sorted on; the stored value of the same id when absent. */
  readonly value?: (row: ColumnRow, facts: ListingFacts) => string | number | boolean | null;
  /** The raw text a filter matches and a choice lists; the value as text when absent. */
  readonly text?: (row: ColumnRow) => string;
  /** A first click on the header sorts descending (newest, largest growth first). */
  readonly firstDesc?: boolean;
}

/** One column. */
export interface ColumnDescriptor<I extends string = string, K extends ColumnKind = ColumnKind> {
  readonly id: I;
  readonly kind: K;
  readonly read?: (p: ParsedSnapshot) => KindValue<K>;
  readonly show?: ShowSpec;
}

/** A table of columns, in the History table's order for the shown ones. */
export type ColumnTable = readonly ColumnDescriptor[];

/** A stored column's descriptor: it has a reader. */
type Stored<I extends string, K extends ColumnKind> = ColumnDescriptor<I, K> & {
  readonly read: (p: ParsedSnapshot) => KindValue<K>;
};

/** A stored column (read from the files, on the wire), shown when `show` is given. */
function stored<const I extends string, K extends ColumnKind>(
  id: I,
  kind: K,
  read: (p: ParsedSnapshot) => KindValue<K>,
): Stored<I, K>;
function stored<const I extends string, K extends ColumnKind>(
  id: I,
  kind: K,
  read: (p: ParsedSnapshot) => KindValue<K>,
  show: ShowSpec,
): Stored<I, K> & { readonly show: ShowSpec };
function stored<const I extends string, K extends ColumnKind>(
  id: I,
  kind: K,
  read: (p: ParsedSnapshot) => KindValue<K>,
  show?: ShowSpec,
): Stored<I, K> {
  return show === undefined ? { id, kind, read } : { id, kind, read, show };
}

/** A shown column computed from stored columns or the listing (nothing extra on the wire). */
function computed<const I extends string>(
  id: I,
  kind: 'text' | 'number',
  show: ShowSpec & { readonly value: NonNullable<ShowSpec['value']> },
): ColumnDescriptor<I, 'text' | 'number'> & { readonly show: ShowSpec } {
  return { id, kind, show };
}

/** A vars value as text: strings (not empty), numbers and booleans. */
export function varText(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function varsOf(p: ParsedSnapshot): Readonly<Record<string, unknown>> {
  return p.vars?.vars ?? {};
}

function sessionTypeOfVars(vars: Readonly<Record<string, unknown>>): string | null {
  const session = vars.session;
  const nested =
    typeof session === 'object' && session !== null
      ? (session as Record<string, unknown>).sessionType
      : undefined;
  return varText(vars.sessionType) ?? varText(nested);
}

function recordedAtOf(vars: ParsedVarsFile | null): number | null {
  if (!vars?.recordedAt) return null;
  const ms = Date.parse(vars.recordedAt);
  return Number.isNaN(ms) ? null : ms;
}

function sectionsLoadedOf(report: ParsedManifestReport | null): number | null {
  if (report === null) return null;
  return report.sections.filter((s) => s.used ?? (s.status === 'ok' ? (s.files ?? 1) > 0 : false)).length;
}

function truncatedOf(report: ParsedManifestReport | null): boolean | null {
  if (report === null) return null;
  return (
    report.sections.some((s) => s.truncated === true || s.status === 'over-total') ||
    (report.totals?.overTotal.length ?? 0) > 0
  );
}

const num = (row: ColumnRow, id: string): number | null => {
  const v = row.columns[id];
  return typeof v === 'number' ? v : null;
};

/** History's columns. */
export const HISTORY_COLUMN_TABLE = [
  computed('time', 'number', {
    filter: 'text',
    display: 'time',
    // The suffix orders renders of the same second.
    value: (r) => r.time + (r.suffix ?? 0) / 1000,
    // The file's timestamp key; the filter matches the local time shown too.
    text: (r) => r.key,
    firstDesc: true,
  }),
  // The report's own choice, else the vars' (`sessionType`, `session.sessionType`).
  stored('sessionType', 'text', (p) => p.report?.sessionType ?? sessionTypeOfVars(varsOf(p)), {
    filter: 'choice',
    display: 'text',
  }),
  stored('chatType', 'text', (p) => varText(varsOf(p).chatType), { filter: 'choice', display: 'text' }),
  stored('channel', 'text', (p) => varText(varsOf(p).channel), { filter: 'choice', display: 'text' }),
  stored(
    'peer',
    'text',
    (p) => varText(varsOf(p).peerName) ?? varText(varsOf(p).peerKey) ?? varText(varsOf(p).peerId),
    { filter: 'text', display: 'text' },
  ),
  computed('sections', 'text', {
    filter: 'text',
    display: 'text',
    value: (r) => {
      const loaded = num(r, 'sectionsLoaded');
      return loaded === null ? null : `${loaded} / ${num(r, 'sectionsTotal') ?? '?'}`;
    },
  }),
  computed('bytes', 'number', { filter: 'text', display: 'bytes', value: (r) => num(r, 'contextBytes') }),
  // Bytes against the previous snapshot of the same session, else the previous one.
  computed('delta', 'number', {
    filter: 'text',
    display: 'signedBytes',
    value: (r, facts) => facts.deltas.get(r.key) ?? null,
    firstDesc: true,
  }),
  stored('truncated', 'flag', (p) => truncatedOf(p.report), { filter: 'choice', display: 'yesNo' }),
  // Where the snapshot is kept: the live eck-debug folder, the archive, or both (the listing
  // says, not the files; history-index.ts merges the two).
  computed('where', 'text', { filter: 'choice', display: 'where', value: (r) => r.where ?? 'live' }),
  // Set by `withGuessedSession` (snapshot-columns.ts) where the files record no session type.
  stored('sessionInferredFrom', 'text', () => null),
  stored('peerKey', 'text', (p) => varText(varsOf(p).peerKey)),
  // The session as the files record it: evolclaw's vars file beside its params, its report's
  // `- sessionId:` line, else a `sessionId` var. The Δ follows it (context-delta.ts).
  stored(
    'sessionId',
    'text',
    (p) => p.vars?.sessionId ?? p.report?.sessionId ?? varText(varsOf(p).sessionId),
  ),
  stored('manifestFile', 'text', (p) => p.report?.manifestFile ?? null),
  stored('sectionsLoaded', 'number', (p) => sectionsLoadedOf(p.report)),
  stored('sectionsTotal', 'number', (p) => p.report?.sections.length ?? null),
  // The context file's size (what the agent got), else the report's own count; evolcore writes
  // no context file for an empty context, and its report says the format.
  stored(
    'contextBytes',
    'number',
    (p) => p.contextFileBytes ?? p.report?.contextBytes ?? (p.report?.source === 'evolcore' ? 0 : null),
  ),
  // The total budget (`totals.maxBytes`) the render ran with.
  stored('budgetBytes', 'number', (p) => p.report?.totals?.maxBytes ?? null),
  // Exact epoch ms when the vars file records it (the name's time is to the second, zone unknown).
  stored('recordedAt', 'number', (p) => recordedAtOf(p.vars)),
] as const satisfies ColumnTable;

/** The stored columns of a table, by id, with the value types of their kinds. */
export type StoredColumnsOf<T extends ColumnTable> = {
  readonly [D in T[number] as D extends { readonly read: unknown } ? D['id'] : never]: KindValue<D['kind']>;
};

/** The ids of a table's shown columns. */
export type ShownIdOf<T extends ColumnTable> = Extract<T[number], { readonly show: ShowSpec }>['id'];

/** The stored columns of a snapshot. */
export type SnapshotColumns = StoredColumnsOf<typeof HISTORY_COLUMN_TABLE>;

/** A column of the History table. */
export type HistoryColumnId = ShownIdOf<typeof HISTORY_COLUMN_TABLE>;

/** A stored column: one that has a reader. */
export type StoredDescriptor = ColumnDescriptor & { readonly read: (p: ParsedSnapshot) => unknown };

/** A shown column: one that has a `show`. */
export type ShownDescriptor = ColumnDescriptor & { readonly show: ShowSpec };

/** Each table's stored columns, worked out once (`storedColumns`). */
const STORED = new WeakMap<ColumnTable, readonly StoredDescriptor[]>();

/** The stored columns, in table order. */
export function storedColumns(table: ColumnTable): readonly StoredDescriptor[] {
  // Asked per snapshot the pass reads (`readColumns`): a table is fixed once built.
  let stored = STORED.get(table);
  if (stored === undefined) {
    stored = table.filter((d): d is StoredDescriptor => d.read !== undefined);
    STORED.set(table, stored);
  }
  return stored;
}

/** Each table's shown columns, worked out once (`shownColumns`). */
const SHOWN = new WeakMap<ColumnTable, readonly ShownDescriptor[]>();

/** The shown columns, in table order. */
export function shownColumns(table: ColumnTable): readonly ShownDescriptor[] {
  // Asked once per cell by the filters, choices and sort (millions of times at 250,000 rows):
  // a table is fixed once built, so its shown columns are worked out once.
  let shown = SHOWN.get(table);
  if (shown === undefined) {
    shown = table.filter((d): d is ShownDescriptor => d.show !== undefined);
    SHOWN.set(table, shown);
  }
  return shown;
}

/** Every stored column `null`, for a table. */
export function emptyColumnsOf(table: ColumnTable): Readonly<Record<string, null>> {
  return Object.fromEntries(storedColumns(table).map((d) => [d.id, null]));
}

/** Columns before anything was read: one shared object (the wire form tests for it by identity). */
export const EMPTY_COLUMNS = emptyColumnsOf(HISTORY_COLUMN_TABLE) as SnapshotColumns;

/** Reads every stored column of a table from one snapshot's parsed files. */
export function readColumns(table: ColumnTable, p: ParsedSnapshot): Record<string, unknown> {
  // A loop, not `Object.fromEntries` of pairs: the pass worker reads a row per snapshot.
  const columns: Record<string, unknown> = {};
  for (const d of storedColumns(table)) columns[d.id] = d.read(p);
  return columns;
}

/** The value a shown column shows and sorts on for a row. */
export function shownValue(
  d: ShownDescriptor,
  row: ColumnRow,
  facts: ListingFacts,
): string | number | boolean | null {
  return d.show.value === undefined ? (row.columns[d.id] ?? null) : d.show.value(row, facts);
}
