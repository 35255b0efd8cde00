/**
 * The archive's copies of a home's snapshots as the History index sees them (ARCHITECTURE.md,
 * "The archive"): which keys and kinds the archive holds, an archived-only snapshot as a row of
 * the listing, and a capped read of one archived file. The index merges these rows with the
 * live folder's, so every reader of a snapshot (detail, diff, replay, what-if, export, search)
 * reads through the one index, from the folder or from here.
 */
import zlib from 'node:zlib';
import type { SnapshotColumns, SnapshotFile, SnapshotSummary } from '../../shared/history/history-types';
import { EMPTY_COLUMNS } from '../../shared/history/history-types';
import { HISTORY_COLUMN_TABLE, storedColumns } from '../../shared/history/history-columns';
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import { withGuessedSessionOf } from '../../shared/history/snapshot-columns';
import type { FactColumn, FactValue, RowColumns, RowFacts } from '../archive/row-index-file';
import type { CodedColumn, ColumnarRows } from '../../shared/history/row-filter';
import type { DebugFileKind, NameZone } from '../../shared/debug-files/names';
import { DEBUG_FILE_KINDS, debugFileName, parseDebugFileName } from '../../shared/debug-files/names';
import { missingOfMask } from '../../shared/history/snapshot-group';
import { MAX_SHOWN_TEXT_BYTES, tooLarge } from '../../shared/api/answer-caps';
import type { CappedRead } from '../services/capped-read';

/** What the History reads of a home's archive; `ArchiveStore` (electron/archive/) is one. */
export interface ArchiveReader {
  /**
   * Every archived snapshot with the kinds of files it kept and the facts its import computed
   * (archive-facts.ts; `null` in an archive written before, whose rows the pass fills).
   */
  list(): readonly {
    readonly key: string;
    readonly kinds: readonly DebugFileKind[];
    readonly facts?: RowFacts | null;
  }[];
  /** One file's size without reading it; `null` when not archived. */
  fileSize(key: string, kind: DebugFileKind): number | null;
  /** One file's bytes, `null` when not archived; throws when the copy is damaged. */
  readFile(key: string, kind: DebugFileKind): Buffer | null;
}

/** The error code of a read whose archived copy failed its hash (or the archive changed under it). */
export const ARCHIVE_DAMAGED = 'EARCHIVE';

/** Facts kept beside the columns (archive-facts.ts), named apart from every column id. */
export const ERROR_FACT = '$error';
/** The recorded section ids (JSON) of a snapshot whose files name no session type: guessed at the row. */
export const SECTIONS_FACT = '$sections';
export const bytesFact = (kind: DebugFileKind): string => `$bytes.${kind}`;
/**
 * Which stored columns the facts are of: a short checksum of their ids. Facts keep no null (a
 * year of records is smaller without them), so a column added since is told by this, not by
 * its absence: facts of another table leave the row to the pass.
 */
export const COLUMNS_FACT = '$columns';
export const COLUMNS_ID = zlib
  .crc32(
    storedColumns(HISTORY_COLUMN_TABLE)
      .map((d) => d.id)
      .join(','),
  )
  .toString(36);

/** What changed between two looks at the archive. */
export interface ArchiveChange {
  readonly added: readonly string[];
  readonly removed: readonly string[];
}

/** The archived keys and kinds, and reads of them. */
export class ArchiveRows {
  private kinds = new Map<string, readonly DebugFileKind[]>();
  private facts = new Map<string, RowFacts>();
  /** The session guess for this look at the archive, asked once when a row needs it. */
  private guessNow: { readonly guess: SessionGuess | undefined } | null = null;

  constructor(
    private readonly reader: ArchiveReader,
    private readonly zone: NameZone,
    /** The open workspace's session guess (history-service.ts), for files that record none. */
    private readonly sessionGuess?: () => SessionGuess,
  ) {}

  /** Takes the archive's list now (after a refresh of the reader); says what came and went. */
  take(): ArchiveChange {
    const next = new Map<string, readonly DebugFileKind[]>();
    const facts = new Map<string, RowFacts>();
    const added: string[] = [];
    this.guessNow = null;
    for (const s of this.reader.list()) {
      next.set(s.key, s.kinds);
      if (s.facts !== undefined && s.facts !== null) facts.set(s.key, s.facts);
      const before = this.kinds.get(s.key);
      // Files added to a key later (a second record) make its row change too.
      if (before === undefined || before.length !== s.kinds.length) added.push(s.key);
    }
    const removed = [...this.kinds.keys()].filter((k) => !next.has(k));
    this.kinds = next;
    this.facts = facts;
    return { added, removed };
  }

  /** Every archived key. */
  keys(): IterableIterator<string> {
    return this.kinds.keys();
  }

  has(key: string, kind?: DebugFileKind): boolean {
    const kinds = this.kinds.get(key);
    return kinds !== undefined && (kind === undefined || kinds.includes(kind));
  }

  /**
   * An archived snapshot as a row, its time read from its key as the live folder's are (the
   * index's zone), so a snapshot in both places sorts the same; `null` for an unknown key.
   */
  row(key: string): SnapshotSummary | null {
    const kinds = this.kinds.get(key);
    const first = kinds?.[0];
    if (kinds === undefined || first === undefined) return null;
    const parsed = parseDebugFileName(debugFileName(first, key), this.zone);
    if (parsed === null) return null;
    const files: Partial<Record<DebugFileKind, SnapshotFile>> = {};
    let mask = 0;
    DEBUG_FILE_KINDS.forEach((kind, i) => {
      if (!kinds.includes(kind)) return;
      mask |= 1 << i;
      files[kind] = { name: debugFileName(kind, key), bytes: null };
    });
    const row: SnapshotSummary = {
      key,
      timestamp: parsed.timestamp,
      suffix: parsed.suffix,
      time: parsed.time,
      where: 'archive',
      files,
      missing: missingOfMask(mask),
      columns: EMPTY_COLUMNS,
      parseState: 'pending',
      error: null,
    };
    const facts = this.facts.get(key);
    return facts === undefined ? row : archivedRow(row, facts, () => this.guess());
  }

  private guess(): SessionGuess | undefined {
    this.guessNow ??= { guess: this.sessionGuess?.() };
    return this.guessNow.guess;
  }

  /** A file's size, `null` when not archived (or the archive cannot say). */
  size(key: string, kind: DebugFileKind): number | null {
    if (!this.has(key, kind)) return null;
    try {
      return this.reader.fileSize(key, kind);
    } catch {
      return null;
    }
  }

  /**
   * Reads one archived file, capped as a file of the folder is (answer-caps.ts): over the cap it
   * is sized, never unpacked. `ENOENT` when the archive has no such file.
   */
  read(key: string, kind: DebugFileKind): CappedRead {
    if (!this.has(key, kind)) return { ok: false, code: 'ENOENT' };
    try {
      const size = this.reader.fileSize(key, kind);
      if (size !== null && size > MAX_SHOWN_TEXT_BYTES)
        return { ok: false, tooLarge: tooLarge(size, MAX_SHOWN_TEXT_BYTES, null) };
      const bytes = this.reader.readFile(key, kind);
      if (bytes === null) return { ok: false, code: 'ENOENT' };
      return { ok: true, text: bytes.toString('utf8'), bytes: bytes.length };
    } catch {
      return { ok: false, code: ARCHIVE_DAMAGED };
    }
  }
}

/**
 * An archived row with its kept facts: columns, sizes and error filled, `done`. The row as it
 * was (`pending`, for the pass) when the facts lack a column (an archive older than a column).
 */
export function archivedRow(
  row: SnapshotSummary,
  facts: RowFacts,
  guess: () => SessionGuess | undefined,
): SnapshotSummary {
  if (facts[COLUMNS_FACT] !== COLUMNS_ID) return row;
  const columns: Record<string, FactValue> = {};
  for (const d of storedColumns(HISTORY_COLUMN_TABLE)) columns[d.id] = facts[d.id] ?? null;
  const sections = facts[SECTIONS_FACT];
  const ids = typeof sections === 'string' ? (JSON.parse(sections) as string[]) : [];
  const files: Partial<Record<DebugFileKind, SnapshotFile>> = {};
  for (const kind of DEBUG_FILE_KINDS) {
    const file = row.files[kind];
    if (file === undefined) continue;
    const bytes = facts[bytesFact(kind)];
    files[kind] = { ...file, bytes: typeof bytes === 'number' ? bytes : file.bytes };
  }
  const error = facts[ERROR_FACT];
  return {
    ...row,
    files,
    columns:
      ids.length === 0
        ? (columns as SnapshotColumns)
        : withGuessedSessionOf(columns as SnapshotColumns, ids, guess()),
    parseState: 'done',
    error: typeof error === 'string' ? error : null,
  };
}

/**
 * The archive's rows as the History's columnar filter reads them (shared/history/row-filter.ts):
 * their times and each fact column coded, the session type guessed where the files record none
 * (as `archivedRow` does). A row without facts is unknown in every column.
 */
export function archivedColumnar(rows: RowColumns, guess?: SessionGuess): ColumnarRows {
  const coded = new Map<string, CodedColumn | null>();
  const codedOf = (name: string): CodedColumn | null => {
    const f = rows.facts.find((c) => c.name === name);
    const stored = storedColumns(HISTORY_COLUMN_TABLE).some((d) => d.id === name);
    if (f === undefined && !stored) return null;
    // A stored column no row has a value of (facts keep no null): unknown in every row.
    const column =
      f === undefined
        ? { codes: new Uint8Array(rows.count), values: [null] }
        : f.kind === 'interned'
          ? { codes: f.codes, values: f.table }
          : codedNumbers(rows.count, f);
    return name === 'sessionType' ? guessedSessions(rows, column, guess) : column;
  };
  return {
    count: rows.count,
    time: rows.time.subarray(0, rows.count),
    column: (id) => {
      if (!coded.has(id)) coded.set(id, codedOf(id));
      return coded.get(id) ?? null;
    },
  };
}

/** A number column, coded (a filter of one is rare; a text column all null is one too). */
function codedNumbers(count: number, f: Extract<FactColumn, { kind: 'number' }>): CodedColumn {
  const values: FactValue[] = [null];
  const codeOf = new Map<number, number>();
  const codes = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    if (f.nulls !== null && f.nulls[i] !== 2) continue;
    const v = f.values[i] as number;
    // A row without facts (an older record) is unknown here.
    if (Number.isNaN(v)) continue;
    let code = codeOf.get(v);
    if (code === undefined) {
      code = values.length;
      values.push(v);
      codeOf.set(v, code);
    }
    codes[i] = code;
  }
  return { codes, values };
}

/** The session type column with the guess made once per distinct list of sections. */
function guessedSessions(
  rows: RowColumns,
  column: CodedColumn,
  guess: SessionGuess | undefined,
): CodedColumn {
  const { codes, values: table } = column;
  const sections = rows.facts.find((c) => c.name === SECTIONS_FACT);
  if (guess === undefined || sections === undefined || sections.kind !== 'interned') return column;
  const values = [...table];
  const codeOf = new Map<FactValue, number>(table.map((v, i) => [v, i]));
  // Per list of sections: the code of its guess (or -1: none).
  const byList = sections.table.map((ids) => {
    if (typeof ids !== 'string') return -1;
    const found = guess(JSON.parse(ids) as string[]);
    if (found === null) return -1;
    let code = codeOf.get(found.sessionType);
    if (code === undefined) {
      code = values.length;
      values.push(found.sessionType);
      codeOf.set(found.sessionType, code);
    }
    return code;
  });
  const out = new Uint32Array(codes);
  for (let i = 0; i < rows.count; i++) {
    if (table[out[i] as number] !== null) continue;
    if (rows.hasFacts[i] !== 1) continue;
    const g = byList[sections.codes[i] as number] ?? -1;
    if (g >= 0) out[i] = g;
  }
  return { codes: out, values };
}
